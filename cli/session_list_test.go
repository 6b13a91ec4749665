package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/sessiontest"
	"github.com/readlens/readlens/session"
)

// listHome sets up a fake HOME holding copies of the recorded sessions,
// each where its agent keeps it, as sessions of project (a folder of the
// returned tmp) or of the folder web below it, and one of another
// project; it clears the agents' variables and pins the zone.
func listHome(t *testing.T) (tmp, home, project string) {
	t.Helper()
	tmp = t.TempDir()
	home, project = filepath.Join(tmp, "home"), filepath.Join(tmp, "app")
	if err := os.MkdirAll(filepath.Join(project, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	for _, v := range []string{"CLAUDE_CONFIG_DIR", "PI_CODING_AGENT_DIR", "PI_CODING_AGENT_SESSION_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "XDG_DATA_HOME"} {
		t.Setenv(v, "")
	}
	zone := sessionZone
	sessionZone = time.UTC
	t.Cleanup(func() { sessionZone = zone })
	base := time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC)
	r := sessiontest.Recordings
	// Newest first: pi, Codex, Gemini CLI (in web), Claude Code.
	sessiontest.Place(t, filepath.Join(home, r[1].Home), r[1], project, base)
	sessiontest.Place(t, filepath.Join(home, r[2].Home), r[2], project, base.Add(-90*time.Second))
	sessiontest.Place(t, filepath.Join(home, r[3].Home), r[3], filepath.Join(project, "web"), base.Add(-time.Hour))
	sessiontest.Place(t, filepath.Join(home, r[0].Home), r[0], project, base.Add(-26*time.Hour))
	// Another project's, the newest of all: not listed.
	sessiontest.Place(t, filepath.Join(home, r[0].Home), r[0], project+"2", base.Add(time.Hour))
	// opencode's database, holding one session of the project.
	sessiontest.PlaceOpencodeDB(t, filepath.Join(home, ".local", "share"), project)
	return tmp, home, project
}

// hideTmp is s with the temporary folder tmp as $TMP, in full and as
// Claude Code and pi name folders after it.
func hideTmp(s, tmp string) string {
	s = strings.ReplaceAll(s, tmp, "$TMP")
	return strings.ReplaceAll(s, strings.ReplaceAll(strings.TrimPrefix(tmp, "/"), "/", "-"), "$TMP")
}

// TestSessionListOfDir: `readlens session` without FILE lists the
// sessions of the directory and below, newest first, a line each, the
// first prompt cut to the width (80 off a terminal).
func TestSessionListOfDir(t *testing.T) {
	_, _, project := listHome(t)
	code, out, stderr := cli(t, "session", "--cwd", project)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	golden.RequireEqual(t, out)
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("a line of %d characters: %q", n, l)
		}
	}
	// From the folder below, as the current directory: Gemini CLI's only.
	t.Chdir(filepath.Join(project, "web"))
	code, out, _ = cli(t, "session")
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != exitOK || len(lines) != 2 || !strings.HasPrefix(lines[1], "Gemini CLI ") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestSessionListJSON: --json lists the same sessions as an array, the
// temporary folder shown as $TMP.
func TestSessionListJSON(t *testing.T) {
	tmp, _, project := listHome(t)
	code, out, stderr := cli(t, "session", "--cwd", project, "--json")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != 5 {
		t.Fatalf("%v: %d sessions", err, len(list))
	}
	golden.RequireEqual(t, hideTmp(out, tmp))
}

// TestSessionListVariables: the agents' variables move where their
// sessions are looked for; --agent keeps one agent's; the defaults are then
// not looked in.
func TestSessionListVariables(t *testing.T) {
	tmp, _, project := listHome(t)
	moved := filepath.Join(tmp, "moved")
	vars := map[string]string{"claude-code": "CLAUDE_CONFIG_DIR", "pi": "PI_CODING_AGENT_DIR", "codex": "CODEX_HOME", "gemini-cli": "GEMINI_CLI_HOME"}
	for i, r := range sessiontest.Recordings {
		dir := filepath.Join(moved, r.Agent)
		sessiontest.Place(t, dir, r, project, time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC).Add(-time.Duration(i)*time.Minute))
		t.Setenv(vars[r.Agent], dir)
	}
	sessiontest.PlaceOpencodeDB(t, filepath.Join(moved, "data"), project)
	t.Setenv("XDG_DATA_HOME", filepath.Join(moved, "data"))
	code, out, stderr := cli(t, "session", "--cwd", project)
	// Each at the time its session began, not its file's mtime.
	want := "agent        started           reads  first prompt\n" +
		"opencode     2026-11-23 01:36     11  \"Read the files the script names, one cal…\n" +
		"Codex CLI    2026-11-22 23:25     11  Read the files the script names, one call…\n" +
		"Gemini CLI   2026-11-22 23:12     11  Read the files the script names, one call…\n" +
		"pi           2026-11-22 23:08     12  Read the files the script names, one call…\n" +
		"Claude Code  2026-11-22 21:57     12  Read the files the script names, one call…\n"
	if code != exitOK || out != want || stderr != "" {
		t.Errorf("exit %d, stderr %q, out:\n%s\nwant:\n%s", code, stderr, out, want)
	}
	code, out, _ = cli(t, "session", "--cwd", project, "--agent", "codex", "--json")
	if code != exitOK || !strings.Contains(out, `"file": "`+filepath.Join(moved, "codex", "sessions")) || strings.Count(out, `"agent":`) != 1 {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestSessionListSkips: a file where a session would be that is not one (an
// image named as a rollout), and an opencode.db that is not a database,
// are skipped with a counted note on stderr; a session that gives no time
// of its own (an archived Codex rollout without its timestamps) is listed
// at its mtime, with a note. All exit 0.
func TestSessionListSkips(t *testing.T) {
	tmp, home, project := listHome(t)
	png, err := os.ReadFile(filepath.Join(oracle.Testdata(), "fixtures", "media", "pic.png"))
	if err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(home, ".codex", "sessions", "2026", "11", "22", "rollout-junk.jsonl")
	if err := os.WriteFile(junk, png, 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(home, ".local", "share", "opencode", "opencode.db")
	if err := os.MkdirAll(filepath.Dir(db), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db, []byte("SQLite format 3\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	rollout, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "codex", "reads.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	rollout = regexp.MustCompile(`(?m)^\{"timestamp":"[^"]*",`).ReplaceAll(bytes.ReplaceAll(rollout, []byte("$ROOT"), []byte(project)), []byte("{"))
	archived := filepath.Join(home, ".codex", "archived_sessions", "rollout-2026-11-20T10-00-00-01a20594-0d76-7fb1-8247-28e511f598ff.jsonl")
	if os.MkdirAll(filepath.Dir(archived), 0o755) != nil || os.WriteFile(archived, rollout, 0o644) != nil {
		t.Fatal("setting up")
	}
	code, out, stderr := cli(t, "session", "--cwd", project, "--json")
	if code != exitOK || strings.Count(out, `"agent":`) != 5 || !strings.Contains(out, `"time_from": "the file's mtime: no record of the session gives its time"`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
	want := "readlens: 2 session files skipped, not readable as a session:\n" +
		"  $TMP/home/.codex/sessions/2026/11/22/rollout-junk.jsonl: not a session readlens can read\n" +
		"  $TMP/home/.local/share/opencode/opencode.db: SQLite cannot read it: file is not a database (26)\n" +
		"readlens: 1 session gives no time of its own: it is listed at its file's mtime\n"
	if got := hideTmp(stderr, tmp); got != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, want)
	}
}

// TestSessionListNone: a directory with no session says so and exits 0;
// --json prints an empty array.
func TestSessionListNone(t *testing.T) {
	tmp, _, _ := listHome(t)
	empty := filepath.Join(tmp, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "session", "--cwd", empty)
	if want := "no session of Claude Code, pi, Codex CLI, Gemini CLI or opencode in " + empty + " or below\n"; code != exitOK || out != want || stderr != "" {
		t.Errorf("exit %d, out %q, stderr %q", code, out, stderr)
	}
	if code, out, _ = cli(t, "session", "--cwd", empty, "--agent", "pi"); code != exitOK || out != "no session of pi in "+empty+" or below\n" {
		t.Errorf("--agent pi: exit %d, %q", code, out)
	}
	if code, out, _ = cli(t, "session", "--cwd", empty, "--json"); code != exitOK || out != "[]\n" {
		t.Errorf("--json: exit %d, %q", code, out)
	}
}

// TestListPromptOneLine: a prompt is shown on one line, its white space
// runs as one space, what a terminal would act on shown as a symbol, cut
// to the width on screen (wide characters count two).
func TestListPromptOneLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"fix\n\n  the\tbug\r\n", "fix the bug"},
		{"", "-"},
		{"  \n ", "-"},
	} {
		if got := oneLine(c.in); got != c.want {
			t.Errorf("oneLine(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := oneLine("red \x1b[31mtext\x1b]0;title\x07"); strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("escape kept: %q", got)
	}
	long := oneLine(strings.Repeat("é", 5000))
	if n := len([]rune(long)); n != 2048 || !strings.HasSuffix(long, "é") {
		t.Errorf("a long prompt keeps %d characters", n)
	}
	l := &session.Listing{Sessions: []session.Listed{{AgentName: "pi", Time: time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC), TimeFrom: "session", Reads: 3, Prompt: strings.Repeat("漢", 40)}}}
	zone := sessionZone
	sessionZone = time.UTC
	defer func() { sessionZone = zone }()
	var b strings.Builder
	if err := writeListText(&b, l, "/", "", 50); err != nil {
		t.Fatal(err)
	}
	want := "agent  started           reads  first prompt\n" +
		"pi     2026-01-02 03:04      3  漢漢漢漢漢漢漢漢…\n" // 32 + 8×2 + 1 columns
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestSessionListReadme: the README's list is the golden of
// TestSessionListOfDir, as the test prints it.
func TestSessionListReadme(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "TestSessionListOfDir.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if block := "$ readlens session --cwd $TMP/app\n" + string(want) + "```"; !strings.Contains(string(readme), block) {
		t.Errorf("the README does not show:\n%s", block)
	}
}
