//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"
)

// TestAuditTUIOnATerminal: readlens audit --tui on a real terminal opens
// the inspector on the audit; enter opens the finding's card (opencode's
// line cap) and q quits with status 0.
func TestAuditTUIOnATerminal(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 3000 {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString("\n")
	}
	if err := os.WriteFile(filepath.Join(dir, "many.txt"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	term := openTerminal(t, true)
	if err := unix.IoctlSetWinsize(int(term.slave.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 30, Col: 160}); err != nil {
		t.Fatal(err)
	}
	// The emulator's side: wait for what the screen should show, then type.
	typed := make(chan error, 1)
	go func() {
		for _, step := range []struct{ wait, key string }{
			{"cut      opencode         many.txt  cut by its lines cap · shows lines 1–2,000 of 3,000", "\r"},
			{"line cap: the tool showed lines 1–2000 of 3000", "q"},
		} {
			deadline := time.Now().Add(20 * time.Second)
			for !term.shows(step.wait) {
				if time.Now().After(deadline) {
					term.master.WriteString("q")
					typed <- &os.PathError{Op: "wait", Path: step.wait, Err: os.ErrDeadlineExceeded}
					return
				}
				time.Sleep(20 * time.Millisecond)
			}
			term.master.WriteString(step.key)
		}
		typed <- nil
	}()
	code, out, _ := term.run(t, false, []string{"NO_COLOR=1"}, "audit", "--tui", "--cwd", dir, "--profiles", "opencode")
	if err := <-typed; err != nil || code != exitOK {
		t.Fatalf("exit %d, %v; the terminal showed:\n%q", code, err, out)
	}
}

// shows says the screen showed s on rows that were blank before, so that
// the renderer drew them whole: the escape sequences are taken out, and
// the spaces on both sides, which it may skip with a cursor move.
func (term *terminal) shows(s string) bool {
	term.mu.Lock()
	defer term.mu.Unlock()
	noSpace := func(s string) string { return strings.ReplaceAll(s, " ", "") }
	return strings.Contains(noSpace(ansi.Strip(term.out.String())), noSpace(s))
}

// TestCompareProgressOnATerminal: on a terminal, a compare whose plans
// take a while shows how far it has gone on stderr, and erases the line
// before the table is printed.
func TestCompareProgressOnATerminal(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	for i := range 1_000_000 {
		b.WriteString("line ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString("\n")
	}
	path := filepath.Join(dir, "long.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	term := openTerminal(t, true)
	code, out, _ := term.run(t, false, []string{"NO_COLOR=1"}, "compare", path, "--profiles", "crush,codex", "--width", "80")
	line := strings.Index(out, " of 2 agents answered · ")
	erased := strings.LastIndex(out, "\r\x1b[K")
	table := strings.Index(out, path+" · ")
	if code != exitOK || line < 0 || !strings.Contains(out[line:], " calls made\x1b[K") || erased < line || table < erased {
		t.Fatalf("exit %d; progress at %d, erased at %d, the table at %d:\n%q", code, line, erased, table, out)
	}
}
