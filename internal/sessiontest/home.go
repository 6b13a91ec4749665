// Package sessiontest lays out a fake home holding copies of the recorded
// sessions (testdata/sessions) where each agent keeps its sessions, for
// the tests of the list of sessions.
package sessiontest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

// Placed is one recorded session copied into the fake home.
type Placed struct {
	Agent string // the profile ("claude-code")
	From  string // the recording, under testdata/sessions
	Path  string // the copy
}

// Recording is a recorded session and where its agent keeps such a file,
// with its own name: the recordings' READMEs and recording.json files
// give both.
type Recording struct {
	Agent, From string
	// Home is the agent's folder below HOME, the one its variable moves:
	// CLAUDE_CONFIG_DIR, PI_CODING_AGENT_DIR, CODEX_HOME, GEMINI_CLI_HOME
	// (which stands for HOME itself).
	Home string
	// Where is the copy's path below the agent's folder, given the
	// session's working directory.
	Where func(cwd string) string
}

// Recordings are the recorded sessions of the agents whose files readlens
// lists.
var Recordings = []Recording{
	{"claude-code", "claude-code/reads.jsonl", ".claude", func(cwd string) string {
		return filepath.Join("projects", dashed(cwd, false), "5e55105e-0015-4c1a-9d2e-00000000c1a0.jsonl")
	}},
	{"pi", "pi/reads.jsonl", filepath.Join(".pi", "agent"), func(cwd string) string {
		return filepath.Join("sessions", "--"+dashed(strings.TrimPrefix(cwd, "/"), true)+"--",
			"2026-11-22T23-08-52-029Z_01a20584-ffbc-7687-8dbf-5acc03be2e97.jsonl")
	}},
	{"codex", "codex/reads.jsonl", ".codex", func(string) string {
		return filepath.Join("sessions", "2026", "11", "22", "rollout-2026-11-22T23-25-18-01a20594-0d76-7fb1-8247-28e511f598ff.jsonl")
	}},
	{"gemini-cli", "gemini-cli/reads.jsonl", "", func(cwd string) string {
		return filepath.Join(".gemini", "tmp", filepath.Base(cwd), "chats", "session-2026-11-22T23-12-f8eb6afb.jsonl")
	}},
}

// dashed is a path as the agents name folders after it: Claude Code
// turns every character but a letter or digit into '-', pi only the
// slashes (the test paths are ASCII).
func dashed(p string, slashesOnly bool) string {
	b := []byte(p)
	for i, c := range b {
		alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		if slashesOnly && c == '/' || !slashesOnly && !alnum {
			b[i] = '-'
		}
	}
	return string(b)
}

// Place copies the recording r into the agent's folder dir (HOME/r.Home,
// or where its variable points), as a session of cwd: the recording's
// $ROOT (the working directory of the run that made it, a real path then)
// becomes cwd. The copy's mtime is mtime.
func Place(t testing.TB, dir string, r Recording, cwd string, mtime time.Time) Placed {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", r.From))
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.ReplaceAll(string(b), "$ROOT", cwd))
	path := filepath.Join(dir, r.Where(cwd))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	return Placed{Agent: r.Agent, From: r.From, Path: path}
}

// PlaceAll places every recording in its default folder under home, as
// sessions of cwd, the first the newest: at base, each next an hour older.
func PlaceAll(t testing.TB, home, cwd string, base time.Time) []Placed {
	t.Helper()
	var out []Placed
	for i, r := range Recordings {
		out = append(out, Place(t, filepath.Join(home, r.Home), r, cwd, base.Add(-time.Duration(i)*time.Hour)))
	}
	return out
}
