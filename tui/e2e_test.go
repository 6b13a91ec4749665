package tui

import (
	"bytes"
	"io"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// End-to-end runs of the demo through a real program. The assertions are on
// the final model and on its View, never on the raw terminal stream.

func startDemo(t *testing.T) *teatest.TestModel {
	m := New(Demo())
	m.statusFor = 0
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	waitFor(t, tm, "line cap: the tool showed lines 1–2000") // the first card, in sight at the start
	return tm
}

func waitFor(t *testing.T, tm *teatest.TestModel, s string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

func TestDemoExpandsAndQuits(t *testing.T) {
	tm := startDemo(t)
	tm.Send(keyMsg("g"))
	tm.Send(keyMsg("ctrl+e"))
	tm.Send(keyMsg("q"))
	m := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	if !m.tr.cards[0].expanded {
		t.Fatal("the first card is not expanded")
	}
	if len(m.tr.cards) != 6 {
		t.Fatalf("%d cards", len(m.tr.cards))
	}
}

func TestDemoPicksAFile(t *testing.T) {
	tm := startDemo(t)
	tm.Send(keyMsg("tab"))
	tm.Type("notes/")
	tm.Type("win")
	tm.Send(keyMsg("enter"))
	waitFor(t, tm, "windows.txt</path>") // the picked read, done: only opencode prints the path
	tm.Send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	m := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
	c := m.tr.selected()
	if c.path != DemoRoot+"/notes/windows.txt" || c.res == nil || c.res.Truncation.TotalLines != 24 {
		t.Fatalf("picked %q: %+v", c.path, c.res)
	}
	io.Copy(io.Discard, tm.Output())
}
