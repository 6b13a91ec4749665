package tui

import (
	"bytes"
	"fmt"
	"path/filepath"
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
