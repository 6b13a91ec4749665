package tui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/render"
)

// kittyEscapes are the raw writes among msgs.
func kittyEscapes(msgs []tea.Msg) []string {
	var out []string
	for _, msg := range msgs {
		if r, ok := msg.(tea.RawMsg); ok {
			out = append(out, fmt.Sprint(r.Msg))
		}
	}
	return out
}

// TestKittyPictures: in kitty, an image card's picture is kitty's image:
// sent once beside the frame, and in the frame rows of placeholders whose
// colour is its number; drawn larger (expanded), another image is sent.
// Elsewhere, iTerm2 and sixel terminals included, it stays in half blocks.
func TestKittyPictures(t *testing.T) {
	root := filepath.Join(oracle.Testdata(), "fixtures")
	m := New(Options{Cwd: root, Worktree: root, Dir: root, Graphics: render.Kitty, Reads: []Read{{Profile: "pi", Path: filepath.Join(root, "images/big.png")}}})
	sent := kittyEscapes(drive(m, tea.WindowSizeMsg{Width: 160, Height: 40}))
	sent = append(sent, kittyEscapes(drive(m, tea.BatchMsg{m.Init()}))...)
	if len(sent) != 1 || !strings.HasPrefix(sent[0], "\x1b_Ga=T,U=1,q=2,f=100,i=") {
		t.Fatalf("want one kitty image sent, got %d: %.80q", len(sent), sent)
	}
	var id, cols, rows int
	if _, err := fmt.Sscanf(sent[0], "\x1b_Ga=T,U=1,q=2,f=100,i=%d,c=%d,r=%d", &id, &cols, &rows); err != nil {
		t.Fatalf("%v: %.80q", err, sent[0])
	}
	view := m.View().Content
	colour := fmt.Sprintf("\x1b[38;2;%d;%d;%dm\U0010EEEE", id>>16, id>>8&0xff, id&0xff)
	if n := strings.Count(view, colour); n != rows {
		t.Errorf("%d rows of placeholders for image %d, want %d", n, id, rows)
	}
	if strings.Count(view, "\U0010EEEE") != rows*cols || strings.Contains(view, "▀") {
		t.Errorf("the picture is not %d×%d placeholders alone:\n%s", cols, rows, screen(m))
	}
	if again := kittyEscapes(press(m, "j")); len(again) != 0 {
		t.Errorf("the image was sent again: %.80q", again)
	}
	if larger := kittyEscapes(press(m, "ctrl+e")); len(larger) != 1 || strings.Contains(larger[0], fmt.Sprintf("i=%d,", id)) {
		t.Errorf("expanded, want another image sent once; got %.80q", larger)
	}

	for _, g := range []render.Graphics{render.HalfBlocks, render.ITerm2, render.Sixel} {
		m = New(Options{Cwd: root, Worktree: root, Dir: root, Graphics: g, Reads: []Read{{Profile: "pi", Path: filepath.Join(root, "images/big.png")}}})
		drive(m, tea.WindowSizeMsg{Width: 160, Height: 40})
		if sent := kittyEscapes(drive(m, tea.BatchMsg{m.Init()})); len(sent) != 0 {
			t.Errorf("graphics %v: sent %.80q", g, sent)
		}
		if view := m.View().Content; strings.Contains(view, "\U0010EEEE") || !strings.Contains(view, "▀") {
			t.Errorf("graphics %v: no half blocks:\n%s", g, screen(m))
		}
	}
}
