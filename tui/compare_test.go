package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
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

// TestCompareRowsInAnyOrder: agents answer in whatever order their reads
// end; the view orders them as readlens compare does (worst first, then
// the profiles' order). The selection is the top row until the user moves
// it, and then stays on the agent chosen while rows arrive above it, so
// that enter opens that agent's card.
func TestCompareRowsInAnyOrder(t *testing.T) {
	profiles := []string{"opencode", "pi", "claude-code", "codex", "crush"}
	verdicts := []compare.Verdict{compare.Cut, compare.Whole, compare.Refused, compare.Cut, compare.Error}
	want := []string{"crush", "claude-code", "opencode", "codex", "pi"}
	m := &Model{keys: DefaultKeyMap()}
	for _, arrival := range [][]int{{0, 1, 2, 3, 4}, {4, 3, 2, 1, 0}, {1, 3, 0, 4, 2}} {
		for _, move := range []bool{false, true} {
			c := &comparison{answered: make([]*compare.Row, len(profiles)), asked: len(profiles)}
			m.cmp = c
			chosen := ""
			for n, i := range arrival {
				c.add(i, &compare.Row{Profile: profiles[i], Verdict: verdicts[i]})
				if move && n == 1 {
					m.compareKey(tea.KeyPressMsg{Code: tea.KeyDown})
					m.compareKey(tea.KeyPressMsg{Code: tea.KeyUp})
					chosen = c.rows[c.sel].Profile
				}
			}
			var got []string
			for _, r := range c.rows {
				got = append(got, r.Profile)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("arrival %v: rows %v, want %v", arrival, got, want)
			}
			if !move {
				chosen = want[0]
			}
			if c.rows[c.sel].Profile != chosen {
				t.Errorf("arrival %v, moved %v: %s selected, want %s", arrival, move, c.rows[c.sel].Profile, chosen)
			}
		}
	}
}
