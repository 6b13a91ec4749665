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
