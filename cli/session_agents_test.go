package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/session"
)

// The sessions the agents' CLIs wrote, recorded by internal/record
// (testdata/sessions/<agent>/README.md).
const (
	recordedPi       = "../testdata/sessions/pi/reads.jsonl"
	recordedCodex    = "../testdata/sessions/codex/reads.jsonl"
	recordedOpencode = "../testdata/sessions/opencode/reads.json"
	recordedGemini   = "../testdata/sessions/gemini-cli/reads.jsonl"
	// The database of another run, and that run's export beside it.
	recordedOpencodeDB = "../testdata/sessions/opencode/sqlite/opencode.db"
)

// TestSessionCheckPi: pi 0.73.1's session, told from its first record:
// every read is the same but those of the two files that changed while
// it ran; the shell reads are not run again; exit 0. pi's session names
// no pi version: the header says so, and no note says it differs from
// the profile's.
func TestSessionCheckPi(t *testing.T) {
	code, out, stderr := cli(t, "session", recordedPi, "--check", "--cwd", fixtureRoot(t))
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
	}
	golden.RequireEqual(t, out)
	if !strings.HasPrefix(out, "pi (version not recorded) session 01a20584-ffbc-7687-8dbf-5acc03be2e97, cwd $ROOT\n") ||
		!strings.HasSuffix(out, "check: 8 same, 2 changed, 0 differs, 2 shell\n") {
		t.Errorf("output:\n%s", out)
	}
}

// TestSessionCheckCodex: Codex 0.169.0 reads through its shell: ten shell
// reads, kept as recorded, and view_image's image, which no profile runs
// again; a note says the session's Codex is not the profile's release.
func TestSessionCheckCodex(t *testing.T) {
	code, out, stderr := cli(t, "session", recordedCodex, "--check", "--cwd", fixtureRoot(t))
	if code != exitOK || stderr != "readlens: this session was written by Codex CLI 0.169.0; readlens reproduces Codex CLI's read tool as of read_file as last shipped (codex-rs 0.57.0-0.105.0), so --check may differ where the tool changed\n" {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
	}
	golden.RequireEqual(t, out)
	if !strings.HasSuffix(out, "check: 0 same, 0 changed, 0 differs, 10 shell, 1 recorded (not run again)\n") {
		t.Errorf("output:\n%s", out)
	}
}

// TestSessionVersionNote: the note that the session's agent is not the
// profile's release compares the versions as numbers: Codex 0.105.0 and
// 0.99 are within the codex profile's read_file (0.57.0 to 0.105.0), so
// no note; 0.169.0 and 0.106.0 are past it.
func TestSessionVersionNote(t *testing.T) {
	b, err := os.ReadFile("../testdata/sessions/codex/read_file.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []struct{ version, note string }{
		{"0.105.0", ""},
		{"0.99.0", ""},
		{"0.106.0", "readlens: this session was written by Codex CLI 0.106.0; readlens reproduces Codex CLI's read tool as of read_file as last shipped (codex-rs 0.57.0-0.105.0), so --check may differ where the tool changed\n"},
		{"0.169.0", "readlens: this session was written by Codex CLI 0.169.0; readlens reproduces Codex CLI's read tool as of read_file as last shipped (codex-rs 0.57.0-0.105.0), so --check may differ where the tool changed\n"},
	} {
		p := filepath.Join(dir, "rollout-"+c.version+".jsonl")
		if err := os.WriteFile(p, bytes.Replace(b, []byte(`"cli_version":"0.105.0"`), []byte(`"cli_version":"`+c.version+`"`), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := cli(t, "session", p)
		if code != exitOK || stderr != c.note || !strings.HasPrefix(out, "Codex CLI "+c.version+" session ") {
			t.Errorf("%s: exit %d, stderr %q\n%.200s", c.version, code, stderr, out)
		}
	}
}

// TestSessionAgentFlag: --agent names the format the file is read as:
// its own gives what detection gives; unknown records of a session still
// being written are counted and named in --json.
func TestSessionAgentFlag(t *testing.T) {
	for _, c := range []struct{ file, agent string }{
		{recordedPi, "pi"}, {recordedCodex, "codex"}, {recordedSession, "claude-code"},
		{recordedGemini, "gemini-cli"}, {recordedOpencode, "opencode"},
	} {
		_, detected, _ := cli(t, "session", c.file)
		code, named, _ := cli(t, "session", c.file, "--agent", c.agent)
		if code != exitOK || named != detected {
			t.Errorf("%s --agent %s: exit %d\n%s\nwant\n%s", c.file, c.agent, code, named, detected)
		}
	}
	b, err := os.ReadFile(recordedCodex)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	data := string(b) + `{"timestamp":"2026-11-22T23:25:24Z","type":"inbox_item","payload":{}}` + "\n" + `{"timestamp":"2026-11-22T23:25:2`
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := cli(t, "session", p, "--json", "--agent", "codex")
	var j sessionJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK {
		t.Fatal(code, err)
	}
	if j.Agent != "codex" || j.Version != "0.169.0" || j.Unknown["inbox_item"] != 1 || j.BadLines != 1 || len(j.Reads) != 11 ||
		!j.Reads[0].Shell || j.Reads[0].Command != "cat small.txt" || j.Reads[7].Tool != "view_image" || len(j.Reads[7].Result.Attachments) != 1 {
		t.Errorf("json: %+v", j)
	}
	want := []string{"line 79: the last line is incomplete (the session may still be running), skipped", `records of types readlens does not know were skipped: "inbox_item" (1)`}
	if strings.Join(j.Notes[:2], "\n") != strings.Join(want, "\n") {
		t.Errorf("notes %q", j.Notes)
	}
}

// TestSessionAgentsCheck: each agent's recorded session, checked on the
// fixtures as the recorder set them up: every read is the same but those
// of the two files that changed while the session ran; exit 0.
func TestSessionAgentsCheck(t *testing.T) {
	for _, c := range []struct{ name, file, checks string }{
		{"opencode", recordedOpencode, "1 same|2 same|3 same|4 same|5 changed: edited by call 5 (edit, line 513)|6 same|7 changed: opencode's snapshot saw it change (line 857)|8 same|9 same|10 shell|11 same"},
		{"opencode-db", recordedOpencodeDB, "1 same|2 same|3 same|4 same|5 changed: edited by call 5 (edit, row 22)|6 same|7 changed: opencode's snapshot saw it change (row 37)|8 same|9 same|10 shell|11 same"},
		{"gemini", recordedGemini, "1 same|2 same|3 same|4 same|5 changed: edited by call 5 (replace, line 27)|6 same|7 changed: read 6, the same call, got other content|8 same|9 same|10 shell|11 same"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := cli(t, "session", c.file, "--check", "--cwd", fixtureRoot(t))
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
			}
			golden.RequireEqual(t, out)
			var checks []string
			for _, l := range strings.Split(out, "\n")[3:14] {
				checks = append(checks, strings.Fields(l)[0]+" "+l[strings.LastIndex(l, "  ")+2:])
			}
			if got := strings.Join(checks, "|"); got != c.checks {
				t.Errorf("checks:\n%s\nwant:\n%s", got, c.checks)
			}
		})
	}
}

// TestSessionAgentsJSON: the JSON names the agent, the version the
// session gives (Gemini CLI's gives none) and the profile's release, and
// each read's result with the record it came from.
func TestSessionAgentsJSON(t *testing.T) {
	code, out, _ := cli(t, "session", recordedOpencode, "--json")
	var j sessionJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK {
		t.Fatal(code, err)
	}
	if j.Agent != "opencode" || j.Version != "1.18.33" || j.ProfileRelease != "1.18.33" || len(j.Reads) != 11 || len(j.Notes) != 0 ||
		j.Summary != (session.Summary{Calls: 12, Reads: 11, Shell: 1, Bytes: 31093, Tokens: 14432, Tokenizer: "cl100k_base", Cut: 3, Repeats: 3, Errors: 1}) {
		t.Errorf("%+v", j)
	}
	if r := j.Reads[7]; r.Range != "image/png" || r.Result.Source.Record != "tool part" || r.Result.Source.Line != 908 || len(r.Result.Attachments) != 1 {
		t.Errorf("the image: %+v %+v", r, r.Result)
	}
	code, out, _ = cli(t, "session", recordedGemini, "--json")
	j = sessionJSON{}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK {
		t.Fatal(code, err)
	}
	if j.Agent != "gemini-cli" || j.AgentName != "Gemini CLI" || j.Version != "" || j.ProfileRelease != "core 0.61.0" || len(j.Reads) != 11 ||
		j.Summary != (session.Summary{Calls: 12, Reads: 11, Shell: 1, Bytes: 20020, Tokens: 9297, Tokenizer: "cl100k_base", Cut: 3, Repeats: 3, Errors: 1}) {
		t.Errorf("%+v", j)
	}
	if r := j.Reads[1]; r.Range != "1999-2001 of 3001" || r.Result.Source.Record != "user" || r.Result.Source.Line != 13 || r.Result.TranscriptDiffers {
		t.Errorf("the cut read: %+v %+v", r, r.Result)
	}
}

// TestSessionAgentsBadInput: unknown records are counted and named in
// --json; a Gemini CLI chat cut mid-line and an opencode export cut short
// each list what came before with a note on stderr, exit 0; a newer
// opencode's export is checked with a note; opencode's
// database is refused with what to give instead; a chats folder with one
// session reads it, with two names them.
func TestSessionAgentsBadInput(t *testing.T) {
	dir := t.TempDir()
	gem, err := os.ReadFile(recordedGemini)
	if err != nil {
		t.Fatal(err)
	}
	odd := strings.Replace(string(gem), `"type":"gemini","content":"Done."`, `"type":"hologram","content":"Done."`, 1) + `{"$frobnicate":1}` + "\n" + `{"id":"x","type":"gemini","toolCalls":[{"id":"y","name":"read_f`
	p := filepath.Join(dir, "odd.jsonl")
	if err := os.WriteFile(p, []byte(odd), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := cli(t, "session", p, "--json")
	var j sessionJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK {
		t.Fatal(code, err)
	}
	if len(j.Unknown) != 2 || j.Unknown["message hologram"] != 1 || j.Unknown["record {$frobnicate}"] != 1 || j.BadLines != 1 || len(j.Reads) != 11 ||
		strings.Join(j.Notes, "|") != `line 63: the last line is incomplete (the session may still be running), skipped|records of types readlens does not know were skipped: "message hologram" (1), "record {$frobnicate}" (1)` {
		t.Errorf("unknown %v, bad %d, notes %q", j.Unknown, j.BadLines, j.Notes)
	}

	oc, err := os.ReadFile(recordedOpencode)
	if err != nil {
		t.Fatal(err)
	}
	p = filepath.Join(dir, "cut.json")
	if err := os.WriteFile(p, oc[:len(oc)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "session", p)
	if code != exitOK || !strings.HasPrefix(stderr, "readlens: line 943: the export ends before its JSON does (cut short?); what came before is kept\n") || !strings.Contains(out, "8 reads (0 shell) of 9 tool calls") {
		t.Errorf("exit %d, stderr %q\n%s", code, stderr, out)
	}

	// A newer release's export: read all the same, with a note.
	p = filepath.Join(dir, "newer.json")
	if err := os.WriteFile(p, []byte(strings.Replace(string(oc), `"version": "1.18.33"`, `"version": "1.19.0"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = cli(t, "session", p, "--check", "--cwd", fixtureRoot(t))
	if code != exitOK || stderr != "readlens: this session was written by opencode 1.19.0; readlens reproduces opencode's read tool as of 1.18.33, so --check may differ where the tool changed\n" ||
		!strings.Contains(out, "check: 8 same, 2 changed, 0 differs, 1 shell\n") {
		t.Errorf("newer: exit %d, stderr %q\n%s", code, stderr, out)
	}

	// A folder holding opencode.db reads the database; a file that only
	// begins as a database does is not one.
	db := filepath.Join(dir, "opencode")
	if err := os.MkdirAll(db, 0o755); err != nil {
		t.Fatal(err)
	}
	rec, err := os.ReadFile(recordedOpencodeDB)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(db, "opencode.db"), rec, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"session", db}, {"session", filepath.Join(db, "opencode.db")}, {"session", filepath.Join(db, "opencode.db#ses_df9f4112affedStbBoOhm19YUz")}} {
		code, out, stderr = cli(t, args...)
		if code != exitOK || stderr != "" || !strings.HasPrefix(out, "opencode 1.18.33 session ses_df9f4112affedStbBoOhm19YUz, cwd $ROOT\n11 reads (1 shell) of 12 tool calls") {
			t.Errorf("%s: exit %d, stderr %q\n%s", args[1], code, stderr, out)
		}
	}
	if code, out, _ = cli(t, "session", db, "--json"); code != exitOK || !strings.Contains(out, `"lines": 54,
  "line_unit": "row",`) || !strings.Contains(out, `"file": "`+filepath.Join(db, "opencode.db")+`"`) {
		t.Errorf("--json: exit %d\n%.600s", code, out)
	}
	if code, _, stderr = cli(t, "session", filepath.Join(db, "opencode.db#ses_gone")); code != exitUsage || !strings.HasSuffix(stderr, `: no session "ses_gone" in opencode's database`+"\n") {
		t.Errorf("#ses_gone: exit %d, stderr %q", code, stderr)
	}
	if err := os.WriteFile(filepath.Join(db, "opencode.db"), []byte("SQLite format 3\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"session", db}, {"session", filepath.Join(db, "opencode.db")}} {
		code, out, stderr = cli(t, args...)
		if code != exitUsage || out != "" || !strings.HasSuffix(stderr, "opencode.db: SQLite cannot read it: file is not a database (26)\n") {
			t.Errorf("%s: exit %d, stderr %q", args[1], code, stderr)
		}
	}

	chats := filepath.Join(dir, "project", "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(chats, "session-2026-11-22T23-12-f8eb6afb.jsonl"), gem, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = cli(t, "session", filepath.Dir(chats))
	if code != exitOK || !strings.HasPrefix(out, "Gemini CLI (version not recorded) session f8eb6afb-3feb-48c5-9087-be5039db2a0f, cwd $ROOT\n") {
		t.Errorf("a project folder: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(chats, "session-2026-11-22T23-13-0a0a0a0a.jsonl"), gem, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = cli(t, "session", chats)
	if code != exitUsage || out != "" || !strings.Contains(stderr, "holds 2 sessions: give one of them (newest first: ") {
		t.Errorf("two sessions: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = cli(t, "session", recordedGemini, "--agent", "codex-9")
	if code != exitUsage || !strings.Contains(stderr, `--agent "codex-9": readlens reads the sessions of claude-code, codex, gemini-cli, opencode, pi`) {
		t.Errorf("unknown agent: exit %d, stderr %q", code, stderr)
	}
}

// TestSessionGeminiJSON: Gemini CLI 0.38.2's .json chat, where its CLI
// keeps it, as a session of the fixtures' copy: its working directory is
// the one its project folder's .project_root names; --check runs each
// read at it. The folder lists it.
func TestSessionGeminiJSON(t *testing.T) {
	root := fixtureRoot(t)
	b, err := os.ReadFile("../testdata/sessions/gemini-cli/reads-0.38.2.json")
	if err != nil {
		t.Fatal(err)
	}
	project := filepath.Join(t.TempDir(), ".gemini", "tmp", "root")
	chat := filepath.Join(project, "chats", "session-2026-11-23T01-51-b07c1bd8.json")
	if os.MkdirAll(filepath.Dir(chat), 0o755) != nil || os.WriteFile(chat, bytes.ReplaceAll(b, []byte("$ROOT"), []byte(root)), 0o644) != nil ||
		os.WriteFile(filepath.Join(project, ".project_root"), []byte(root), 0o644) != nil {
		t.Fatal("setting up")
	}
	code, out, stderr := cli(t, "session", chat, "--check")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
	}
	// The chat names files by the fixtures' real root, a temporary folder
	// whose name's length varies: the sums and the error that quotes a
	// path are masked, the rest is exact.
	out = strings.ReplaceAll(out, root, "$ROOT")
	out = regexp.MustCompile(`\d+ bytes \(≈\d+ tokens`).ReplaceAllString(out, "N bytes (≈N tokens")
	out = regexp.MustCompile(`(missing\.txt +- +)\d+`).ReplaceAllString(out, "${1}N")
	golden.RequireEqual(t, out)
	if code, out2, _ := cli(t, "session", filepath.Dir(chat)); code != exitOK || !strings.HasPrefix(out2, "Gemini CLI (version not recorded) session b07c1bd8-2221-4a36-a5d4-349302362c1a, cwd "+root+"\n") {
		t.Errorf("the chats folder: exit %d\n%s", code, out2)
	}
}

// TestSessionGeminiJSONHashedFolder: a .json chat whose project folder
// has no .project_root, named by the SHA-256 hex of the project root as
// Gemini CLI named its folders before its project registry: the session's
// working directory is --cwd, or the current directory (or its parent)
// whose hash the folder's name is; another directory gives none.
func TestSessionGeminiJSONHashedFolder(t *testing.T) {
	root := fixtureRoot(t)
	b, err := os.ReadFile("../testdata/sessions/gemini-cli/reads-0.38.2.json")
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(root))
	chat := filepath.Join(t.TempDir(), ".gemini", "tmp", hex.EncodeToString(sum[:]), "chats", "session-2026-11-23T01-51-b07c1bd8.json")
	if os.MkdirAll(filepath.Dir(chat), 0o755) != nil || os.WriteFile(chat, bytes.ReplaceAll(b, []byte("$ROOT"), []byte(root)), 0o644) != nil {
		t.Fatal("setting up")
	}
	head := "Gemini CLI (version not recorded) session b07c1bd8-2221-4a36-a5d4-349302362c1a, cwd "
	code, out, stderr := cli(t, "session", chat, "--check", "--cwd", root)
	if code != exitOK || stderr != "" || !strings.HasPrefix(out, head+root+"\n") || !strings.Contains(out, "check: 8 same, 2 changed, 0 differs, 1 shell\n") {
		t.Fatalf("--cwd: exit %d, stderr %q\n%s", code, stderr, out)
	}
	t.Chdir(filepath.Join(root, "media"))
	if code, out, _ := cli(t, "session", chat); code != exitOK || !strings.HasPrefix(out, head+root+"\n") {
		t.Errorf("from a directory of the project: exit %d\n%s", code, out)
	}
	t.Chdir(filepath.Dir(chat))
	if code, out, _ := cli(t, "session", chat); code != exitOK || !strings.HasPrefix(out, head+"\n") {
		t.Errorf("from another directory: exit %d\n%s", code, out)
	}
}
