package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// drive delivers msg to the model and then every message its commands
// produce, the way the program would, and returns the messages that no
// Update handles (a clipboard write, a quit). Commands still running after
// a moment (the status line's timer) are dropped.
func drive(m *Model, msg tea.Msg) []tea.Msg {
	var out []tea.Msg
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		switch msg := msg.(type) {
		case nil:
			continue
		case tea.BatchMsg:
			for _, c := range msg {
				queue = append(queue, exec(c))
			}
			continue
		case tea.QuitMsg, tea.RawMsg:
			out = append(out, msg)
			continue
		}
		if t := fmt.Sprintf("%T", msg); strings.Contains(t, "Clipboard") || strings.Contains(t, "backgroundColor") {
			out = append(out, msg)
			continue
		}
		_, cmd := m.Update(msg)
		queue = append(queue, exec(cmd))
	}
	return out
}

// exec runs a command and returns its message, or nil when it has not
// answered in 30 s: no command of the inspector takes that long, and one
// that hangs fails its test instead of the run (2 s was too short on a
// loaded machine: a read or a highlight then lost its message).
func exec(c tea.Cmd) tea.Msg {
	if c == nil {
		return nil
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- c() }()
	select {
	case msg := <-done:
		return msg
	case <-time.After(30 * time.Second):
		return nil
	}
}

func press(m *Model, keys ...string) []tea.Msg {
	var out []tea.Msg
	for _, k := range keys {
		out = append(out, drive(m, keyMsg(k))...)
	}
	return out
}

func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "ctrl+e":
		return tea.KeyPressMsg{Code: 'e', Mod: tea.ModCtrl}
	case "ctrl+o":
		return tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// typeText sends each character as a key press.
func typeText(m *Model, s string) {
	for _, r := range s {
		drive(m, tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// demo starts the inspector on the demo tree and waits for its reads.
func demo(t *testing.T, w, h int) *Model {
	t.Helper()
	m := New(Demo())
	m.statusFor = 0 // a status stays, so no timer outlives the test
	drive(m, tea.WindowSizeMsg{Width: w, Height: h})
	drive(m, tea.BatchMsg{m.Init()})
	for _, c := range m.tr.cards {
		if c.running() {
			t.Fatalf("card %d still reading", c.id)
		}
	}
	return m
}

func screen(m *Model) string { return ansi.Strip(m.View().Content) }

func TestDemoOpensWithCards(t *testing.T) {
	m := demo(t, 120, 40)
	if len(m.tr.cards) != 6 {
		t.Fatalf("%d cards, want 6", len(m.tr.cards))
	}
	press(m, "g")
	s := screen(m)
	for _, want := range []string{
		"→ Read src/server.go",
		"1: // Package server is a sample long enough to pass a read tool's line cap.",
		"... (1996 more lines, ctrl+e to expand)",
		"⚠ line cap: the tool showed lines 1–2000 of 2709 · continue with offset=2001",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
}

func TestExpandCollapse(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "ctrl+e")
	s := screen(m)
	if !m.tr.cards[0].expanded || strings.Contains(s, "1996 more lines") || !strings.Contains(s, "11: ") {
		t.Fatalf("ctrl+e did not expand the first card:\n%s", s)
	}
	press(m, "ctrl+e")
	if m.tr.cards[0].expanded || !strings.Contains(screen(m), "1996 more lines") {
		t.Fatal("ctrl+e did not collapse it again")
	}
	press(m, "ctrl+o")
	for i, c := range m.tr.cards {
		if !c.expanded {
			t.Errorf("ctrl+o left card %d collapsed", i)
		}
	}
	press(m, "ctrl+o")
	for i, c := range m.tr.cards {
		if c.expanded {
			t.Errorf("the second ctrl+o left card %d expanded", i)
		}
	}
}

func TestContinueWhereTheToolStopped(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "n")
	c := m.tr.selected()
	if string(c.args) != `{"filePath":"/readlens-demo/src/server.go","offset":2001}` {
		t.Fatalf("n made %s", c.args)
	}
	s := screen(m)
	if !strings.Contains(s, "→ Read src/server.go [offset=2001]") || !strings.Contains(s, "2001: ") {
		t.Fatalf("the continuation card is not shown:\n%s", s)
	}
	// The last card asks for no more.
	press(m, "n")
	if !strings.Contains(m.status, "nothing to continue") || len(m.tr.cards) != 7 {
		t.Fatalf("n on a finished read: status %q, %d cards", m.status, len(m.tr.cards))
	}
}

func TestSwitchAgent(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "p")
	c := m.tr.selected()
	if c.profile != "pi" || string(c.args) != `{"path":"/readlens-demo/src/server.go"}` {
		t.Fatalf("p made a %s card with %s", c.profile, c.args)
	}
	if s := screen(m); !strings.Contains(s, "read src/server.go") || !strings.Contains(s, "[Showing lines 1-2000 of 2710. Use offset=2001 to continue.]") && !c.expanded && !strings.Contains(s, "more lines") {
		t.Fatalf("pi's card:\n%s", s)
	}
	if m.current() != "pi" {
		t.Fatalf("current agent %s", m.current())
	}
}

func TestEditOffsetAndLimit(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "o")
	typeText(m, "2700")
	press(m, "tab")
	typeText(m, "3")
	press(m, "enter")
	c := m.tr.selected()
	if string(c.args) != `{"filePath":"/readlens-demo/src/server.go","offset":2700,"limit":3}` {
		t.Fatalf("the form made %s", c.args)
	}
	if s := screen(m); !strings.Contains(s, "2702: ") || !strings.Contains(s, "(Showing lines 2700-2702 of 2709. Use offset=2703 to continue.)") {
		t.Fatalf("the edited call's card:\n%s", s)
	}
}

func TestCopyOutput(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g")
	out := press(m, "y")
	want := m.tr.cards[0].res.Output
	found := false
	for _, msg := range out {
		if strings.Contains(fmt.Sprintf("%T", msg), "Clipboard") && fmt.Sprint(msg) == want {
			found = true
		}
	}
	if !found {
		t.Fatalf("y sent no clipboard write of the output: %v", out)
	}
	if !strings.Contains(screen(m), "copied the model's text") {
		t.Fatal("no status after copying")
	}
}

func TestPrettyView(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "v")
	c := m.tr.cards[0]
	if c.hl == nil {
		t.Fatal("the pretty view was never highlighted")
	}
	if s := screen(m); !strings.Contains(s, "   1 │ // Package server") {
		t.Fatalf("pretty view:\n%s", s)
	}
}

func TestPickAndRead(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "tab")
	if m.focus != focusPicker {
		t.Fatal("tab did not focus the picker")
	}
	typeText(m, "web/")
	if m.picker.dir != DemoRoot+"/web" {
		t.Fatalf("typing web/ went to %s", m.picker.dir)
	}
	typeText(m, "app")
	press(m, "enter")
	c := m.tr.selected()
	if c.path != DemoRoot+"/web/app.min.js" || c.res == nil {
		t.Fatalf("enter read %q", c.path)
	}
	if s := screen(m); !strings.Contains(s, "⚠ byte cap: the tool showed lines 1–36 of 80 · continue with offset=37") {
		t.Fatalf("the minified file's card:\n%s", s)
	}
}

func TestClickTogglesCard(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g")
	l := m.layout()
	drive(m, tea.MouseClickMsg{X: l.cardX + 3, Y: l.bodyTop + 1, Button: tea.MouseLeft})
	if !m.tr.cards[0].expanded {
		t.Fatal("a click did not expand the card")
	}
	_, tabs := m.tabs()
	drive(m, tea.MouseClickMsg{X: tabs[len(tabs)-1].x0, Y: 0, Button: tea.MouseLeft})
	if m.profile != len(m.profiles)-1 {
		t.Fatal("a click on a tab did not switch the agent")
	}
}

// TestSizes sweeps terminal sizes from 1x1 up: nothing panics, no row is
// wider than the terminal, and there are never more rows than it has.
func TestSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps hundreds of sizes")
	}
	m := demo(t, 80, 24)
	// One card expanded (the CRLF file's, small enough to redraw at every
	// width quickly), the others collapsed.
	press(m, "g", "down", "down", "ctrl+e")
	check := func(w, h int) {
		drive(m, tea.WindowSizeMsg{Width: w, Height: h})
		rows := strings.Split(m.View().Content, "\n")
		if len(rows) > h {
			t.Fatalf("%dx%d: %d rows", w, h, len(rows))
		}
		for i, r := range rows {
			if rw := ansi.StringWidth(r); rw > w {
				t.Fatalf("%dx%d: row %d is %d wide: %q", w, h, i, rw, ansi.Strip(r))
			}
		}
	}
	for w := 1; w <= 200; w++ {
		for _, h := range []int{1, 2, 3, 5, 8, 24, 60} {
			check(w, h)
		}
	}
	for h := 1; h <= 60; h++ {
		for _, w := range []int{1, 2, 5, 20, 40, 71, 72, 80, 120, 200} {
			check(w, h)
		}
	}
	press(m, "tab") // the picker alone on narrow screens
	for _, w := range []int{1, 10, 40, 71} {
		check(w, 10)
	}
}

// TestClosingACardStopsItsRead: x on a card still reading cancels its read.
func TestClosingACardStopsItsRead(t *testing.T) {
	m := demo(t, 120, 40)
	stopped := false
	c := m.tr.cards[0]
	c.res, c.cancel = nil, func() { stopped = true }
	press(m, "g", "x")
	if !stopped || len(m.tr.cards) != 5 {
		t.Fatalf("x left the read running (stopped %v, %d cards)", stopped, len(m.tr.cards))
	}
}
