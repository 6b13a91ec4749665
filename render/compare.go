package render

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"charm.land/lipgloss/v2/table"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/theme"
)

// CompareTable is readlens compare's text form: a heading, then one row
// an agent, worst verdict first, fitted to width. Everything from the file
// system (the path, the tools' messages) goes through render.Plain first.
func CompareTable(path string, rows []*compare.Row, width int) string {
	return DrawCompare(nil, path, rows, width, -1).Text()
}

// ComparedTable is the compare table as drawn, with where each agent's row
// lies in it, for a view that scrolls it and picks rows from it.
type ComparedTable struct {
	Lines []string
	// Head is how many lines head the table and stay in sight: the path,
	// and for a table (not stacked rows) its top border, header and rule.
	Head int
	// Rows are the lines of each agent's row, in the order drawn: Rows[i]
	// is [from, to) of Lines.
	Rows [][2]int
}

// Text is the table as readlens compare prints it.
func (t ComparedTable) Text() string { return strings.Join(t.Lines, "\n") + "\n" }

// DrawCompare draws the compare table with the agent at index selected in
// the drawn order (worst first; -1: none) selected: in the cursor's colour,
// and marked at its left edge (SelectedMark) so that it shows without
// colour too.
func DrawCompare(st *theme.Styles, path string, rows []*compare.Row, width, selected int) ComparedTable {
	sorted := append([]*compare.Row(nil), rows...)
	compare.SortWorstFirst(sorted)
	var size int64 = -1
	for _, r := range rows {
		if r.Size >= 0 {
			size = r.Size
			break
		}
	}
	head := Plain(path)
	if size >= 0 {
		head += " · " + bytesText(size)
	}
	out := ComparedTable{Lines: []string{ansi.Truncate(head, width, "…")}}
	header := []string{"agent", "verdict", "first call", "to read it all", "never shown"}
	cells := [][]string{header}
	for _, r := range sorted {
		cells = append(cells, []string{r.Profile, verdictText(r), firstText(r), planText(r), unseenText(r.Unseen)})
	}
	if !fitTable(cells, width) {
		out.Head = 1
		for r, row := range cells[1:] {
			block := stackedRow(cells[0], row, width)
			for i, l := range block {
				if r == selected {
					l = markSelected(l, width)
					if st != nil {
						l = st.Cursor.Render(l)
					}
				}
				block[i] = l
			}
			out.Rows = append(out.Rows, [2]int{len(out.Lines), len(out.Lines) + len(block)})
			out.Lines = append(out.Lines, block...)
		}
		out.Lines = append(out.Lines, compareNotes(rows, width)...)
		return out
	}
	t := table.New().
		Border(lipgloss.NormalBorder()).
		Headers(cells[0]...).
		Rows(cells[1:]...).
		StyleFunc(func(row, col int) lipgloss.Style {
			s := lipgloss.NewStyle().Padding(0, 1)
			if st != nil && row == selected {
				s = s.Inherit(st.Cursor)
			}
			return s
		})
	out.Head = 4 // the path, the top border, the header, its rule
	at := out.Head
	for _, row := range cells[1:] {
		h := 1
		for _, c := range row {
			h = max(h, strings.Count(c, "\n")+1)
		}
		out.Rows = append(out.Rows, [2]int{at, at + h})
		at += h
	}
	out.Lines = append(out.Lines, strings.Split(t.Render(), "\n")...)
	if selected >= 0 && selected < len(out.Rows) {
		for i := out.Rows[selected][0]; i < out.Rows[selected][1]; i++ {
			out.Lines[i] = markSelected(out.Lines[i], width) // the border is never styled
		}
	}
	out.Lines = append(out.Lines, compareNotes(rows, width)...)
	return out
}

// SelectedMark stands at the left edge of a selected row's lines (the
// compare table's, the audit's findings), on the table's border or the
// row's indent, as the selected card's bar does: a selection that shows
// without colour.
const SelectedMark = "▌"

// markSelected puts SelectedMark at the start of a plain line of the
// selected row, in place of the border or the indent's first space, so
// that no line moves; a stacked row's name line, which starts at the
// edge, goes right.
func markSelected(line string, width int) string {
	for _, edge := range []string{"│", " "} {
		if rest, ok := strings.CutPrefix(line, edge); ok {
			return SelectedMark + rest
		}
	}
	return ansi.Truncate(SelectedMark+line, width, "…")
}

// compareNotes explain the table's marks below it.
func compareNotes(rows []*compare.Row, width int) []string {
	var notes []string
	if len(rows) > 0 && rows[0].Tokens.Tokenizer != "" {
		notes = append(notes, "tok: estimated tokens (cl100k_base; o200k_base for codex)")
	}
	for _, r := range rows {
		if !r.Plan.ModelAsked {
			notes = append(notes, "unasked: the tool names no next call; readlens made the one a model would")
			break
		}
	}
	for i, n := range notes {
		notes[i] = ansi.Truncate(n, width, "…")
	}
	return notes
}

// stackedRow is one agent where the table is too narrow for its columns:
// its name on a line of its own, then each column as "header: cell",
// indented and wrapped to width.
func stackedRow(header, row []string, width int) []string {
	lines := []string{ansi.Truncate(row[0], width, "…")}
	for i := 1; i < len(row); i++ {
		for j, l := range strings.Split(row[i], "\n") {
			if j == 0 {
				l = header[i] + ": " + l
			}
			// Wrapped lines go on under their first, further in.
			for k, w := range strings.Split(ansi.Wrap(l, max(width-4, 1), " "), "\n") {
				indent := "    "
				if j == 0 && k == 0 {
					indent = "  "
				}
				lines = append(lines, ansi.Truncate(indent+w, width, ""))
			}
		}
	}
	return lines
}

// fitTable wraps the cells so that the table is at most width wide: the widest
// column gives up a column at a time, down to its header's width (headers
// are not wrapped); false when it cannot fit even so (the rows are then
// stacked, stackedRows), and the cells are left as they were.
func fitTable(cells [][]string, width int) bool {
	n := len(cells[0])
	frame := n + 1 + 2*n // a border between and around the columns, padding 1 each side
	widths := make([]int, n)
	least := make([]int, n)
	for _, row := range cells {
		for i, c := range row {
			for _, l := range strings.Split(c, "\n") {
				widths[i] = max(widths[i], ansi.StringWidth(l))
			}
		}
	}
	for i, h := range cells[0] {
		least[i] = max(ansi.StringWidth(h), 6)
	}
	for total := frame + sum(widths); total > width; total-- {
		widest := -1
		for i := range widths {
			if widths[i] > least[i] && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			return false
		}
		widths[widest]--
	}
	for _, row := range cells[1:] {
		for i := range row {
			row[i] = ansi.Wrap(row[i], widths[i], " ")
		}
	}
	return true
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func verdictText(r *compare.Row) string {
	switch {
	case r.Cap != "":
		return string(r.Verdict) + ": " + r.Cap
	case r.Reason != "":
		return string(r.Verdict) + ": " + r.Reason
	}
	return string(r.Verdict)
}

// messageWidth bounds a tool's message in the table: its first line is
// whole in --json.
const messageWidth = 60

// firstText is what the first call shows; for a refusal or an error, the
// tool's own first line, quoted (or readlens's note, which is not).
func firstText(r *compare.Row) string {
	c := r.First
	var parts []string
	if c.LastLine > 0 {
		lines := span(c.FirstLine, c.LastLine)
		if c.Resumes > 0 {
			lines += ", " + span(c.Resumes, c.Ends)
		}
		if c.TotalKnown {
			lines += " of " + Thousands(c.TotalLines)
		}
		parts = append(parts, lines)
	}
	switch {
	case r.Message != "":
		parts = append(parts, "“"+ansi.Truncate(Plain(r.Message), messageWidth, "…")+"”")
	case r.Note != "" && r.Verdict == compare.Error:
		parts = append(parts, "readlens: "+ansi.Truncate(Plain(r.Note), messageWidth, "…"))
	}
	if r.Reason != compare.ReasonNoAnswer { // no answer has no size
		parts = append(parts, sizeText(r, c.Bytes, c.Tokens))
	}
	for _, a := range r.Images {
		parts = append(parts, imageText(a))
	}
	return strings.Join(parts, "\n")
}

// imageText is what an image becomes for the model: "image: 2000×1333
// image/jpeg ≈474.7 KB, from 2400×1600 11.5 MB"; ≈ marks readlens's
// encoding of what the tool sends.
func imageText(a reader.Attachment) string {
	s := "image: "
	if a.Width > 0 {
		s += fmt.Sprintf("%d×%d ", a.Width, a.Height)
	}
	s += a.Mime
	switch {
	case a.Reencoded && a.Size == 0:
		s += " (size unknown)"
	case a.Reencoded:
		s += " ≈" + bytesText(a.Size)
	default:
		s += " " + bytesText(a.Size)
	}
	if o := a.Original; o != nil {
		s += fmt.Sprintf(", from %d×%d %s", o.Width, o.Height, bytesText(o.Size))
	} else {
		s += ", the file as it is"
	}
	return s
}

// planEnds says, in readlens's words, why a plan stopped short.
var planEnds = map[string]string{
	compare.EndNoNext:     "stops: the tool names no next call",
	compare.EndNoProgress: "stops: a call showed nothing new",
	compare.EndError:      "stops: a call failed",
	compare.EndChanged:    "stops: the file changed",
	compare.EndLimit:      "stops: readlens's limit on calls",
}

func planText(r *compare.Row) string {
	p := r.Plan
	if r.Verdict == compare.Refused || r.Verdict == compare.Error {
		return "—"
	}
	calls := Thousands(len(p.Calls)) + " " + Plural(len(p.Calls), "call")
	if !p.ModelAsked {
		calls += " (unasked)"
	}
	lines := []string{calls, sizeText(r, p.Bytes, p.Tokens)}
	if p.End != compare.EndLastLine {
		lines = append(lines, planEnds[p.End])
	}
	return strings.Join(lines, "\n")
}

// sizeText is an output's bytes, and its tokens when they were counted.
func sizeText(r *compare.Row, bytes, tokens int) string {
	if r.Tokens.Tokenizer == "" {
		return bytesText(int64(bytes))
	}
	return bytesText(int64(bytes)) + ", " + Thousands(tokens) + " tok"
}

func unseenText(u compare.Unseen) string {
	var parts []string
	if u.LinesCut > 0 {
		parts = append(parts, fmt.Sprintf("%s %s cut: %s chars", Thousands(u.LinesCut), Plural(u.LinesCut, "line"), Thousands(int(u.CharsLost))))
	}
	if u.CRLFToLF > 0 {
		parts = append(parts, fmt.Sprintf("%s CRLF as LF", Thousands(u.CRLFToLF)))
	}
	if u.BytesReplaced > 0 {
		parts = append(parts, fmt.Sprintf("%s %s as U+FFFD", Thousands(u.BytesReplaced), Plural(u.BytesReplaced, "byte")))
	}
	if u.BOMBytes > 0 {
		parts = append(parts, fmt.Sprintf("BOM dropped (%d bytes)", u.BOMBytes))
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, "\n")
}

// Thousands writes n with thousands separators: 25,000.
func Thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + Thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// bytesText is a size as people read it: 812 B, 29.9 KB, 104.9 MB (1000s).
func bytesText(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
