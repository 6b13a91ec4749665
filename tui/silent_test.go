package tui

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/internal/oracle"
)

// TestContinueASilentCut: n on a card the tool cut without a word makes
// the call a model would make next, and says the tool did not ask for it
// (issue 11, defect 4: n said "nothing to continue").
func TestContinueASilentCut(t *testing.T) {
	root := filepath.Join(oracle.Testdata(), "fixtures")
	m := New(Options{Cwd: root, Worktree: root, Dir: root, Reads: []Read{{Profile: "codex", Path: filepath.Join(root, "lines_3000.txt")}}})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	press(m, "n")
	if len(m.tr.cards) != 2 || m.tr.sel != 1 {
		t.Fatalf("%d cards, card %d selected; want the next call beside the first (status %q)", len(m.tr.cards), m.tr.sel, m.status)
	}
	c := m.tr.cards[1]
	if c.profile != "codex" || c.offset == nil || *c.offset != 2001 || !strings.Contains(string(c.args), `"offset":2001`) {
		t.Fatalf("next call %s %s", c.profile, c.args)
	}
	if want := "the tool did not ask for this call: offset=2001 is what a model would read next"; m.status != want {
		t.Fatalf("status %q, want %q", m.status, want)
	}
	if c.res == nil || c.res.Truncation.FirstLine != 2001 || c.res.Truncation.LastLine != 3000 {
		t.Fatalf("the next call read %+v", c.res)
	}
}
