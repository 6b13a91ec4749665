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
// cut is said on a warning row in both states.
func Result(st *theme.Styles, width int, r *reader.Result, o Options) string {
	width = max(width, 1)
	if r.IsError {
		// An error is never collapsed or cut: it is all the model got.
		out := fit(textRows(st.ErrorText, r.Output), width, true)
		out = append(out, prose(width, warnings(st, r)...)...)
		return strings.Join(out, "\n")
	}
	var rows []string
	switch {
	case o.View == PrettyView && len(r.Lines) > 0:
		rows = prettyRows(st, r, o.Highlighted)
	default:
		rows = agentRows(st, r)
	}
	for len(rows) > 0 && ansi.Strip(rows[len(rows)-1]) == "" {
		rows = rows[:len(rows)-1]
	}
	hidden := 0
	if !o.Expanded && len(rows) > CollapsedLines {
		hidden = len(rows) - CollapsedLines
		rows = rows[:CollapsedLines]
	}
	out := fit(rows, width, o.Expanded)
	if hidden > 0 {
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

// agentRows are the output's rows, each piece styled by its kind.
func agentRows(st *theme.Styles, r *reader.Result) []string {
	type seg struct {
		kind   reader.PartKind
		text   string
		prefix int
	}
	segs := [][]seg{nil}
	for _, p := range r.Parts {
		for i, l := range strings.Split(p.Text, "\n") {
			if i > 0 {
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
	rows := make([]string, len(segs))
	for i, row := range segs {
		var b strings.Builder
		col := 0
		for j, s := range row {
			if s.prefix > 0 {
				runs, c := visible(s.text[:s.prefix], col, show{})
				b.WriteString(paint(runs, st.Gutter, st.Invisible))
				col = c
			}
			sh := agentShow
			sh.trailing = j == len(row)-1
			runs, c := visible(s.text[s.prefix:], col, sh)
			b.WriteString(paint(runs, partStyle(st, s.kind), st.Invisible))
			col = c
		}
		rows[i] = b.String()
	}
	return rows
}

func partStyle(st *theme.Styles, k reader.PartKind) lipgloss.Style {
	switch k {
	case reader.PartFrame:
		return st.Frame
	case reader.PartCut:
		return st.CutMark
	case reader.PartNotice:
		return st.Notice
	case reader.PartError:
		return st.ErrorText
	case reader.PartMedia:
		return st.MediaLine
	}
	return st.Text
}

// prettyRows are the source lines with a gutter of the tool's line numbers,
// then the tool's notices.
func prettyRows(st *theme.Styles, r *reader.Result, hl []string) []string {
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
	last := r.Lines[len(r.Lines)-1].N
	w := len(strconv.Itoa(last))
	rows := make([]string, 0, len(r.Lines)+len(notices)+1)
	for i, l := range r.Lines {
		text := ""
		if hl != nil && i < len(hl) {
			text = hl[i]
		} else {
			runs, _ := visible(l.Text, 0, prettyShow)
			text = paint(runs, st.Text, st.Invisible)
		}
		if c, ok := cuts[l.N]; ok {
			text += st.CutMark.Render(Plain(c))
		}
		rows = append(rows, st.Gutter.Render(fmt.Sprintf("%*d │ ", w, l.N))+text)
	}
	for _, n := range notices {
		rows = append(rows, "")
		rows = append(rows, textRows(st.Notice, n)...)
	}
	return rows
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
