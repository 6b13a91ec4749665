//go:build linux

package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestJSONToTerminal: on a terminal (a pseudo-terminal here, so the command
// line's own check decides), --json writes each of those characters as a
// \u escape: the same JSON, and nothing the terminal would act on.
func TestJSONToTerminal(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hostile.txt"), []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	tty, read := rawPTY(t)
	var errb bytes.Buffer
	code := Run(context.Background(), []string{"read", "--profile", "pi", "--json", "--cwd", dir, "hostile.txt"}, strings.NewReader(""), tty, &errb)
	tty.Close()
	out := read()
	want := jsonFor(`csi\u009b31m del\u007f rlo\u202e zwsp\u200b tag\udb40\udc41 esc\u001b[2J é 😀\n`)
	if code != 0 || out != want {
		t.Fatalf("exit %d, stderr %q\n got %q\nwant %q", code, errb.String(), out, want)
	}
}

// rawPTY opens a pseudo-terminal with output processing off, so that what
// is written to its terminal side arrives unchanged; read returns it all
// once the terminal side is closed.
func rawPTY(t *testing.T) (*os.File, func() string) {
	t.Helper()
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	master := os.NewFile(uintptr(fd), "/dev/ptmx")
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	tios, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	tios.Oflag &^= unix.OPOST
	if err := unix.IoctlSetTermios(int(tty.Fd()), unix.TCSETS, tios); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		var b bytes.Buffer
		io.Copy(&b, master) // ends with EIO once the terminal side is closed
		got <- b.String()
	}()
	return tty, func() string {
		select {
		case s := <-got:
			return s
		case <-time.After(10 * time.Second):
			t.Fatal("the pseudo-terminal never closed")
			return ""
		}
	}
}
