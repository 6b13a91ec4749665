package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// TestTableWindow: with room for fewer lines than the compare table has,
// the selected agent's lines stay in sight under the table's head, both as
// a table and where the terminal is too narrow for one and the rows are
// stacked.
func TestTableWindow(t *testing.T) {
	var rows []*compare.Row
	for _, name := range []string{"opencode", "pi", "claude-code", "codex", "crush"} {
		rows = append(rows, &compare.Row{Profile: name, Verdict: compare.Whole, Size: 10,
			First: compare.Call{FirstLine: 1, LastLine: 3, TotalLines: 3, TotalKnown: true, Bytes: 40}})
	}
	st := theme.New(true)
	for _, width := range []int{100, 24} {
		for sel, r := range rows {
			lines := strings.Split(strings.TrimSuffix(render.CompareTable(st, "/p.txt", rows, width, sel), "\n"), "\n")
			if len(lines) <= 9 {
				t.Fatalf("width %d: the table is only %d lines", width, len(lines))
			}
			got := tableWindow(lines, 9, r.Profile)
			if len(got) != 9 {
				t.Fatalf("width %d, %s: %d lines, want 9", width, r.Profile, len(got))
			}
			plain := ansi.Strip(strings.Join(got, "\n"))
			if !strings.Contains(plain, "\n"+r.Profile+"\n") && !strings.Contains(plain, "│ "+r.Profile+" ") {
				t.Errorf("width %d: %s is out of sight:\n%s", width, r.Profile, plain)
			}
		}
	}
}
