package tui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/render"
)

// TestKittyThroughTheRenderer: through a real program, the kitty image
// reaches the terminal and the placeholders come out of bubbletea's cell
// renderer whole: the placeholder with its row and column marks, in the
// image's colour.
func TestKittyThroughTheRenderer(t *testing.T) {
	root := filepath.Join(oracle.Testdata(), "fixtures")
	m := New(Options{Cwd: root, Worktree: root, Dir: root, Theme: "dark", Graphics: render.Kitty,
		Reads: []Read{{Profile: "pi", Path: filepath.Join(root, "images/big.png")}}})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.TrueColor)))
	// Row 0, column 0 and row 0, column 1: U+10EEEE, then U+0305 (0) and
	// U+0305 / U+030D (1).
	first, second := []byte("\U0010EEEE\u0305\u0305"), []byte("\U0010EEEE\u0305\u030D")
	var out []byte
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		out = append(out, b...)
		return bytes.Contains(out, []byte("\x1b_Ga=T,U=1,q=2,f=100,i=")) && bytes.Contains(out, first) && bytes.Contains(out, second)
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	var id int
	at := bytes.Index(out, []byte("i="))
	if _, err := fmt.Sscanf(string(out[at:]), "i=%d,", &id); err != nil {
		t.Fatal(err)
	}
	if colour := fmt.Sprintf("38;2;%d;%d;%dm", id>>16, id>>8&0xff, id&0xff); !bytes.Contains(out, []byte(colour)) {
		t.Errorf("the placeholders are not in image %d's colour %q", id, colour)
	}
	tm.Send(keyMsg("ctrl+c"))
	tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
}

// syncBuffer is a terminal's screen for a program writing from its own
// goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestKittyAnsweredThroughTheProgram: through Run, the query goes out,
// the terminal's answer in bytes (kitty's OK, then DA1) comes back in
// through bubbletea's decoder and turns kitty's images on; when the user
// quits, the image sent is deleted after the program's last frame.
func TestKittyAnsweredThroughTheProgram(t *testing.T) {
	root := filepath.Join(oracle.Testdata(), "fixtures")
	o := Options{Cwd: root, Worktree: root, Dir: root, Theme: "dark", Graphics: render.HalfBlocks, AskGraphics: true,
		Reads: []Read{{Profile: "opencode", Path: filepath.Join(root, "images/anim_small.gif")}}}
	in, keys := io.Pipe()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), o, in, &out, tea.WithWindowSize(120, 40), tea.WithColorProfile(colorprofile.TrueColor))
	}()
	wait := func(what string, ok func(string) bool) string {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if s := out.String(); ok(s) {
				return s
			}
		}
		t.Fatalf("no %s in %.300q", what, out.String())
		return ""
	}
	wait("query", func(s string) bool { return strings.Contains(s, render.GraphicsQuery) && strings.Contains(s, "▀") })
	if _, err := io.WriteString(keys, "\x1b_Gi=31;OK\x1b\\\x1b[?62;22c"); err != nil {
		t.Fatal(err)
	}
	s := wait("kitty image", func(s string) bool { return strings.Contains(s, "\x1b_Ga=T,U=1,q=2,f=100,i=") })
	var id int
	at := strings.Index(s, "\x1b_Ga=T,U=1,q=2,f=100,i=")
	if _, err := fmt.Sscanf(s[at:], "\x1b_Ga=T,U=1,q=2,f=100,i=%d,", &id); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(keys, "\x03"); err != nil { // ctrl+c
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the inspector did not quit")
	}
	keys.Close()
	if del := fmt.Sprintf("\x1b_Ga=d,d=I,i=%d,q=2\x1b\\", id); !strings.HasSuffix(out.String(), del) {
		t.Errorf("the output does not end deleting image %d: %q", id, out.String()[max(0, len(out.String())-200):])
	}
}
