package render

import (
	"fmt"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// Picture rows: a collapsed card holds its pictures to a few rows; an
// expanded one lets a picture be as tall as the card is wide (in pixels).
const (
	CollapsedPictureRows = 12
	minExpandedRows      = 24
)

// media adds what a result's attachments are: for each, the picture the
// model receives (when the read kept its pixels) and a line saying what it
// is; then the text the agent sends after the result (Claude Code's note
// on a resized image), which the model reads after the picture.
func (b *Body) media(st *theme.Styles, r *reader.Result, o Options) {
	rows := CollapsedPictureRows
	if o.Expanded {
		rows = max(minExpandedRows, b.width/2)
	}
	for _, a := range r.Attachments {
		if a.Pixels != nil && b.width >= 2 {
			pic := NewPicture(a.Pixels, b.width, rows, o.Depth)
			if o.Graphics != Kitty || o.Depth == TrueColor { // a kitty image is named by a 24-bit colour
				pic.graphics = o.Graphics
			}
			b.tail.addPicture(pic)
		}
		b.tail.add(prose(b.width, sentence{st.MediaLine, mediaLine(a)})...)
	}
	if r.After != "" {
		b.tail.add(textRows(st.Notice, r.After)...)
	}
}

// mediaLine describes an attachment: what the file was, when the tool
// changed it, then what the model receives. "≈" marks a size that is
// readlens's encoding of what the tool sends (Attachment.Reencoded).
func mediaLine(a reader.Attachment) string {
	s := "▣ "
	if o := a.Original; o != nil {
		s += fmt.Sprintf("%d×%d · %s → ", o.Width, o.Height, Size(o.Size))
	}
	if a.Width > 0 {
		s += fmt.Sprintf("%d×%d · ", a.Width, a.Height)
	}
	s += a.Mime
	switch {
	case a.Reencoded && a.Size == 0:
		s += " · size unknown"
	case a.Reencoded:
		s += " · ≈" + Size(a.Size)
	default:
		s += " · " + Size(a.Size)
	}
	if r := a.Reference; r != nil {
		s += " (the agent's, recorded: " + Size(r.Size) + ")"
	}
	return s
}

// tail is the rows after a body's source rows: rows built when the body
// is indexed, and pictures, whose rows are built only when asked for.
type tail struct {
	parts []tailPart
	n     int
}

type tailPart struct {
	rows []string
	pic  *Picture
}

func (p tailPart) len() int {
	if p.pic != nil {
		return p.pic.Len()
	}
	return len(p.rows)
}

func (t *tail) add(rows ...string) {
	if len(rows) == 0 {
		return
	}
	if k := len(t.parts); k > 0 && t.parts[k-1].pic == nil {
		t.parts[k-1].rows = append(t.parts[k-1].rows, rows...)
	} else {
		t.parts = append(t.parts, tailPart{rows: rows})
	}
	t.n += len(rows)
}

func (t *tail) addPicture(p *Picture) {
	t.parts = append(t.parts, tailPart{pic: p})
	t.n += p.Len()
}

func (t *tail) len() int { return t.n }

// Placed is a picture and where its top left cell is: the row among the
// rows it is drawn with, and the column.
type Placed struct {
	Row, Col int
	Picture  *Picture
}

// Pictures are the body's pictures and the rows they start at.
func (b *Body) Pictures() []Placed {
	var out []Placed
	at := b.rows
	for _, p := range b.tail.parts {
		if p.pic != nil {
			out = append(out, Placed{Row: at, Picture: p.pic})
		}
		at += p.len()
	}
	return out
}

// rows builds rows from (inclusive) to to (exclusive).
func (t *tail) rows(from, to int) []string {
	var out []string
	at := 0
	for _, p := range t.parts {
		n := p.len()
		lo, hi := max(from-at, 0), min(to-at, n)
		for i := lo; i < hi; i++ {
			if p.pic != nil {
				out = append(out, p.pic.Row(i))
			} else {
				out = append(out, p.rows[i])
			}
		}
		at += n
		if at >= to {
			break
		}
	}
	return out
}
