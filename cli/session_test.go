package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/session"
)

// recordedSession is Claude Code 2.1.330's own session file, recorded by
// internal/record (testdata/sessions/claude-code/README.md), named as
// given on the command line, from the package's directory.
const recordedSession = "../testdata/sessions/claude-code/reads.jsonl"

// TestSessionList: one line per read, under the session's sums.
func TestSessionList(t *testing.T) {
	code, out, stderr := cli(t, "session", recordedSession)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	golden.RequireEqual(t, out)
}

// TestSessionCheck: on the fixtures set up as the recorder set them up,
// every read is the same but those of the two files that changed while the
// session ran; exit 0.
func TestSessionCheck(t *testing.T) {
	code, out, stderr := cli(t, "session", recordedSession, "--check", "--cwd", fixtureRoot(t))
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
	}
	golden.RequireEqual(t, out)
	var checks []string
	for _, l := range strings.Split(out, "\n")[3:15] {
		f := strings.Fields(l)
		checks = append(checks, f[0]+" "+l[strings.LastIndex(l, "  ")+2:])
	}
	want := "1 same|2 same|3 same|4 same|5 changed: edited by call 5 (Edit, line 47)|6 same|7 changed: read 6 saw other content|8 same|9 same|10 shell|11 shell|12 same"
	if got := strings.Join(checks, "|"); got != want {
		t.Errorf("checks:\n%s\nwant:\n%s", got, want)
	}
}

// TestSessionCheckDiffers: a file changed with nothing in the session to
// say so is a read on which readlens and the agent disagree: exit 1, and
// where they part.
func TestSessionCheckDiffers(t *testing.T) {
	src := fixtureRoot(t)
	files := map[string]string{"small.txt": "Hello, world!\nLine 2, changed unseen\nLine 3\n"}
	for _, name := range []string{"lines_3000.txt", "notes.md", "tabs.txt", "media/pic.png", "claude/big_300k.txt"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = string(b)
	}
	code, out, stderr := cli(t, "session", recordedSession, "--check", "--cwd", fixtures.Tree(t, files))
	if code != exitToolError || stderr != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
	}
	golden.RequireEqual(t, out)
}

// TestSessionJSON: the session, each read with the result the model
// received and where it came from, and the check.
func TestSessionJSON(t *testing.T) {
	code, out, _ := cli(t, "session", recordedSession, "--json", "--check", "--cwd", fixtureRoot(t))
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	golden.RequireEqual(t, out)
	var j sessionJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if j.Agent != "claude-code" || j.Version != "2.1.330" || j.ProfileRelease != "2.1.330" || j.Cwd != "$ROOT" || len(j.Reads) != 12 ||
		j.Summary != (session.Summary{Calls: 13, Reads: 12, Shell: 2, Bytes: 848, Tokens: 235, Tokenizer: "cl100k_base", Cut: 3, Repeats: 3, Errors: 2}) ||
		j.Check["same"] != 8 || j.Check["changed"] != 2 || j.Check["shell"] != 2 || len(j.Unknown) != 0 {
		t.Errorf("%+v", j)
	}
	r := j.Reads[3]
	if r.Result.Output != "1\t# Notes\n2\t\n3\tSome notes.\n4" || !r.Result.TranscriptDiffers || r.Result.Source.Record != "api-request-blob" ||
		r.Result.Source.Line != 44 || r.Check.Verdict != "same" || r.Check.Output != nil {
		t.Errorf("read 4: %+v %+v %+v", r, r.Result, r.Check)
	}
	if r := j.Reads[4]; r.Check.Output == nil || *r.Check.Output != "1\t# Notes\n2\t\n3\tSome notes.\n4" {
		t.Errorf("read 5: readlens's answer is not given: %+v", r.Check)
	}
}

// TestSessionUsage: what readlens cannot read as a session exits 2 with
// the reason on stderr and nothing on stdout.
func TestSessionUsage(t *testing.T) {
	dir := t.TempDir()
	notSession := filepath.Join(dir, "x.jsonl")
	if err := os.WriteFile(notSession, []byte("{\"type\":\"checkpoint\",\"version\":3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"check without file", []string{"session", "--check"}, "--check checks one session: give its FILE"},
		{"list of no directory", []string{"session", "--cwd", notSession}, "not a directory"},
		{"list of an unknown agent", []string{"session", "--cwd", dir, "--agent", "vim"}, `--agent "vim": readlens reads`},
		{"missing", []string{"session", filepath.Join(dir, "gone.jsonl")}, "no such file or directory"},
		{"directory", []string{"session", t.TempDir()}, "holds no session file readlens knows"},
		{"directory of no session", []string{"session", dir}, "x.jsonl: not a session file readlens can read"},
		{"not a session", []string{"session", notSession}, "not a session file readlens can read (Claude Code's, pi's or Codex's JSONL, Gemini CLI's chats/session-*.jsonl, opencode export's JSON)"},
		{"unknown agent", []string{"session", recordedSession, "--agent", "vim"}, `--agent "vim": readlens reads the sessions of claude-code, codex, gemini-cli, opencode, pi`},
		{"another agent's file", []string{"session", recordedSession, "--agent", "pi"}, "not a session file readlens can read"},
		{"cwd without check", []string{"session", recordedSession, "--cwd", dir}, "--cwd says where to run --check"},
		{"cwd not a directory", []string{"session", recordedSession, "--check", "--cwd", notSession}, "not a directory"},
		{"two files", []string{"session", recordedSession, recordedSession}, "accepts at most 1 arg"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, c.args...)
			if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, stdout, stderr, c.want)
			}
		})
	}
}

// TestSessionHalfWritten: a session still being written lists its reads,
// says on stderr that its last line is incomplete, and exits 0. Cut in
// the request that carries the last result, the session gives that result
// from its transcript, trimmed as the request trims it: still the same.
func TestSessionHalfWritten(t *testing.T) {
	b, err := os.ReadFile(recordedSession)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	cut := len(bytes.Join(lines[:90], nil)) + len(lines[90])/2 // in line 91, the last api-request-blob
	p := filepath.Join(t.TempDir(), "running.jsonl")
	if err := os.WriteFile(p, b[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "session", p, "--check", "--cwd", fixtureRoot(t))
	if code != exitOK || stderr != "readlens: line 91: the last line is incomplete (the session may still be running), skipped\n" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(out, "\n12  Read  missing.txt          -                     67  error               same\n") ||
		!strings.Contains(out, "check: 8 same, 2 changed, 0 differs, 2 shell\n") {
		t.Errorf("output:\n%s", out)
	}
	code, out, _ = cli(t, "session", p, "--json")
	var j sessionJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK {
		t.Fatal(code, err)
	}
	if src := j.Reads[11].Result.Source; src.Record != "user" || src.Line != 89 || !src.Trimmed || j.BadLines != 1 ||
		j.Notes[0] != "line 91: the last line is incomplete (the session may still be running), skipped" {
		t.Errorf("source %+v, bad lines %d, notes %q", src, j.BadLines, j.Notes)
	}
}

// TestSessionGone: checked where its files are not, every read of a file
// is changed (gone), with a note saying --cwd would find them; exit 0.
// The recorded session, its $ROOT made a directory that does not exist.
func TestSessionGone(t *testing.T) {
	b, err := os.ReadFile(recordedSession)
	if err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(t.TempDir(), "gone")
	p := filepath.Join(t.TempDir(), "moved.jsonl")
	if err := os.WriteFile(p, bytes.ReplaceAll(b, []byte("$ROOT"), []byte(gone)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "session", p, "--check")
	if code != exitOK || stderr != "readlens: the session's working directory "+gone+" is not here: its reads will be changed (gone); --cwd DIR checks them where the project is now\n" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if !strings.Contains(out, "check: 1 same, 9 changed, 0 differs, 2 shell\n") {
		t.Errorf("output:\n%s", out)
	}
	// A recorded session's $ROOT is no directory at all: --cwd is needed.
	code, out, stderr = cli(t, "session", recordedSession, "--check")
	if code != exitUsage || out != "" || !strings.Contains(stderr, `the session's working directory "$ROOT" is not an absolute path`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// TestSessionHostileNames: names and outputs in a session reach the
// terminal as visible symbols, never as control sequences: here the
// recorded session with one file renamed, and a session file's own name.
func TestSessionHostileNames(t *testing.T) {
	b, err := os.ReadFile(recordedSession)
	if err != nil {
		t.Fatal(err)
	}
	renamed := strings.ReplaceAll(string(b), "$ROOT/small.txt", `$ROOT/sm\u001b[2Jall\u202e.txt`)
	dir := t.TempDir()
	p := filepath.Join(dir, "hostile.jsonl")
	if err := os.WriteFile(p, []byte(renamed), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "session", p, "--check", "--cwd", dir)
	if code != exitOK || strings.ContainsAny(out+stderr, "\x1b\u202e") || !strings.Contains(out, "  sm␛[2Jall⟨RLO⟩.txt  ") {
		t.Errorf("exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr = cli(t, "session", filepath.Join(dir, "a\x1b]52;c;eA==\x07.jsonl"))
	if code != exitUsage || out != "" || strings.ContainsAny(stderr, "\x1b\x07") || !strings.Contains(stderr, "a␛]52;c;eA==␇.jsonl") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
