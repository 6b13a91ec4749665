package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/theme"
)

// TestDrawCompareRows: at every width, as a table whose names wrap and as
// stacked rows, each agent's span holds exactly its lines: the spans tile
// the table below its head, each starts where its agent's name does, and
// only the selected one carries the mark, on every line of it. Unselected,
// the text is readlens compare's.
func TestDrawCompareRows(t *testing.T) {
	names := []string{"opencode", "pi", "claude-code", "opencode-legacy", "crush"}
	var rows []*compare.Row
	for i, n := range names {
		r := &compare.Row{Profile: n, Verdict: compare.Whole, Size: 10,
			First: compare.Call{FirstLine: 1, LastLine: 3, TotalLines: 3, TotalKnown: true, Bytes: 40},
			Plan:  compare.Plan{ModelAsked: i != 1}}
		if i == 2 {
			r.Verdict, r.Message = compare.Error, "a long error message that has to wrap in its column"
		}
		rows = append(rows, r)
	}
	sorted := append([]*compare.Row(nil), rows...)
	compare.SortWorstFirst(sorted)
	st := theme.New(false)
	for width := 16; width <= 160; width++ {
		if got, want := DrawCompare(nil, "/p.txt", rows, width, -1).Text(), CompareTable("/p.txt", rows, width); got != want {
			t.Fatalf("width %d: drawn unselected is not compare's text:\n%s\n%s", width, got, want)
		}
		for sel := range sorted {
			d := DrawCompare(st, "/p.txt", rows, width, sel)
			at := d.Head
			for i, span := range d.Rows {
				if span[0] != at || span[1] <= span[0] {
					t.Fatalf("width %d: row %d spans %v, want from %d", width, i, span, at)
				}
				at = span[1]
				first := ansi.Strip(d.Lines[span[0]])
				name := sorted[i].Profile[:min(len(sorted[i].Profile), 4)]
				if !strings.Contains(first, name) {
					t.Errorf("width %d: row %d (%s) starts at %q", width, i, sorted[i].Profile, first)
				}
				for _, l := range d.Lines[span[0]:span[1]] {
					if marked := strings.HasPrefix(ansi.Strip(l), "▌"); marked != (i == sel) {
						t.Errorf("width %d, %d selected: row %d marked %v: %q", width, sel, i, marked, ansi.Strip(l))
					}
					if w := ansi.StringWidth(l); w > width {
						t.Errorf("width %d: a line %d wide", width, w)
					}
				}
			}
			if stacked := d.Head == 1; !stacked && !strings.HasPrefix(ansi.Strip(d.Lines[at]), "└") {
				t.Errorf("width %d: after the rows comes %q, not the table's end", width, ansi.Strip(d.Lines[at]))
			}
		}
	}
}
