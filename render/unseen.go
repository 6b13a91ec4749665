package render

import (
	"fmt"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// An expanded card can show what the model never got, shaded apart from
// what it did: the tail of each line the tool's per-line cap cut, on that
// line's row after the tool's own marker, and the first lines past the
// tool's cap, under the result (reader.ReadUnseen reads them).

// unseenMark leads every piece of text the model did not get, so that it
// reads as such without colour too.
const unseenMark = "░"

// shaded is a result's rows with the cut lines' tails drawn after them.
type shaded struct {
	source
	tails  map[int]string
	longer map[int]bool
	ink    ink
	mark   ink
}

// tail is the tail drawn on row i, if the row shows a cut line's end.
func (s shaded) tail(i int) (string, bool) {
	n, ok := s.lineOf(i)
	if !ok {
		return "", false
	}
	t, ok := s.tails[n]
	return t, ok
}

func (s shaded) cells(i int) int {
	if _, ok := s.tail(i); ok {
		return -1 // drawn to be measured: the tails are few
	}
	return s.source.cells(i)
}

func (s shaded) build(i int) row {
	r := s.source.build(i)
	t, ok := s.tail(i)
	if !ok {
		return r
	}
	n, _ := s.lineOf(i)
	var b strings.Builder
	b.WriteString(r.s)
	b.WriteString(s.ink.paint(unseenMark))
	runs, c := visible(t, 0, agentShow)
	paint(&b, runs, s.ink, s.mark)
	w := r.w + 1 + c // the mark takes one cell
	if s.longer[n] {
		b.WriteString(s.ink.paint("…"))
		w++
	}
	return row{b.String(), w}
}

// unseenRows are the first lines past the tool's cap, each cut to one row
// of width, under a row saying what they are.
func unseenRows(st *theme.Styles, width int, t reader.Truncation, u *reader.Unseen) []string {
	if len(u.Next) == 0 {
		return nil
	}
	first, last := u.Next[0].N, u.Next[len(u.Next)-1].N
	say := fmt.Sprintf("%s not shown to the model: lines %d–%d", unseenMark, first, last)
	if t.TotalKnown {
		say += fmt.Sprintf(" of %d", t.TotalLines)
	}
	if u.More {
		say += fmt.Sprintf(" (the first %d past the cap)", len(u.Next))
	}
	rows := prose(width, sentence{st.Hint, say})
	digits := len(fmt.Sprint(last))
	ink := inkOf(st.Unseen)
	for _, l := range u.Next {
		runs, _ := visible(l.Text, 0, agentShow)
		var b strings.Builder
		b.WriteString(fmt.Sprintf("%s%*d │ ", unseenMark, digits, l.N))
		for _, r := range runs {
			b.WriteString(r.text)
		}
		rows = append(rows, ink.paint(clip(b.String(), width)))
	}
	return rows
}
