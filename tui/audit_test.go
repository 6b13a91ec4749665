package tui

import (
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/audit"
)

// auditDemo opens the inspector on the audit of the demo tree, as
// readlens audit --tui does, and waits for the run to end.
func auditDemo(t *testing.T) *Model {
	t.Helper()
	o := Demo()
	o.Reads = nil
	o.Audit = &audit.Options{Root: DemoRoot, Paths: []string{DemoRoot}, Profiles: all.Profiles, NoTokens: true,
		Base: reader.Request{Cwd: o.Cwd, Worktree: o.Worktree, FS: o.FS}}
	m := New(o)
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 160, Height: 50})
	drive(m, tea.BatchMsg{m.Init()})
	if m.aud == nil || !m.aud.done || m.aud.err != nil || m.focus != focusAudit {
		t.Fatalf("the audit view after the run: %+v, focus %v", m.aud, m.focus)
	}
	return m
}

// findingRow is the index of the row for that file, agent and kind.
func findingRow(t *testing.T, m *Model, path, profile string, kind audit.Kind) int {
	t.Helper()
	for i, x := range m.aud.rows {
		if x.Path == path && x.Profile == profile && x.Kind == kind {
			return i
		}
	}
	t.Fatalf("no %s finding for %s on %s among %d", kind, profile, path, len(m.aud.rows))
	return -1
}

// TestAuditView: the findings are listed; enter on one opens that file's
// card for that agent, drawn as readlens read draws it: its call line and
// the cut the finding named.
func TestAuditView(t *testing.T) {
	m := auditDemo(t)
	s := screen(m)
	for _, want := range []string{"audit of /readlens-demo: ", " · done", "cut      opencode         src/server.go  cut by its lines cap · shows lines 1–2,000 of 2,709"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the audit view lacks %q:\n%s", want, s)
		}
	}
	for _, c := range []struct {
		path, profile string
		kind          audit.Kind
		want          []string
	}{
		{"src/server.go", "opencode", audit.KindCut, []string{"→ Read src/server.go", "⚠ line cap: the tool showed lines 1–2000 of 2709"}},
		{"bin/tool.wasm", "opencode", audit.KindRefused, []string{"→ Read bin/tool.wasm", "Cannot read binary file"}},
	} {
		if m.focus != focusAudit {
			press(m, "a") // back to the list, where it was
		}
		if m.focus != focusAudit {
			t.Fatalf("a from the cards: focus %v", m.focus)
		}
		press(m, "g")
		for range findingRow(t, m, c.path, c.profile, c.kind) {
			press(m, "down")
		}
		n := len(m.tr.cards)
		press(m, "enter")
		sel := m.tr.selected()
		if m.focus != focusTranscript || len(m.tr.cards) != n+1 || sel.profile != c.profile || sel.path != DemoRoot+"/"+c.path || sel.res == nil {
			t.Fatalf("enter on %s %s: focus %v, %d cards, selected %+v", c.profile, c.path, m.focus, len(m.tr.cards), sel)
		}
		if m.current() != c.profile {
			t.Errorf("the header's agent is %s, want %s", m.current(), c.profile)
		}
		s := screen(m)
		for _, want := range c.want {
			if !strings.Contains(s, want) {
				t.Errorf("the card for %s on %s lacks %q:\n%s", c.profile, c.path, want, s)
			}
		}
	}
}

// TestAuditKey: a in the cards audits the project; esc goes back to the
// cards and a shows the same run again, not a new one.
func TestAuditKey(t *testing.T) {
	m := demo(t, 160, 50)
	press(m, "g", "a")
	if m.focus != focusAudit || m.aud == nil || !m.aud.done || len(m.aud.rows) == 0 {
		t.Fatalf("a: focus %v, view %+v", m.focus, m.aud)
	}
	run := m.aud
	press(m, "esc")
	if m.focus != focusTranscript || !strings.Contains(screen(m), "→ Read src/server.go") {
		t.Fatalf("esc: focus %v:\n%s", m.focus, screen(m))
	}
	press(m, "a")
	if m.aud != run || m.focus != focusAudit {
		t.Fatalf("a again: a new run %v, focus %v", m.aud != run, m.focus)
	}
}

// probed is the inspector with its state published after each message,
// for a test to wait on without reading the model while the program runs:
// the output is the renderer's diffs, where a changed word is not whole.
type probed struct {
	*Model
	done, card atomic.Bool
}

func (p *probed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := p.Model.Update(msg)
	p.done.Store(p.aud != nil && p.aud.done)
	c := p.tr.selected()
	p.card.Store(c != nil && c.res != nil)
	return p, cmd
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestAuditEndToEnd: the audit view in a running program, as readlens
// audit --tui starts it: the run fills the list, the arrows move to a
// finding and enter opens its card.
func TestAuditEndToEnd(t *testing.T) {
	row := findingRow(t, auditDemo(t), "web/app.min.js", "claude-code", audit.KindCut) // the order is the listing's: the same in every run
	o := Demo()
	o.Reads = nil
	o.Audit = &audit.Options{Root: DemoRoot, Paths: []string{DemoRoot}, Profiles: all.Profiles, NoTokens: true,
		Base: reader.Request{Cwd: o.Cwd, Worktree: o.Worktree, FS: o.FS}}
	m := &probed{Model: New(o)}
	m.statusFor = 0
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(160, 50))
	waitUntil(t, "the audit's end", m.done.Load)
	for range row {
		tm.Send(keyMsg("down"))
	}
	tm.Send(keyMsg("enter"))
	waitUntil(t, "the card's answer", m.card.Load)
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*probed)
	c := final.tr.selected()
	if final.focus != focusTranscript || c == nil || c.profile != "claude-code" || c.path != DemoRoot+"/web/app.min.js" || c.res == nil || c.res.Truncation.Cap != reader.CapTokens {
		t.Fatalf("after enter: focus %v, card %+v", final.focus, c)
	}
	if !strings.Contains(screen(final.Model), "✓ Read web/app.min.js") {
		t.Errorf("the card's call line is not Claude Code's:\n%s", screen(final.Model))
	}
}

// auditDir opens the audit view on dir, its files read by opencode alone,
// and waits for the run to end.
func auditDir(t *testing.T, dir string) *Model {
	t.Helper()
	p, err := all.Lookup("opencode")
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Cwd: dir, Worktree: dir, Dir: dir, Audit: &audit.Options{Root: dir, Paths: []string{dir},
		Profiles: reader.Profiles{p}, NoTokens: true, Base: reader.Request{Cwd: dir, Worktree: dir}}})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 160, Height: 30})
	drive(m, tea.BatchMsg{m.Init()})
	if m.aud == nil || !m.aud.done || m.aud.err != nil {
		t.Fatalf("the audit view after the run: %+v", m.aud)
	}
	return m
}

// TestAuditSkipped: an entry the audit skips is counted as skipped, not
// as a file audited, and listed with its reason where readlens audit's
// text form puts it; enter on it says why there is no card.
func TestAuditSkipped(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.bin"), []byte("\x00\x01\x02binary"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.bin", filepath.Join(dir, "b.link")); err != nil {
		t.Fatal(err)
	}
	m := auditDir(t, dir)
	s := screen(m)
	if want := ": 1 file, 1 skipped, 1 finding · done"; !strings.Contains(s, want) {
		t.Fatalf("the head lacks %q:\n%s", want, s)
	}
	if want := "skipped                   b.link  a symbolic link (not followed)"; !strings.Contains(s, want) {
		t.Fatalf("the list lacks %q:\n%s", want, s)
	}
	press(m, "G")
	n := len(m.tr.cards)
	press(m, "enter")
	if m.focus != focusAudit || len(m.tr.cards) != n || m.status != "not audited: a symbolic link (not followed)" {
		t.Fatalf("enter on the skipped entry: focus %v, %d cards, status %q", m.focus, len(m.tr.cards), m.status)
	}
}

// TestAuditMouse: a click on a finding selects it and a second click opens
// its card; the selection is marked at its left edge, so that it shows
// without colour; a click in the picker leaves the list (the run goes on).
func TestAuditMouse(t *testing.T) {
	m := auditDemo(t)
	l := m.layout()
	row := findingRow(t, m, "bin/tool.wasm", "opencode", audit.KindRefused)
	y := l.bodyTop + auditHead + row - m.aud.top
	drive(m, tea.MouseClickMsg{X: l.cardX + 4, Y: y, Button: tea.MouseLeft})
	if m.aud.sel != row || m.focus != focusAudit {
		t.Fatalf("a click: row %d selected, want %d; focus %v", m.aud.sel, row, m.focus)
	}
	if line := strings.Split(screen(m), "\n")[y]; !strings.Contains(line, "│▌ refused  opencode") {
		t.Errorf("the selected row is not marked: %q", line)
	}
	drive(m, tea.MouseClickMsg{X: l.cardX + 4, Y: y, Button: tea.MouseLeft})
	if sel := m.tr.selected(); m.focus != focusTranscript || sel == nil || sel.path != DemoRoot+"/bin/tool.wasm" || m.current() != "opencode" {
		t.Fatalf("a second click: focus %v, card %+v", m.focus, sel)
	}
	press(m, "a")
	drive(m, tea.MouseWheelMsg{X: l.cardX + 4, Y: 10, Button: tea.MouseWheelDown})
	if m.aud.sel != row+3 {
		t.Errorf("the wheel: row %d selected, want %d", m.aud.sel, row+3)
	}
	drive(m, tea.MouseClickMsg{X: 2, Y: l.bodyTop + 3, Button: tea.MouseLeft})
	if m.focus != focusPicker {
		t.Errorf("a click in the picker: focus %v", m.focus)
	}
}
