package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// TestTableWindow: with room for fewer lines than the compare table has,
// the selected agent's lines stay in sight under the table's head, marked
// "›" (which shows without colour), at every width: a table whose names
// wrap in their column, and where the terminal is too narrow for a table
// and the rows are stacked. The last row brings the table's end and its
// notes into sight.
func TestTableWindow(t *testing.T) {
	c := &comparison{path: "/p.txt"}
	for _, name := range []string{"opencode", "pi", "claude-code", "codex", "opencode-legacy", "crush"} {
		c.rows = append(c.rows, &compare.Row{Profile: name, Verdict: compare.Whole, Size: 10,
			First:  compare.Call{FirstLine: 1, LastLine: 3, TotalLines: 3, TotalKnown: true, Bytes: 40},
			Tokens: compare.TokenMethod{Tokenizer: "cl100k_base"}})
	}
	c.asked = len(c.rows)
	st := theme.New(true)
	for width := 20; width <= 120; width++ {
		for sel, r := range c.rows {
			c.sel = sel
			full, _ := c.window(st, width, 1000, render.Mono)
			lines, at := c.window(st, width, 9, render.Mono)
			if len(full) <= 9 {
				t.Fatalf("width %d: the table is only %d lines", width, len(full))
			}
			if len(lines) != 9 || len(at) != 9 {
				t.Fatalf("width %d, %s: %d lines, want 9", width, r.Profile, len(lines))
			}
			plain := ansi.Strip(strings.Join(lines, "\n"))
			if !slices.Contains(at, sel) || !strings.Contains(plain, "▌") {
				t.Errorf("width %d: %s is out of sight:\n%s", width, r.Profile, plain)
			}
			drawn := render.DrawCompare(st, c.path, c.rows, width, sel)
			last := sel == len(c.rows)-1 && drawn.Head+len(drawn.Lines)-drawn.Rows[sel][0] <= 9
			if last && lines[8] != full[len(full)-1] {
				t.Errorf("width %d: the last row selected, the table's end is out of sight:\n%s", width, plain)
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

// TestCompareMouse: over the compare view the wheel moves the selection
// and a click selects the row under it, a second click opening that
// agent's card, whose tab the header then shows; a click outside the
// table leaves the view, so that nothing acts on the cards hidden under
// it (issue 12's view; a click used to expand a card behind the table and
// leave the view on screen without its keys).
func TestCompareMouse(t *testing.T) {
	m := demo(t, 160, 50)
	press(m, "g", "c")
	l := m.layout()
	drive(m, tea.MouseWheelMsg{X: l.cardX + 10, Y: 10, Button: tea.MouseWheelDown})
	if m.cmp.sel != 1 {
		t.Fatalf("wheel down: row %d selected, want 1", m.cmp.sel)
	}
	_, at := m.cmp.window(m.st, l.cardW, l.bodyHeight, m.depth)
	y := slices.Index(at, 3)
	agent := m.cmp.rows[3].Profile
	n := len(m.tr.cards)
	expanded := m.tr.cards[0].expanded
	drive(m, tea.MouseClickMsg{X: l.cardX + 10, Y: l.bodyTop + y + 1, Button: tea.MouseLeft})
	if m.cmp == nil || m.cmp.sel != 3 || m.focus != focusCompare || m.tr.cards[0].expanded != expanded {
		t.Fatalf("a click on %s's row: view %v, focus %v, the card behind expanded %v", agent, m.cmp != nil, m.focus, m.tr.cards[0].expanded)
	}
	drive(m, tea.MouseClickMsg{X: l.cardX + 10, Y: l.bodyTop + y, Button: tea.MouseLeft})
	if m.cmp != nil || m.focus != focusTranscript || len(m.tr.cards) != n+1 || m.tr.selected().profile != agent {
		t.Fatalf("a second click: view %v, focus %v, %d cards", m.cmp != nil, m.focus, len(m.tr.cards))
	}
	if m.current() != agent {
		t.Errorf("the header's agent is %s, want %s (p would ask the wrong one next)", m.current(), agent)
	}
	press(m, "c")
	drive(m, tea.MouseClickMsg{X: 2, Y: l.bodyTop + 3, Button: tea.MouseLeft})
	if m.cmp != nil || m.focus != focusPicker || len(m.tr.cards) != n+1 {
		t.Fatalf("a click in the picker: view %v, focus %v, %d cards", m.cmp != nil, m.focus, len(m.tr.cards))
	}
	if strings.Contains(screen(m), "to read it all") {
		t.Errorf("the table is still drawn:\n%s", screen(m))
	}
}

// TestCompareBack: esc leaves the compare view for where it was opened
// from: the picker (alt+c) or the cards (c).
func TestCompareBack(t *testing.T) {
	m := demo(t, 160, 50)
	press(m, "tab")
	typeText(m, "READ")
	drive(m, tea.KeyPressMsg{Code: 'c', Mod: tea.ModAlt})
	press(m, "esc")
	if m.cmp != nil || m.focus != focusPicker {
		t.Fatalf("esc after alt+c: view %v, focus %v", m.cmp != nil, m.focus)
	}
	press(m, "esc", "esc") // the filter cleared, then to the cards
	if m.focus != focusTranscript {
		t.Fatalf("esc, esc in the picker: focus %v", m.focus)
	}
	press(m, "c", "esc")
	if m.cmp != nil || m.focus != focusTranscript {
		t.Fatalf("esc after c: view %v, focus %v", m.cmp != nil, m.focus)
	}
}

// TestCompareNoImages: with i (a model that takes no images), the compare
// view asks the agents as the cards do: Cline refuses the image there too.
func TestCompareNoImages(t *testing.T) {
	m, _ := imageInspector(t, render.HalfBlocks, false)
	press(m, "c")
	if r := compareRow(t, m, "cline"); r.Verdict != compare.Whole {
		t.Fatalf("cline, a model taking images: %s", r.Verdict)
	}
	press(m, "esc", "i", "c")
	if r := compareRow(t, m, "cline"); r.Verdict != compare.Refused || len(r.Images) != 0 {
		t.Fatalf("cline, a model taking no images: %s, %d images", r.Verdict, len(r.Images))
	}
}

func compareRow(t *testing.T, m *Model, profile string) *compare.Row {
	t.Helper()
	if m.cmp == nil || len(m.cmp.rows) != len(m.profiles) {
		t.Fatalf("compare view: %+v", m.cmp)
	}
	for _, r := range m.cmp.rows {
		if r.Profile == profile {
			return r
		}
	}
	t.Fatalf("no row for %s", profile)
	return nil
}
