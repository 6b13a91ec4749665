package session

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

// recordedGeminiJSON is testdata/sessions/gemini-cli/reads-0.38.2.json:
// the chat Gemini CLI 0.38.2, the last release that wrote .json chats,
// recorded while it ran the same scripted conversation.
func recordedGeminiJSON(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "gemini-cli", "reads-0.38.2.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGeminiJSONRecorded: every call of the .json chat, each read with
// the result its tool call holds (what the next request sent), or the
// user message's form where the CLI wrote one (the image's).
func TestGeminiJSONRecorded(t *testing.T) {
	s := parse(t, recordedGeminiJSON(t))
	if s.Agent != "gemini-cli" || s.Version != "" || s.ID != "b07c1bd8-2221-4a36-a5d4-349302362c1a" || s.Cwd != "" ||
		s.Started != time.Date(2026, 11, 23, 1, 51, 24, 954e6, time.UTC) || s.Prompt != "Read the files the script names, one call at a time." {
		t.Errorf("session %q %q %q %q %v %q", s.Agent, s.Version, s.ID, s.Cwd, s.Started, s.Prompt)
	}
	if s.Records != 16 || s.Bad != 0 || len(s.Unknown) != 0 || len(s.Notes) != 0 || len(s.Calls) != 12 || len(s.Reads()) != 11 {
		t.Errorf("records %d, bad %d, unknown %v, notes %q, %d calls", s.Records, s.Bad, s.Unknown, s.Notes, len(s.Calls))
	}
	var got []string
	for _, c := range s.Calls {
		got = append(got, fmt.Sprintf("%d/%d %s %s repeat %d cut %v, %s", c.N, c.Index, c.Tool, strings.TrimPrefix(c.Path, "$ROOT/"), c.RepeatOf, c.Cut(), c.Result.Source))
	}
	want := []string{
		"1/1 read_file small.txt repeat 0 cut false, gemini record (line 17)",
		"2/2 read_file lines_3000.txt repeat 0 cut true, gemini record (line 59)",
		"3/3 read_file small.txt repeat 1 cut false, gemini record (line 103)",
		"4/4 read_file notes.md repeat 0 cut false, gemini record (line 145)",
		"5/0 replace notes.md repeat 0 cut false, gemini record (line 187)",
		"6/5 read_file notes.md repeat 4 cut false, gemini record (line 249)",
		"7/6 read_file tabs.txt repeat 0 cut false, gemini record (line 291)",
		"8/7 read_file tabs.txt repeat 6 cut false, gemini record (line 333)",
		"9/8 read_file media/pic.png repeat 0 cut false, user record (line 447)",
		"10/9 read_file lines_3000.txt repeat 0 cut true, user record (line 447)",
		"11/10 run_shell_command lines_3000.txt repeat 0 cut true, gemini record (line 478)",
		"12/11 read_file missing.txt repeat 0 cut false, gemini record (line 521)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if r := s.Calls[1].Result; *r.File != (FileView{Start: 1999, Lines: 3, Total: 3001, Content: TextOf("line 1999\nline 2000\nline 2001")}) {
		t.Errorf("the cut read: %+v", r.File)
	}
	if r := s.Calls[8].Result; fmt.Sprint(r.Attachments) != "[{image/png 85 974ad6e744fe6af1ddb9974333c8725198b84fb394e0b45bdac599a306850732}]" || r.Transcript {
		t.Errorf("the image: %+v", r)
	}
	if r := s.Calls[11].Result; !r.IsError || r.Output.String() != "File not found: $ROOT/missing.txt" {
		t.Errorf("the error: %+v", r)
	}
}

// TestGeminiJSONDetect: the .json chat is told from its first key and its
// messages, on one line or several; the JSONL's first record (the same
// keys, no messages) is not one; --agent gemini-cli reads either.
func TestGeminiJSONDetect(t *testing.T) {
	b := recordedGeminiJSON(t)
	var one bytes.Buffer
	for _, l := range strings.Split(string(b), "\n") {
		one.WriteString(strings.TrimSpace(l))
	}
	for name, in := range map[string][]byte{"pretty": b, "one line": one.Bytes()} {
		for _, agent := range []string{"", "gemini-cli"} {
			s, err := Parse(bytes.NewReader(in), Options{Agent: agent})
			if err != nil || len(s.Reads()) != 11 || s.ID != "b07c1bd8-2221-4a36-a5d4-349302362c1a" {
				t.Errorf("%s, agent %q: %v", name, agent, err)
			}
		}
	}
	s := parse(t, recordedGemini(t))
	if s.Started != time.Date(2026, 11, 22, 23, 12, 25, 545e6, time.UTC) || len(s.Reads()) != 11 {
		t.Errorf("the JSONL: %v, %d reads", s.Started, len(s.Reads()))
	}
}

// TestGeminiJSONCutShort: a chat cut anywhere (a write caught halfway)
// keeps what came before, with a note, and never panics; unknown keys and
// message types are counted.
func TestGeminiJSONCutShort(t *testing.T) {
	b := recordedGeminiJSON(t)
	for cut := 0; cut < len(b); cut += 97 {
		s, err := Parse(bytes.NewReader(b[:cut]), Options{})
		if err != nil {
			continue // too short to be told
		}
		if s.Bad == 0 || !strings.Contains(s.Notes[0], "ends before its JSON does") {
			t.Fatalf("cut at %d: %d bad, notes %q", cut, s.Bad, s.Notes)
		}
	}
	s := parse(t, bytes.Replace(bytes.Replace(b, []byte(`"kind": "main"`), []byte(`"kind": "main", "branch": 2`), 1),
		[]byte(`"type": "user"`), []byte(`"type": "note"`), 1))
	if fmt.Sprint(s.Unknown) != "map[chat key branch:1 message note:1]" || s.Prompt != "" || len(s.Reads()) != 11 {
		t.Errorf("unknown %v, prompt %q", s.Unknown, s.Prompt)
	}
}

// TestGeminiJSONProjectRoot: a .json chat's working directory is the one
// its project folder's .project_root names, in Open and in the list; a
// chat of another project's folder, or of one without the marker, is not
// listed.
func TestGeminiJSONProjectRoot(t *testing.T) {
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "app")
	place := func(slug, root string) string {
		dir := filepath.Join(home, ".gemini", "tmp", slug)
		chat := filepath.Join(dir, "chats", "session-2026-11-23T01-51-b07c1bd8.json")
		if err := os.MkdirAll(filepath.Dir(chat), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(chat, bytes.ReplaceAll(recordedGeminiJSON(t), []byte("$ROOT"), []byte(project)), 0o644)
		if root != "" {
			os.WriteFile(filepath.Join(dir, ".project_root"), []byte(root+"\n"), 0o644)
		}
		return chat
	}
	chat := place("app", project)
	place("app-1", filepath.Join(tmp, "other"))
	place("app-2", "")
	s, err := Open(chat, Options{})
	if err != nil || s.Cwd != project || s.Calls[10].Cwd != project || s.Calls[10].Path != filepath.Join(project, "lines_3000.txt") {
		t.Fatalf("%v %q %+v", err, s.Cwd, s.Calls[10])
	}
	l, err := List(ListOptions{Dir: project, Home: home, Getenv: env()})
	if err != nil || len(l.Sessions) != 1 || l.Sessions[0].File != chat || l.Sessions[0].Reads != 11 || l.Sessions[0].TimeFrom != "session" {
		t.Errorf("%v %+v", err, l)
	}
}

// TestGeminiJSONProjectHash: a .json chat whose project folder has no
// .project_root, the folder named as Gemini CLI named it before 0.39's
// registry (the SHA-256 hex of the project root), is of the directory
// among Here and its parents with that hash; of none when no such
// directory is near. The hash is gemini-cli-core 0.61.0's own:
// new Storage("/home/user/src/app").getFilePathHash(getProjectRoot()).
func TestGeminiJSONProjectHash(t *testing.T) {
	if got := projectOfHash("/h/.gemini/tmp/f9852f0164a82439dfa91c9a2bbe920eb8f1e0f86b22748c0e45c6ab48bdb39e/chats/session-x.json", "/home/user/src/app/cmd/tool"); got != "/home/user/src/app" {
		t.Errorf("gemini-cli-core's hash of /home/user/src/app: %q", got)
	}
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "app")
	sum := sha256.Sum256([]byte(project))
	chat := filepath.Join(home, ".gemini", "tmp", hex.EncodeToString(sum[:]), "chats", "session-2026-11-23T01-51-b07c1bd8.json")
	if err := os.MkdirAll(filepath.Dir(chat), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(chat, bytes.ReplaceAll(recordedGeminiJSON(t), []byte("$ROOT"), []byte(project)), 0o644)
	for _, c := range []struct{ here, cwd string }{
		{project, project},
		{filepath.Join(project, "cmd", "tool"), project}, // a parent's hash
		{tmp, ""},                         // a directory above the project is not it
		{filepath.Join(tmp, "other"), ""}, // another project
		{"", ""},
	} {
		s, err := Open(chat, Options{Here: c.here})
		if err != nil || s.Cwd != c.cwd || s.Calls[10].Cwd != c.cwd {
			t.Errorf("here %q: %v, cwd %q, call 11's %q", c.here, err, s.Cwd, s.Calls[10].Cwd)
		}
		if c.cwd != "" && s.Calls[10].Path != filepath.Join(project, "lines_3000.txt") {
			t.Errorf("here %q: call 11 reads %q", c.here, s.Calls[10].Path)
		}
	}
	l, err := List(ListOptions{Dir: project, Home: home, Getenv: env()})
	if err != nil || len(l.Sessions) != 1 || l.Sessions[0].File != chat || l.Sessions[0].Reads != 11 {
		t.Errorf("%v %+v", err, l)
	}
	if l, err := List(ListOptions{Dir: filepath.Join(tmp, "other"), Home: home, Getenv: env()}); err != nil || len(l.Sessions) != 0 {
		t.Errorf("another directory lists %+v", l)
	}
}
