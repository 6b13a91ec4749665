package tui

import (
	"context"
	"runtime"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/readlens/readlens/session"
)

// TestLongSessionHeldByScreen: the inspector holds the text and drawing of
// the cards it drew last, not of every card of a long session. Opened,
// drawn, then scrolled through 300 cards, pi's session repeated to 8 MB
// and to 24 MB keeps at most maxDrawn cards' results, and each call more
// costs about 1.1 KiB (its card, the session's call); cards that keep
// their result and drawing cost 4 KiB a call.
func TestLongSessionHeldByScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("writes sessions of 8 and 24 MB")
	}
	t.Setenv("TMPDIR", t.TempDir())
	open := func(mb int) (held int64, cards int) {
		p := bigSession(t, mb)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		m := New(Options{Dir: t.TempDir(), Theme: "dark"})
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		m.ctx = ctx
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		for cmd := m.openSession(SessionFile{Path: p}); cmd != nil; {
			msg := cmd()
			if msg == nil {
				break
			}
			_, cmd = m.Update(msg)
			_ = m.View()
		}
		if m.sess.s == nil {
			t.Fatalf("the session was not read: %v", m.sess.err)
		}
		for range 300 {
			m.Update(tea.KeyPressMsg{Code: tea.KeyDown})
			_ = m.View()
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		texts := 0
		for _, c := range m.sess.cards {
			if c.res != nil || c.cache.body != nil {
				texts++
			}
		}
		if texts > maxDrawn || m.tr.sel != min(300, len(m.tr.cards)-1) {
			t.Errorf("%d MB: %d of %d cards hold their result; card %d selected", mb, texts, len(m.sess.cards), m.tr.sel)
		}
		runtime.KeepAlive(m)
		return int64(after.HeapAlloc) - int64(before.HeapAlloc), len(m.sess.cards)
	}
	open(1) // what is made once (the tokenizer's table) is not a call's
	h8, c8 := open(8)
	h24, c24 := open(24)
	perCall := (h24 - h8) / int64(c24-c8)
	t.Logf("8 MB: %d cards, heap held %d KiB; 24 MB: %d cards, %d KiB: %d bytes a call more", c8, h8>>10, c24, h24>>10, perCall)
	if perCall > 2<<10 {
		t.Errorf("each call more holds %d bytes", perCall)
	}
}

// TestSwitchSessionCloses: a session the inspector no longer shows gives
// back its spill file: its texts are gone, not left open until the
// collector finds them.
func TestSwitchSessionCloses(t *testing.T) {
	m := New(Options{Dir: t.TempDir(), Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	read := func(cmd tea.Cmd) {
		for cmd != nil {
			msg := cmd()
			if msg == nil {
				return
			}
			_, cmd = m.Update(msg)
		}
	}
	read(m.openSession(SessionFile{Path: bigSession(t, 1)}))
	old := m.sess.s
	if old == nil {
		t.Fatalf("the session was not read: %v", m.sess.err)
	}
	var long *session.Text
	for _, c := range old.Calls {
		if c.Result != nil && c.Result.Output.Len() > 4<<10 {
			long = &c.Result.Output
			break
		}
	}
	if long == nil {
		t.Fatal("no result long enough to be spilled")
	}
	if _, err := long.Read(); err != nil {
		t.Fatalf("before the switch: %v", err)
	}
	read(m.switchSession(SessionFile{Path: claudeSession}))
	if _, err := long.Read(); err == nil {
		t.Error("the session left behind still reads its texts")
	}
	if m.sess.s == nil || m.sess.s == old {
		t.Error("the new session was not read")
	}
}
