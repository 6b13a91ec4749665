package render

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// View is how a result's text is shown.
type View int

const (
	// AgentView is the exact text the model receives, invisible characters
	// made visible.
	AgentView View = iota
	// PrettyView is the source lines, highlighted, numbered as the tool
	// numbered them; notices keep their place after them.
	PrettyView
)

func (v View) String() string {
	if v == PrettyView {
		return "pretty"
	}
	return "agent"
}

// CollapsedLines is how many lines a collapsed result shows.
const CollapsedLines = 10

// Options say how a result is drawn.
type Options struct {
	Expanded bool
	View     View
	// Highlighted holds the result's source lines already highlighted, one
	// per reader.Result.Lines entry; nil draws them plain, which is what the
	// first frame does while colour is computed off the UI loop.
	Highlighted []string
	ExpandKey   string // named in the collapsed hint; "ctrl+e" when empty
	// Measure is the result's Measured, when made: it spares NewBody a pass
	// over the whole output. Nil, or another result's, is measured anew.
	Measure *Measure
	// Depth is the colours pictures are drawn in (Attachment.Pixels).
	Depth Depth
	// Unseen, on an expanded card, is what the tool left out of the file:
	// drawn shaded, the cut lines' tails on their rows and the first lines
	// past the cap under the result.
	Unseen *reader.Unseen
	// Graphics is the image protocol pictures are drawn with; kitty's
	// only at TrueColor depth.
	Graphics Graphics
}

// Result draws a result in rows of at most width cells: a collapsed result
// shows its first lines and says how many more there are; whatever the tool
// cut is said on a warning row in both states. Only the rows shown are
// built: a collapsed card of a 2000-line result styles ten (see Body, which
// builds any rows of it alone).
func Result(st *theme.Styles, width int, r *reader.Result, o Options) string {
	return NewBody(st, width, r, o).String()
}

// row is a styled row and the cells it takes, known when it was built.
type row struct {
	s string
	w int
}

func (p *palette) part(k reader.PartKind) ink {
	switch k {
	case reader.PartFrame:
		return p.frame
	case reader.PartCut:
		return p.cut
	case reader.PartNotice:
		return p.notice
	case reader.PartError:
		return p.err
	case reader.PartMedia:
		return p.media
	}
	return p.text
}

// textRows are s's lines, made safe and styled.
func textRows(style lipgloss.Style, s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = style.Render(Plain(l))
	}
	return lines
}

// prose wraps readlens's own sentences on word boundaries, then styles
// every row, so a wrapped sentence keeps its colour.
func prose(width int, ss ...sentence) []string {
	var out []string
	for _, s := range ss {
		for _, row := range strings.Split(ansi.Wrap(s.text, width, ""), "\n") {
			// Word wrapping can leave a hyphenated fragment too wide at tiny widths.
			for _, r := range strings.Split(ansi.Hardwrap(row, width, true), "\n") {
				out = append(out, s.style.Render(clip(r, width)))
			}
		}
	}
	return out
}

// fit makes every row at most width cells: wrapped when expanded (nothing
// is hidden), cut with an ellipsis when collapsed.
func fit(rows []string, width int, wrap bool) []string {
	out := make([]string, 0, len(rows))
	for _, row := range rows {
		if ansi.StringWidth(row) <= width {
			out = append(out, row)
			continue
		}
		if !wrap {
			out = append(out, ansi.Truncate(row, width, "…"))
			continue
		}
		for _, r := range strings.Split(ansi.Hardwrap(row, width, true), "\n") {
			out = append(out, clip(r, width))
		}
	}
	return out
}

// fitRows is fit for rows whose widths are known: only the too-wide ones
// are measured again.
func fitRows(rows []row, width int, wrap bool) []string {
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		if r.w <= width {
			out = append(out, r.s)
			continue
		}
		out = append(out, fit([]string{r.s}, width, wrap)...)
	}
	return out
}

// clip drops what wrapping could not fit: a double-width character in a
// single cell.
func clip(row string, width int) string {
	if ansi.StringWidth(row) <= width {
		return row
	}
	return ansi.Truncate(row, width, "")
}

// Size is a byte count for people.
func Size(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/1024)
	case n < 1<<30:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
}
