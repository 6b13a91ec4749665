package session

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/sessiontest"
)

const recordedPrompt = "Read the files the script names, one call at a time."

var listBase = time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)

// env is a Getenv of the given variables only.
func env(vars ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(vars); i += 2 {
		m[vars[i]] = vars[i+1]
	}
	return func(k string) string { return m[k] }
}

// listed is each listed session as "agent file reads prompt", relative to home.
func listed(t *testing.T, l *Listing, home string) []string {
	t.Helper()
	var out []string
	for _, s := range l.Sessions {
		rel, _ := filepath.Rel(home, s.File)
		out = append(out, fmt.Sprintf("%s %s %d %q partial=%v", s.Agent, rel, s.Reads, s.Prompt, s.Partial))
	}
	return out
}

func sameList(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("listed:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestListRecordedSessions: copies of the recorded sessions, each where its
// agent keeps it, as sessions of one project (and of a folder below it),
// are listed newest first by when each began, as its first record says
// (not by mtime); sessions of another project, one whose name begins as
// the project's does among them, are not.
func TestListRecordedSessions(t *testing.T) {
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "work", "app")
	r := sessiontest.Recordings
	// Mtimes in another order than the sessions' own times: Codex 23:25,
	// Gemini CLI (of a folder below the project) 23:12, pi 23:08, Claude
	// Code 21:57.
	sessiontest.Place(t, filepath.Join(home, r[2].Home), r[2], project, listBase)
	sessiontest.Place(t, filepath.Join(home, r[3].Home), r[3], filepath.Join(project, "web"), listBase.Add(-time.Minute))
	sessiontest.Place(t, filepath.Join(home, r[0].Home), r[0], project, listBase.Add(-time.Hour))
	sessiontest.Place(t, filepath.Join(home, r[1].Home), r[1], project, listBase.Add(-2*time.Hour))
	// Another project's, newer than all: app2 (the same start, for Claude
	// Code's and pi's folder names) and the folder above the project.
	other := listBase.Add(time.Hour)
	sessiontest.Place(t, filepath.Join(home, r[0].Home), r[0], project+"2", other)
	sessiontest.Place(t, filepath.Join(home, r[1].Home), r[1], project+"2", other)
	sessiontest.Place(t, filepath.Join(tmp, "elsewhere", r[2].Home), r[2], project, other) // not under HOME's .codex
	sessiontest.Place(t, filepath.Join(home, r[3].Home), r[3], filepath.Dir(project), other)

	l, err := List(ListOptions{Dir: project, Home: home, Getenv: env()})
	if err != nil {
		t.Fatal(err)
	}
	sameList(t, listed(t, l, home), []string{
		`codex .codex/sessions/2026/11/22/rollout-2026-11-22T23-25-18-01a20594-0d76-7fb1-8247-28e511f598ff.jsonl 11 "` + recordedPrompt + `" partial=false`,
		`gemini-cli .gemini/tmp/web/chats/session-2026-11-22T23-12-f8eb6afb.jsonl 11 "` + recordedPrompt + `" partial=false`,
		`pi .pi/agent/sessions/` + piFolder(project) + `--/2026-11-22T23-08-52-029Z_01a20584-ffbc-7687-8dbf-5acc03be2e97.jsonl 12 "` + recordedPrompt + `" partial=false`,
		`claude-code .claude/projects/` + claudeFolder(project) + `/5e55105e-0015-4c1a-9d2e-00000000c1a0.jsonl 12 "` + recordedPrompt + `" partial=false`,
	})
	if len(l.Skipped) != 0 || l.Opencode != "" {
		t.Errorf("skipped %q, opencode %q", l.Skipped, l.Opencode)
	}
	s := l.Sessions[3]
	if s.AgentName != "Claude Code" || s.Version != "2.1.330" || s.ID != "5e55105e-0015-4c1a-9d2e-00000000c1a0" || s.Cwd != project || !s.Modified.Equal(listBase.Add(-time.Hour)) ||
		s.Time != time.Date(2026, 11, 22, 21, 57, 49, 472e6, time.UTC) || s.TimeFrom != "session" {
		t.Errorf("claude session %+v", s)
	}
	var times []string
	for _, s := range l.Sessions {
		times = append(times, s.Time.Format(time.RFC3339Nano))
	}
	// Codex's first record's wrapper, Gemini CLI's startTime, pi's header.
	if want := "2026-11-22T23:25:19.02Z 2026-11-22T23:12:25.545Z 2026-11-22T23:08:52.029Z 2026-11-22T21:57:49.472Z"; strings.Join(times, " ") != want {
		t.Errorf("times %s", times)
	}

	// From the folder below, only its session; --agent keeps one agent's.
	if l, err = List(ListOptions{Dir: filepath.Join(project, "web"), Home: home, Getenv: env()}); err != nil || len(l.Sessions) != 1 || l.Sessions[0].Agent != "gemini-cli" {
		t.Errorf("below: %v %q", err, listed(t, l, home))
	}
	if l, err = List(ListOptions{Dir: project, Home: home, Getenv: env(), Agent: "pi"}); err != nil || len(l.Sessions) != 1 || l.Sessions[0].Agent != "pi" {
		t.Errorf("--agent pi: %v %q", err, listed(t, l, home))
	}
}

// TestListHonoursTheAgentsVariables: each agent's variable moves where its
// sessions are looked for; the default folder is then not looked in.
func TestListHonoursTheAgentsVariables(t *testing.T) {
	tmp := t.TempDir()
	home, project, moved := filepath.Join(tmp, "home"), filepath.Join(tmp, "app"), filepath.Join(tmp, "moved")
	sessiontest.PlaceAll(t, home, project, listBase) // the defaults: not listed
	r := sessiontest.Recordings
	vars := []string{"CLAUDE_CONFIG_DIR", "PI_CODING_AGENT_DIR", "CODEX_HOME", "GEMINI_CLI_HOME"}
	var kv []string
	for i, rec := range r {
		dir := filepath.Join(moved, rec.Agent)
		sessiontest.Place(t, dir, rec, project, listBase.Add(-time.Duration(i)*time.Minute))
		kv = append(kv, vars[i], dir)
	}
	l, err := List(ListOptions{Dir: project, Home: home, Getenv: env(kv...)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range l.Sessions {
		got = append(got, s.Agent+" "+strings.TrimPrefix(s.File, moved+"/"))
	}
	sameList(t, got, []string{
		"codex codex/sessions/2026/11/22/rollout-2026-11-22T23-25-18-01a20594-0d76-7fb1-8247-28e511f598ff.jsonl",
		"gemini-cli gemini-cli/.gemini/tmp/app/chats/session-2026-11-22T23-12-f8eb6afb.jsonl",
		"pi pi/sessions/" + piFolder(project) + "--/2026-11-22T23-08-52-029Z_01a20584-ffbc-7687-8dbf-5acc03be2e97.jsonl",
		"claude-code claude-code/projects/" + claudeFolder(project) + "/5e55105e-0015-4c1a-9d2e-00000000c1a0.jsonl",
	})

	// pi's session folder holds its sessions directly; a leading ~ is HOME.
	flat := sessiontest.Place(t, filepath.Join(home, "pi-flat"), r[1], project, listBase)
	if err := os.Rename(flat.Path, filepath.Join(home, "pi-flat", filepath.Base(flat.Path))); err != nil {
		t.Fatal(err)
	}
	l, err = List(ListOptions{Dir: project, Home: home, Agent: "pi", Getenv: env("PI_CODING_AGENT_SESSION_DIR", "~/pi-flat")})
	if err != nil || len(l.Sessions) != 1 || l.Sessions[0].File != filepath.Join(home, "pi-flat", filepath.Base(flat.Path)) {
		t.Errorf("PI_CODING_AGENT_SESSION_DIR: %v %+v", err, l)
	}

	// opencode's database, moved by XDG_DATA_HOME: its session is listed
	// as DB#ID; a file that is not a database is skipped and named.
	db := sessiontest.PlaceOpencodeDB(t, filepath.Join(moved, "data"), project)
	sessiontest.PlaceOpencodeDB(t, filepath.Join(home, ".local", "share"), project) // the default: not looked in
	l, err = List(ListOptions{Dir: project, Home: home, Agent: "opencode", Getenv: env("XDG_DATA_HOME", filepath.Join(moved, "data"))})
	if err != nil || l.Opencode != db || len(l.Sessions) != 1 || len(l.Skipped) != 0 {
		t.Fatalf("opencode: %v %+v", err, l)
	}
	if s := l.Sessions[0]; s.File != db+"#"+sessiontest.OpencodeSession || s.ID != sessiontest.OpencodeSession || s.Reads != 11 ||
		s.Version != "1.18.33" || s.Cwd != project || s.Prompt != `"`+recordedPrompt+`"` || s.Time != time.UnixMilli(1795397775061).UTC() || s.TimeFrom != "session" || s.Partial {
		t.Errorf("opencode: %+v", s)
	}
	if l, err = List(ListOptions{Dir: filepath.Join(tmp, "other"), Home: home, Agent: "opencode", Getenv: env("XDG_DATA_HOME", filepath.Join(moved, "data"))}); err != nil || len(l.Sessions) != 0 {
		t.Errorf("opencode, another directory: %v %+v", err, l)
	}
	if l, err = List(ListOptions{Dir: project, Home: home, Agent: "opencode", Budget: 1, Getenv: env("XDG_DATA_HOME", filepath.Join(moved, "data"))}); err != nil || len(l.Sessions) != 1 || !l.Sessions[0].Partial || l.Sessions[0].Reads != 0 {
		t.Errorf("opencode, a budget of 1 byte: %v %+v", err, l)
	}
	if err := os.WriteFile(db, []byte("SQLite format 3\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	if l, err = List(ListOptions{Dir: project, Home: home, Agent: "opencode", Getenv: env("XDG_DATA_HOME", filepath.Join(moved, "data"))}); err != nil || l.Opencode != db ||
		len(l.Sessions) != 0 || len(l.Skipped) != 1 || !strings.HasPrefix(l.Skipped[0], db+": ") {
		t.Errorf("opencode, not a database: %v %+v", err, l)
	}
}

// TestListTimeAndArchive: Codex's archived sessions are listed; a session
// none of whose first records gives a time is listed at its mtime, and
// says so.
func TestListTimeAndArchive(t *testing.T) {
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "app")
	p := sessiontest.Place(t, filepath.Join(home, ".codex"), sessiontest.Recordings[2], project, listBase)
	archived := filepath.Join(home, ".codex", "archived_sessions", filepath.Base(p.Path))
	if err := os.MkdirAll(filepath.Dir(archived), 0o755); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p.Path)
	b = regexp.MustCompile(`(?m)^\{"timestamp":"[^"]*",`).ReplaceAll(b, []byte("{"))
	if err := os.WriteFile(archived, b, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(archived, listBase.Add(time.Hour), listBase.Add(time.Hour))
	l, err := List(ListOptions{Dir: project, Home: home, Getenv: env()})
	if err != nil || len(l.Sessions) != 2 {
		t.Fatalf("%v %q", err, listed(t, l, home))
	}
	if s := l.Sessions[0]; s.File != archived || !s.Time.Equal(listBase.Add(time.Hour)) || s.TimeFrom != "the file's mtime: no record of the session gives its time" || s.Reads != 11 {
		t.Errorf("archived: %+v", s)
	}
	if s := l.Sessions[1]; s.File != p.Path || s.TimeFrom != "session" || s.Time.Format(time.RFC3339Nano) != "2026-11-22T23:25:19.02Z" {
		t.Errorf("live: %+v", s)
	}
}

// TestListSkipsWhatIsNotASession: a file where a session would be that is
// not one (an image named .jsonl), an empty one, and a folder are skipped
// and named, the others listed.
func TestListSkipsWhatIsNotASession(t *testing.T) {
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "app")
	placed := sessiontest.PlaceAll(t, home, project, listBase)
	png, err := os.ReadFile(filepath.Join(oracle.Testdata(), "fixtures", "media", "pic.png"))
	if err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(filepath.Dir(placed[2].Path), "rollout-2026-11-22T00-00-00-junk.jsonl")
	empty := filepath.Join(filepath.Dir(placed[0].Path), "empty.jsonl")
	folder := filepath.Join(filepath.Dir(placed[3].Path), "session-folder.jsonl")
	if os.WriteFile(junk, png, 0o644) != nil || os.WriteFile(empty, nil, 0o644) != nil || os.Mkdir(folder, 0o755) != nil {
		t.Fatal("setting up")
	}
	l, err := List(ListOptions{Dir: project, Home: home, Getenv: env()})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Sessions) != 4 {
		t.Errorf("listed %q", listed(t, l, home))
	}
	want := []string{
		empty + ": not a session readlens can read",
		junk + ": not a session readlens can read",
		folder + ": not a regular file",
	}
	if strings.Join(l.Skipped, "\n") != strings.Join(want, "\n") {
		t.Errorf("skipped:\n%s\nwant:\n%s", strings.Join(l.Skipped, "\n"), strings.Join(want, "\n"))
	}
}

// TestListBudget: past its budget a session is read no further, its reads
// counted in what was read, and it is marked partial.
func TestListBudget(t *testing.T) {
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "app")
	placed := sessiontest.PlaceAll(t, home, project, listBase)
	st, err := os.Stat(placed[0].Path) // Claude Code's, 317 kB
	if err != nil {
		t.Fatal(err)
	}
	l, err := List(ListOptions{Dir: project, Home: home, Getenv: env(), Agent: "claude-code", Budget: st.Size() / 2})
	if err != nil || len(l.Sessions) != 1 {
		t.Fatalf("%v %+v", err, l)
	}
	if s := l.Sessions[0]; !s.Partial || s.Reads == 0 || s.Reads >= 12 || s.Prompt != recordedPrompt {
		t.Errorf("partial %v, reads %d, prompt %q", s.Partial, s.Reads, s.Prompt)
	}
}

// TestFolderNames: the folder names Claude Code and pi give a directory.
func TestFolderNames(t *testing.T) {
	for _, c := range []struct{ dir, claude, pi string }{
		{"/home/me/app", "-home-me-app", "--home-me-app"},
		{"/home/me/my.app_v2", "-home-me-my-app-v2", "--home-me-my.app_v2"},
		{"/home/me/café", "-home-me-caf-", "--home-me-café"},
		{"/home/me/a😀", "-home-me-a--", "--home-me-a😀"},
	} {
		if got := claudeFolder(c.dir); got != c.claude {
			t.Errorf("claudeFolder(%q) = %q, want %q", c.dir, got, c.claude)
		}
		if got := piFolder(c.dir); got != c.pi {
			t.Errorf("piFolder(%q) = %q, want %q", c.dir, got, c.pi)
		}
	}
}

// TestParseUntil: Until stops the reading at the line that satisfies it;
// the list's probe stops at the line that names the working directory.
func TestParseUntil(t *testing.T) {
	until := func(s *Session) bool { return s.Cwd != "" }
	for _, c := range []struct {
		file  string
		lines int
	}{
		{"claude-code/reads.jsonl", 3}, // queue-operation twice, then the prompt's user record
		{"pi/reads.jsonl", 1},          // the header
		{"codex/reads.jsonl", 1},       // session_meta
		{"gemini-cli/reads.jsonl", 2},  // the metadata, then the session context
	} {
		b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", c.file))
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(strings.NewReader(string(b)), Options{Until: until})
		if err != nil || s.Lines != c.lines || s.Cwd != "$ROOT" {
			t.Errorf("%s: %v, %d lines, cwd %q; want %d lines", c.file, err, s.Lines, s.Cwd, c.lines)
		}
	}
}
