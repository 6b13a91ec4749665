package tui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/internal/oracle"
)

// fixtureModel is the inspector on the fixtures with one card read by
// profile.
func fixtureModel(t *testing.T, profile, name string) *Model {
	t.Helper()
	root := filepath.Join(oracle.Testdata(), "fixtures")
	m := New(Options{Cwd: root, Worktree: root, Dir: root, Reads: []Read{{Profile: profile, Path: filepath.Join(root, name)}}})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 160, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	return m
}

// TestFormSpeaksTheToolsNames: the o form edits the tool's own parameters
// and says what is wrong with what was typed (issue 11, defect 13: it said
// offset/limit for gemini-cli, dropped letters silently, called a 23-digit
// number "not a whole number", and was 7 characters wide).
func TestFormSpeaksTheToolsNames(t *testing.T) {
	m := fixtureModel(t, "gemini-cli", "lines_3000.txt")
	press(m, "o")
	if m.form == nil || m.form.names != [2]string{"start_line", "end_line"} {
		t.Fatalf("form %+v", m.form)
	}
	typeText(m, "5x")
	if want := `start_line takes a whole number: "x" is not a digit`; m.form.err != want {
		t.Errorf("error %q, want %q", m.form.err, want)
	}
	if row := ansi.Strip(m.form.view(m.st, 200)); !strings.Contains(row, "start_line [5 ") || !strings.Contains(row, "is not a digit") {
		t.Errorf("form row %q", row)
	}
	press(m, "tab")
	typeText(m, "12345678901234567890123")
	press(m, "enter")
	if want := "end_line 12345678901234567890123 is too large for a line number"; m.form == nil || m.form.err != want {
		t.Fatalf("after enter: form %+v, want error %q", m.form, want)
	}
	for range 23 {
		press(m, "backspace")
	}
	typeText(m, "9")
	press(m, "enter")
	c := m.tr.selected()
	if m.form != nil || m.tr.sel != 1 || !strings.HasSuffix(string(c.args), `"start_line":5,"end_line":9}`) {
		t.Fatalf("new call %s (card %d)", c.args, m.tr.sel)
	}
	if c.res == nil || c.res.Truncation.FirstLine != 5 || c.res.Truncation.LastLine != 9 {
		t.Fatalf("read %+v", c.res)
	}
}

// TestGoToLineAfterAMiddleCut: `:` reaches a line of the tail codex's
// harness keeps, and for a line of the middle it cut names both parts the
// model saw.
func TestGoToLineAfterAMiddleCut(t *testing.T) {
	m := fixtureModel(t, "codex", "codex/harness/rows_3000.txt")
	press(m, ":")
	typeText(m, "1000")
	press(m, "enter")
	if want := "line 1000 is not in what the model saw: lines 1–322, 1690–2000 of 3000"; m.status != want {
		t.Fatalf("status %q, want %q", m.status, want)
	}
	m.status = ""
	press(m, ":")
	typeText(m, "1695")
	press(m, "enter")
	if m.status != "" || !strings.Contains(screen(m), "L1695: row 1695") {
		t.Fatalf("after :1695, status %q, screen:\n%s", m.status, screen(m))
	}
}

// TestStatusAfterAMiddleCut: the status line names both parts of a cut in
// the middle, as the minimap does.
func TestStatusAfterAMiddleCut(t *testing.T) {
	m := fixtureModel(t, "codex", "codex/harness/rows_3000.txt")
	want := "card 1 of 1 · codex · agent view · lines 1–322, 1690–2000 of 3000 · token cap · cut in the middle, resumes at line 1690"
	if !slices.Contains(strings.Split(screen(m), "\n"), want) {
		t.Errorf("no status line %q in:\n%s", want, screen(m))
	}
}
