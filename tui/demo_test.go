package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestDemoOpensAtTheTop: the demo opens on its first card, scrolled to the
// top, so a newcomer's first ctrl+e expands the long Go file (issue 11,
// defect 2: it opened at the bottom with the image card selected, where
// ctrl+e, enter and down changed nothing).
func TestDemoOpensAtTheTop(t *testing.T) {
	m := New(Demo())
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	if m.tr.sel != 0 || m.tr.top != 0 {
		t.Fatalf("selected card %d, top row %d; want the first card at the top", m.tr.sel, m.tr.top)
	}
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, "src/server.go") {
		t.Fatalf("the first screen does not show the first card:\n%s", screen)
	}
	press(m, "ctrl+e")
	if c := m.tr.cards[0]; !c.expanded || !strings.HasSuffix(c.path, "src/server.go") {
		t.Fatalf("the first ctrl+e expanded card %q: %v", c.path, c.expanded)
	}
}

// TestEndOfAnExpandedCard: G shows the end of the last card, footer and
// warning included (issue 11, defect 11: G went to the card's top and the
// footer of a 2000-line card took 43 pgdn).
func TestEndOfAnExpandedCard(t *testing.T) {
	o := Demo()
	o.Reads = o.Reads[:1]
	m := New(o)
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	for _, k := range []string{"G", "end"} {
		press(m, "g", "ctrl+e", k)
		rows := strings.Split(ansi.Strip(m.View().Content), "\n")
		if got := strings.Join(rows[len(rows)-6:], "\n"); !strings.Contains(got, "line cap: the tool showed lines 1–2000 of 2709") {
			t.Fatalf("%s: the last rows are not the card's end:\n%s", k, got)
		}
		press(m, "ctrl+e")
	}
}
