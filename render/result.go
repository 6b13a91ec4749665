package render

import (
	"fmt"
	"strconv"
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
}

// Result draws a result in rows of at most width cells: a collapsed result
// shows its first lines and says how many more there are; whatever the tool
// cut is said on a warning row in both states. Only the rows shown are
// built: a collapsed card of a 2000-line result styles ten.
func Result(st *theme.Styles, width int, r *reader.Result, o Options) string {
	width = max(width, 1)
	if r.IsError {
		// An error is never collapsed or cut: it is all the model got.
		out := fit(textRows(st.ErrorText, r.Output), width, true)
		out = append(out, prose(width, warnings(st, r)...)...)
		return strings.Join(out, "\n")
	}
	limit := -1
	if !o.Expanded {
		limit = CollapsedLines
	}
	var rows []row
	var total int
	if o.View == PrettyView && len(r.Lines) > 0 {
		rows, total = prettyRows(st, r, o.Highlighted, limit)
	} else {
		rows, total = agentRows(st, r, limit)
	}
	out := fitRows(rows, width, o.Expanded)
	if hidden := total - len(rows); hidden > 0 {
		key := o.ExpandKey
		if key == "" {
			key = "ctrl+e"
		}
		out = append(out, prose(width, sentence{st.Hint, fmt.Sprintf("... (%d more lines, %s to expand)", hidden, key)})...)
	}
	// What the tool left out, attachments and readlens's notes are never
	// cut: they wrap at any width.
	for _, a := range r.Attachments {
		out = append(out, prose(width, sentence{st.MediaLine, mediaLine(a)})...)
	}
	out = append(out, prose(width, warnings(st, r)...)...)
	if r.Note != "" {
		out = append(out, prose(width, sentence{st.Note, "readlens: " + Plain(r.Note)})...)
	}
	return strings.Join(out, "\n")
}

// agentRows are the output's rows, each piece styled by its kind, up to
// limit rows (all when negative), and how many rows there are in all once
// trailing empty ones are dropped, as the agents' TUIs drop them.
func agentRows(st *theme.Styles, r *reader.Result, limit int) ([]row, int) {
	total := 0
	if t := strings.TrimRight(r.Output, "\n"); t != "" {
		total = strings.Count(t, "\n") + 1
	}
	if limit < 0 || limit > total {
		limit = total
	}
	type seg struct {
		kind   reader.PartKind
		text   string
		prefix int
	}
	segs := [][]seg{nil}
parts:
	for _, p := range r.Parts {
		for i, l := range strings.Split(p.Text, "\n") {
			if i > 0 {
				if len(segs) == limit {
					break parts
				}
				segs = append(segs, nil)
			}
			if l == "" {
				continue
			}
			prefix := 0
			if p.Kind == reader.PartLine && i == 0 {
				prefix = min(p.Prefix, len(l))
			}
			segs[len(segs)-1] = append(segs[len(segs)-1], seg{p.Kind, l, prefix})
		}
	}
	pal := paletteOf(st)
	rows := make([]row, 0, limit)
	for _, segRow := range segs[:min(limit, len(segs))] {
		var b strings.Builder
		col := 0
		for j, s := range segRow {
			if s.prefix > 0 {
				runs, c := visible(s.text[:s.prefix], col, show{})
				paint(&b, runs, pal.gutter, pal.invisible)
				col = c
			}
			sh := agentShow
			sh.trailing = j == len(segRow)-1
			runs, c := visible(s.text[s.prefix:], col, sh)
			paint(&b, runs, pal.part(s.kind), pal.invisible)
			col = c
		}
		rows = append(rows, row{b.String(), col})
	}
	return rows, total
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

// prettyRows are the source lines with a gutter of the tool's line numbers,
// then the tool's notices, up to limit rows, and how many there are in all.
func prettyRows(st *theme.Styles, r *reader.Result, hl []string, limit int) ([]row, int) {
	cuts := map[int]string{}
	var notices []string
	for _, p := range r.Parts {
		switch p.Kind {
		case reader.PartCut:
			cuts[p.Line] = p.Text
		case reader.PartNotice:
			notices = append(notices, strings.Trim(p.Text, "\n"))
		}
	}
	total := len(r.Lines)
	for _, n := range notices {
		total += 1 + strings.Count(n, "\n") + 1
	}
	if limit < 0 || limit > total {
		limit = total
	}
	pal := paletteOf(st)
	w := len(strconv.Itoa(r.Lines[len(r.Lines)-1].N))
	rows := make([]row, 0, limit)
	for i, l := range r.Lines {
		if len(rows) == limit {
			return rows, total
		}
		var b strings.Builder
		b.WriteString(pal.gutter.paint(fmt.Sprintf("%*d │ ", w, l.N)))
		runs, cells := visible(l.Text, 0, prettyShow)
		if hl != nil && i < len(hl) {
			b.WriteString(hl[i])
		} else {
			paint(&b, runs, pal.text, pal.invisible)
		}
		if c, ok := cuts[l.N]; ok {
			b.WriteString(pal.cut.paint(Plain(c)))
			cells += ansi.StringWidth(Plain(c))
		}
		rows = append(rows, row{b.String(), w + 3 + cells})
	}
	for _, n := range notices {
		rows = append(rows, row{})
		for _, t := range textRows(st.Notice, n) {
			rows = append(rows, row{t, ansi.StringWidth(t)})
		}
	}
	return rows[:min(limit, len(rows))], total
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

func mediaLine(a reader.Attachment) string {
	s := "▣ " + a.Mime + " · " + Size(a.Size)
	if a.Width > 0 {
		s += fmt.Sprintf(" · %d×%d", a.Width, a.Height)
	}
	return s
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
