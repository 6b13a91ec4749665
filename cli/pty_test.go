//go:build linux

package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/readlens/readlens/render"
	"golang.org/x/sys/unix"
)

// The tests here run readlens on a real terminal: a pseudo-terminal whose
// other end the test holds, playing the terminal emulator. readlens is this
// test binary, run again with runAsMain set (see TestMain).

const (
	// runAsMain makes the test binary readlens itself.
	runAsMain = "READLENS_TEST_RUN_MAIN"
	// runInBackground makes it a shell with readlens as a background job.
	runInBackground = "READLENS_TEST_RUN_BACKGROUND"
	// bgTimeout is how long the shell waits for its background job; a job
	// that a terminal query stopped (SIGTTOU) is killed then, and the shell
	// exits with bgStopped.
	bgTimeout = 5 * time.Second
	bgStopped = 99
)

// backgroundQuery is what lipgloss writes to ask the terminal for its
// background colour, followed by a device-attributes request.
const backgroundQuery = "\x1b]11;?\a\x1b[c"

// childMain is TestMain's part: the binary's second lives.
func childMain() {
	switch {
	case os.Getenv(runAsMain) != "":
		os.Exit(Run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) // as main.go does
	case os.Getenv(runInBackground) != "":
		// A job-control shell: readlens in a process group of its own, not
		// the terminal's foreground one, as after `readlens ... &`.
		cmd := exec.Command(os.Args[0], os.Args[1:]...)
		cmd.Env = append(os.Environ(), runAsMain+"=1", runInBackground+"=")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(98)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
			os.Exit(cmd.ProcessState.ExitCode())
		case <-time.After(bgTimeout):
			cmd.Process.Kill()
			os.Exit(bgStopped)
		}
	}
}

// terminal is the emulator's end of a pseudo-terminal.
type terminal struct {
	master, slave *os.File
	answer        bool // answer background queries, as most emulators do

	// graphics answers render.GraphicsQuery when set (answerGraphics).
	graphics string

	mu   sync.Mutex
	out  bytes.Buffer
	done chan struct{}
}

func openTerminal(t *testing.T, answer bool) *terminal {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("a pseudo-terminal is needed: %v", err)
	}
	fd := int(m.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetWinsize(int(s.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 80}); err != nil {
		t.Fatal(err)
	}
	term := &terminal{master: m, slave: s, answer: answer, done: make(chan struct{})}
	go term.read()
	t.Cleanup(func() { m.Close(); s.Close() })
	return term
}

// read collects what readlens writes until its side closes, answering
// each background query when asked to: a black background.
func (term *terminal) read() {
	defer close(term.done)
	buf := make([]byte, 4096)
	seen, seenGraphics := 0, 0
	for {
		n, err := term.master.Read(buf)
		term.mu.Lock()
		term.out.Write(buf[:n])
		asked := strings.Count(term.out.String(), backgroundQuery)
		askedGraphics, graphics := strings.Count(term.out.String(), render.GraphicsQuery), term.graphics
		term.mu.Unlock()
		for ; term.answer && seen < asked; seen++ {
			term.master.WriteString("\x1b]11;rgb:0000/0000/0000\a\x1b[?62c")
		}
		for ; graphics != "" && seenGraphics < askedGraphics; seenGraphics++ {
			term.master.WriteString(graphics)
		}
		if err != nil {
			return // EIO: every copy of the other end is closed
		}
	}
}

// answerGraphics has the terminal answer render.GraphicsQuery with a.
func (term *terminal) answerGraphics(a string) {
	term.mu.Lock()
	defer term.mu.Unlock()
	term.graphics = a
}

// run runs readlens on the terminal as the foreground process of a session
// whose controlling terminal it is, or as a background job in it, and
// returns its exit code, everything it wrote and how long it took.
func (term *terminal) run(t *testing.T, background bool, env []string, args ...string) (int, string, time.Duration) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	role := runAsMain
	if background {
		role = runInBackground
	}
	cmd.Env = append(append(os.Environ(), role+"=1", "TERM=xterm-256color", "COLORTERM=truecolor"), env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = term.slave, term.slave, term.slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	began := time.Now()
	err := cmd.Run()
	took := time.Since(began)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	term.slave.Close()
	select {
	case <-term.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the terminal did not close")
	}
	term.mu.Lock()
	defer term.mu.Unlock()
	return cmd.ProcessState.ExitCode(), term.out.String(), took
}

// prompt is how long a run that asks the terminal nothing may take: less
// than an unanswered query takes (2 s on stdin, then 2 s on stdout), far
// more than a run (30 ms; a background run under -race, two processes,
// 2.3 s). The query itself shows in what the run wrote.
const prompt = 3 * time.Second

// TestErrorsDoNotAskTheTerminal: an error exit in a terminal prints its
// message and exits at once. fang asked the terminal for its background
// colour first, on stdin and then on stdout, 2 s each when the terminal
// does not answer, and the query showed in the output (issue 16).
func TestErrorsDoNotAskTheTerminal(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.txt")
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"tool error", []string{"read", missing}, exitToolError,
			"File not found: " + missing},
		{"fifo", []string{"read", fifo}, exitNoAnswer,
			"readlens: opencode would block here: a FIFO, which it opens and reads like a file, waiting for a writer and then for the writer to close\r\n"},
		{"unknown profile", []string{"read", missing, "--profile", "nope"}, exitUsage,
			`readlens: unknown profile "nope" (have: claude-code, cline, codex, crush, dmcc, envelope, gemini-cli, opencode, opencode-legacy, pi)` + "\r\n"},
		{"bad flag", []string{"read", missing, "--offset", "x"}, exitUsage,
			`readlens: invalid argument "x" for "--offset" flag: strconv.ParseInt: parsing "x": invalid syntax` + "\r\nTry 'readlens --help'.\r\n"},
		{"two paths", []string{"read", missing, missing}, exitUsage,
			"readlens: accepts at most 1 arg(s), received 2\r\nTry 'readlens --help'.\r\n"},
		{"man with an argument", []string{"man", "x"}, exitUsage,
			"readlens: unknown command \"x\" for \"readlens man\"\r\nTry 'readlens --help'.\r\n"},
	} {
		for _, background := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/background=%v", c.name, background), func(t *testing.T) {
				term := openTerminal(t, false)
				code, out, took := term.run(t, background, nil, c.args...)
				if out != c.want || code != c.code {
					t.Errorf("exit %d, wrote %q\nwant exit %d, %q", code, out, c.code, c.want)
				}
				if took > prompt {
					t.Errorf("took %v", took)
				}
			})
		}
	}
}

// TestColoursAskOnlyAForegroundTerminal: help and read --render draw in
// colours for the terminal's background, so they ask it, but only a
// terminal that readlens has in the foreground, and only when they will
// draw colours; a plain read never asks.
func TestColoursAskOnlyAForegroundTerminal(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(file, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name       string
		background bool
		env        []string
		args       []string
		asks       int
	}{
		{"help", false, nil, []string{"--help"}, 1},
		{"a command's help", false, nil, []string{"read", "--help"}, 1},
		{"help in the background", true, nil, []string{"--help"}, 0},
		{"help under NO_COLOR", false, []string{"NO_COLOR=1"}, []string{"--help"}, 0},
		{"version", false, nil, []string{"--version"}, 0},
		{"read", false, nil, []string{"read", file}, 0},
		{"render", false, nil, []string{"read", "--render", file}, 1},
		{"render in the background", true, nil, []string{"read", "--render", file}, 0},
		{"render with a theme", false, nil, []string{"read", "--render", "--theme", "light", file}, 0},
		{"render under NO_COLOR", false, []string{"NO_COLOR=1"}, []string{"read", "--render", file}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			term := openTerminal(t, true)
			code, out, took := term.run(t, c.background, c.env, c.args...)
			if code != exitOK || took > prompt {
				t.Errorf("exit %d after %v", code, took)
			}
			if n := strings.Count(out, backgroundQuery); n != c.asks {
				t.Errorf("asked the terminal %d times, want %d:\n%q", n, c.asks, out)
			}
		})
	}
}

// TestSessionOpensTheInspector: on a terminal, `readlens session FILE`
// opens the session in the inspector, its head first; q quits. --text
// prints the listing instead, as on a pipe.
func TestSessionOpensTheInspector(t *testing.T) {
	session, err := filepath.Abs(recordedSession)
	if err != nil {
		t.Fatal(err)
	}
	term := openTerminal(t, true)
	go func() {
		defer term.master.WriteString("\x03") // ctrl+c, whatever showed: the test never hangs
		for range 200 {
			time.Sleep(25 * time.Millisecond)
			term.mu.Lock()
			shown := strings.Contains(term.out.String(), "12 reads (2 shell) of 13 tool calls")
			term.mu.Unlock()
			if shown {
				term.master.WriteString("q")
				return
			}
		}
	}()
	code, out, _ := term.run(t, false, nil, "session", session)
	if code != exitOK || !strings.Contains(out, "Claude Code 2.1.330 session 5e55105e-0015-4c1a-9d2e-00000000c1a0") || !strings.Contains(out, "small.txt") {
		t.Errorf("exit %d, wrote %q", code, out)
	}

	term = openTerminal(t, false)
	code, out, _ = term.run(t, false, nil, "session", session, "--text")
	if code != exitOK || !strings.HasPrefix(out, "Claude Code 2.1.330 session 5e55105e-0015-4c1a-9d2e-00000000c1a0, cwd $ROOT\r\n") {
		t.Errorf("--text: exit %d, wrote %q", code, out)
	}
}

// TestSessionListInTheInspector: on a terminal, `readlens session` lists
// the directory's sessions in the inspector; enter opens the newest
// (opencode's, in its SQLite database).
func TestSessionListInTheInspector(t *testing.T) {
	_, _, project := listHome(t)
	term := openTerminal(t, true)
	steps := []struct{ when, press string }{
		{"5 sessions of ", "\r"},
		{"opencode 1.18.33 session ses_df9f4112affedStbBoOhm19YUz", "q"},
	}
	go func() {
		defer term.master.WriteString("\x03") // ctrl+c, whatever showed: the test never hangs
		for _, s := range steps {
			for i := 0; i < 200; i++ {
				time.Sleep(25 * time.Millisecond)
				term.mu.Lock()
				shown := strings.Contains(term.out.String(), s.when)
				term.mu.Unlock()
				if shown {
					term.master.WriteString(s.press)
					break
				}
			}
		}
	}()
	code, out, _ := term.run(t, false, nil, "session", "--cwd", project)
	if code != exitOK || !strings.Contains(out, "opencode 1.18.33 session ses_df9f4112affedStbBoOhm19YUz") || !strings.Contains(out, "11 reads (1 shell) of 12 tool calls") {
		t.Errorf("exit %d, wrote %q", code, out)
	}
}
