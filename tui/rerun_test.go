package tui

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestRerunAndReopen: r reads the selected card's call again in place (the
// file changed), x then u puts a closed card back where it stood (issue
// 11: what a developer debugging truncation expects).
func TestRerunAndReopen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("before\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := New(Options{Cwd: dir, Worktree: dir, Dir: dir, Reads: []Read{{Profile: "pi", Path: path}, {Profile: "opencode", Path: path}}})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	if err := os.WriteFile(path, []byte("after\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	press(m, "r")
	if len(m.tr.cards) != 2 || m.tr.sel != 0 || m.tr.cards[0].res == nil || m.tr.cards[0].res.Output != "after\n" {
		t.Fatalf("after r: %d cards, card %d selected, output %q", len(m.tr.cards), m.tr.sel, m.tr.cards[0].res.Output)
	}
	first := m.tr.cards[0]
	press(m, "x")
	if len(m.tr.cards) != 1 || m.tr.cards[0].profile != "opencode" {
		t.Fatalf("after x: %d cards", len(m.tr.cards))
	}
	press(m, "u")
	if len(m.tr.cards) != 2 || m.tr.cards[0] != first || m.tr.sel != 0 || m.current() != "pi" {
		t.Fatalf("after u: %d cards, the first is the closed one: %v, selected %d, agent %s", len(m.tr.cards), m.tr.cards[0] == first, m.tr.sel, m.current())
	}
	press(m, "u")
	if m.status != "no closed card to reopen" {
		t.Fatalf("status %q", m.status)
	}
}
