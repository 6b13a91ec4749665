package session

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Where each agent keeps its sessions, and the variables that move them
// (each read from the agent's own source or research/sessions.md):
//
//   - Claude Code: $CLAUDE_CONFIG_DIR, else ~/.claude; projects/<cwd, every
//     character but a letter or digit as ->/<session id>.jsonl;
//   - pi 0.73.1: $PI_CODING_AGENT_DIR (a leading ~ expanded), else
//     ~/.pi/agent; sessions/--<cwd without its leading /, / as ->--/*.jsonl;
//     $PI_CODING_AGENT_SESSION_DIR names a folder holding them directly;
//   - Codex: $CODEX_HOME, else ~/.codex; sessions/YYYY/MM/DD/rollout-*.jsonl;
//   - Gemini CLI 0.61.0: $GEMINI_CLI_HOME, else ~; .gemini/tmp/<project>/
//     chats/session-*.jsonl (session-*.json up to 0.38.2, whose working
//     directory is the one <project>/.project_root names);
//     Archived sessions are in archived_sessions/rollout-*.jsonl;
//   - opencode 1.18.33: $XDG_DATA_HOME, else ~/.local/share; opencode/
//     opencode.db, SQLite: a row a session (list_opencode.go).

// ListOptions say whose sessions List finds, and where.
type ListOptions struct {
	// Dir is the directory whose sessions are listed, with those of the
	// directories below it: absolute.
	Dir string
	// Home is the user's home; Getenv reads the environment (os.Getenv
	// when nil).
	Home   string
	Getenv func(string) string
	// Agent lists only this agent's sessions (a profile name); "" lists all.
	Agent string
	// Budget is the most bytes read of one session file (default 32 MiB):
	// a longer session's reads are counted in its first Budget bytes, and
	// it is marked Partial.
	Budget int64
}

// Listed is one session of a list.
type Listed struct {
	Agent     string
	AgentName string
	// File is the session's file; opencode's sessions are DB#ID, the
	// database and the session's id, as Open reads them.
	File     string
	Modified time.Time // the file's (an opencode session's time_updated)
	// Time is when the session began, as its first record says, or, when
	// no record says, the file's mtime; the list is sorted by it.
	// TimeFrom says which: "session", or why the mtime stands in.
	Time     time.Time
	TimeFrom string
	ID       string
	Version  string
	Cwd      string
	Prompt   string
	Reads    int
	// Partial says only the first Budget bytes were read: Reads counts the
	// reads in them.
	Partial bool
}

// Listing is what List found.
type Listing struct {
	Sessions []Listed // newest first
	// Skipped are the session files that could not be read as a session,
	// with why.
	Skipped []string
	// Opencode is opencode's database, when there is one: its sessions
	// are listed with the others.
	Opencode string
}

const (
	defaultBudget = 32 << 20
	// probeBytes are read first to learn a session's working directory:
	// a session of another directory is then left without reading the rest.
	probeBytes = 1 << 20
)

// List finds the sessions of every agent whose working directory is
// opt.Dir or below it, newest first.
func List(opt ListOptions) (*Listing, error) {
	if opt.Getenv == nil {
		opt.Getenv = os.Getenv
	}
	if opt.Budget <= 0 {
		opt.Budget = defaultBudget
	}
	if err := KnownAgent(opt.Agent); err != nil {
		return nil, err
	}
	dirs := []string{filepath.Clean(opt.Dir)}
	if real, err := filepath.EvalSymlinks(opt.Dir); err == nil && real != dirs[0] {
		dirs = append(dirs, real) // the agents record the directory as the system gives it
	}
	l := &Listing{}
	for _, f := range candidates(opt, dirs) {
		if opt.Agent != "" && f.agent != opt.Agent {
			continue
		}
		if s, ok := l.read(f.path, opt, dirs); ok {
			l.Sessions = append(l.Sessions, s)
		}
	}
	if opt.Agent == "" || opt.Agent == "opencode" {
		db := filepath.Join(dataHome(opt), "opencode", "opencode.db")
		if st, err := os.Stat(db); err == nil && st.Mode().IsRegular() {
			l.Opencode = db
			l.opencode(db, opt, dirs)
		}
	}
	sort.SliceStable(l.Sessions, func(i, j int) bool {
		a, b := l.Sessions[i], l.Sessions[j]
		if !a.Time.Equal(b.Time) {
			return a.Time.After(b.Time)
		}
		return a.File > b.File
	})
	return l, nil
}

// read parses one candidate: the session, and whether it is listed. A
// file that is not a session is noted in Skipped.
func (l *Listing) read(path string, opt ListOptions, dirs []string) (Listed, bool) {
	fh, err := os.Open(path)
	if err != nil {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %v", path, err))
		return Listed{}, false
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil || !st.Mode().IsRegular() {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: not a regular file", path))
		return Listed{}, false
	}
	// The probe: the file up to its working directory, within its first
	// MiB. A session of another directory is left there.
	size := st.Size()
	known := func(s *Session) bool { return s.Cwd != "" }
	s, err := Parse(io.LimitReader(fh, min(probeBytes, opt.Budget)), Options{MaxLine: probeBytes, Until: known})
	if err == nil && s.Cwd != "" && !under(s.Cwd, dirs) {
		return Listed{}, false
	}
	if _, err = fh.Seek(0, io.SeekStart); err == nil {
		s, err = Parse(io.LimitReader(fh, opt.Budget), Options{MaxLine: int(opt.Budget)})
	}
	switch {
	case errors.Is(err, ErrNotSession):
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: not a session readlens can read", path))
		return Listed{}, false
	case err != nil:
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %v", path, err))
		return Listed{}, false
	}
	if inProject(s, path, opt.Dir); !under(s.Cwd, dirs) {
		return Listed{}, false
	}
	when, from := s.Started, "session"
	if when.IsZero() {
		when, from = st.ModTime(), "the file's mtime: no record of the session gives its time"
	}
	return Listed{Agent: s.Agent, AgentName: s.AgentName, File: path, Modified: st.ModTime(), Time: when, TimeFrom: from, ID: s.ID,
		Version: s.Version, Cwd: s.Cwd, Prompt: s.Prompt, Reads: len(s.Reads()), Partial: size > opt.Budget}, true
}

// under reports whether cwd is one of dirs or below one.
func under(cwd string, dirs []string) bool {
	if !filepath.IsAbs(cwd) {
		return false
	}
	cwd = filepath.Clean(cwd)
	for _, d := range dirs {
		if cwd == d || strings.HasPrefix(cwd, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}
