package all

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/readlens/readlens/reader"
)

// readWithin runs a read that must not block: the deadline only catches a
// hang, it is no claim about speed.
func readWithin(t *testing.T, profile, path string) *reader.Result {
	t.Helper()
	p, _ := Lookup(profile)
	done := make(chan *reader.Result, 1)
	go func() {
		r, err := reader.Read(context.Background(), reader.Request{Profile: must(profile), Args: p.Args(path, nil, nil), Cwd: "/", Worktree: "/"})
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(20 * time.Second):
		t.Fatalf("%s on %s did not return", profile, path)
		return nil
	}
}

// pty opens a pseudo-terminal and returns its device path.
func pty(t *testing.T) string {
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { unix.Close(fd) })
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("/dev/pts/%d", n)
}

// TestSpecialFiles: readlens never blocks and never reads without bound.
// What an agent reads like a file gets the agent's own answer; where the
// agent would hang, the result is readlens's note and no output.
func TestSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	tty := pty(t)

	for _, c := range []struct {
		profile, path string
		output, note  string // exact output; the note's start
		isError       bool
	}{
		{"opencode", fifo, "", "opencode would block here: a FIFO", false},
		{"pi", fifo, "", "pi would block here: a FIFO", false},
		{"opencode", sock, "Unknown: FileSystem.open (" + sock + ")", "", true},
		{"pi", sock, "ENXIO: no such device or address, open '" + sock + "'", "", true},
		{"opencode", "/dev/null", "<path>/dev/null</path>\n<type>file</type>\n<content>\n\n\n(End of file - total 0 lines)\n</content>", "", false},
		{"pi", "/dev/null", "", "", false},
		{"opencode", "/dev/zero", "", "opencode would read without end here: this character device never ends", false},
		{"pi", "/dev/urandom", "", "pi would read without end here: this character device never ends", false},
		{"opencode", tty, "", "opencode would block here: a terminal", false},
		{"pi", "/dev/stdin", "", "pi would read one of its own descriptors here", false},
	} {
		r := readWithin(t, c.profile, c.path)
		if r.Output != c.output || r.IsError != c.isError || !strings.HasPrefix(r.Note, c.note) || (c.note == "") != (r.Note == "") {
			t.Errorf("%s %s: output %q (error %v), note %q", c.profile, c.path, r.Output, r.IsError, r.Note)
		}
	}
}

// TestProcFiles: /proc files report size 0 but have content; the agents
// read them whole, and so does readlens (within its cap).
func TestProcFiles(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	r := readWithin(t, "opencode", "/proc/self/status")
	if !strings.Contains(r.Output, "<content>\n1: Name:\t") || r.Truncation.TotalLines < 10 {
		t.Errorf("opencode /proc/self/status: %q", r.Output)
	}
	r = readWithin(t, "pi", "/proc/self/status")
	if !strings.HasPrefix(r.Output, "Name:\t") {
		t.Errorf("pi /proc/self/status: %q", r.Output)
	}
	if r = readWithin(t, "pi", "/proc/self/environ"); !strings.Contains(r.Output, "\x00") {
		t.Errorf("pi /proc/self/environ should show its NUL separators: %q", r.Output)
	}
}

// TestKernelLogs: /dev/kmsg and /proc/kmsg are never read (a read of
// /proc/kmsg takes the messages from the system logger), and the note says
// what the agent would meet. Where readlens cannot open them, the agent's
// open fails the same way and the agent's own error is the answer.
func TestKernelLogs(t *testing.T) {
	for _, c := range []struct{ path, note string }{
		{"/dev/kmsg", "pi would read the kernel log here (/dev/kmsg), which has no end: after the messages logged so far, each read waits for the next one. readlens does not read it"},
		{"/proc/kmsg", "pi would read the kernel log here (/proc/kmsg), which has no end: it gives each message once, then waits for the next one, " +
			"and every message it took would be lost to any other reader of /proc/kmsg, such as a system logger. readlens does not read it"},
	} {
		fd, err := unix.Open(c.path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		if err != nil {
			t.Logf("%s cannot be opened here (%v): the agent's open fails too", c.path, err)
			continue
		}
		unix.Close(fd)
		r := readWithin(t, "pi", c.path)
		if r.Output != "" || r.IsError || r.Note != c.note || r.Stats.BytesRead != 0 {
			t.Errorf("%s: output %q (error %v), %d bytes read, note\n%q\nwant\n%q", c.path, r.Output, r.IsError, r.Stats.BytesRead, r.Note, c.note)
		}
	}
}

// TestReadErrorWords: /proc/self/clear_refs opens for root but refuses a
// read with EINVAL. Node (and Claude Code's Bun) word a failed read with no
// path; the texts are what each agent's oracle answered, as root (for
// another user the access check fails first).
func TestReadErrorWords(t *testing.T) {
	const path = "/proc/self/clear_refs"
	if _, err := os.Stat(path); err != nil || os.Geteuid() != 0 {
		t.Skip("needs /proc and root")
	}
	for _, c := range []struct{ profile, want string }{
		{"pi", "EINVAL: invalid argument, read"},
		{"claude-code", "EINVAL: invalid argument, read"},
		{"cline", `[{"query":"/proc/self/clear_refs","result":"","error":"Error reading file: EINVAL: invalid argument, read","success":false}]`},
	} {
		if r := readWithin(t, c.profile, path); r.Output != c.want {
			t.Errorf("%s: %q, want %q", c.profile, r.Output, c.want)
		}
	}
	// Gemini CLI names the path it resolved: /proc/self is this process.
	r := readWithin(t, "gemini-cli", path)
	if want := "Error reading file " + r.Path + ": EINVAL: invalid argument, read"; r.Output != want || !strings.HasPrefix(r.Path, "/proc/") {
		t.Errorf("gemini-cli: %q, want %q", r.Output, want)
	}
}
