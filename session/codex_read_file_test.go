package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
)

// codexReadFile is testdata/sessions/codex/read_file.jsonl: Codex CLI
// 0.105.0, the last release with read_file, offered it through its model
// catalog (internal/record/session_codex_read_file.go).
func codexReadFileSession(t *testing.T) *Session {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "codex", "read_file.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return parse(t, b)
}

// TestCodexReadFileSession: every read_file call of the recorded rollout,
// with the output the model received, exactly: read_file's lines, or its
// error's text (the Responses API carries no error flag).
func TestCodexReadFileSession(t *testing.T) {
	s := codexReadFileSession(t)
	if s.Agent != "codex" || s.Version != "0.105.0" || s.Cwd != "$ROOT" || s.Lines != 90 || s.Records != 90 || s.Bad != 0 || len(s.Notes) != 0 {
		t.Errorf("session %q %q %q: %d lines, %d records, %d bad, notes %q", s.Agent, s.Version, s.Cwd, s.Lines, s.Records, s.Bad, s.Notes)
	}
	type want struct {
		n       int
		tool    string
		path    string
		repeat  int
		cut     bool
		isError bool
		output  string // "" for the long ones, checked by their ends
	}
	for i, w := range []want{
		{1, "read_file", "$ROOT/small.txt", 0, false, false, "L1: Hello, world!\nL2: Line 2\nL3: Line 3"},
		{2, "read_file", "$ROOT/lines_3000.txt", 0, true, false, "L1999: line 1999\nL2000: line 2000\nL2001: line 2001"},
		{3, "read_file", "$ROOT/small.txt", 1, false, false, "L1: Hello, world!\nL2: Line 2\nL3: Line 3"},
		{4, "read_file", "$ROOT/notes.md", 0, false, false, "L1: # Notes\nL2: \nL3: Some notes."},
		{6, "read_file", "$ROOT/notes.md", 4, false, false, "L1: # Notes\nL2: \nL3: Some notes, edited by the model."},
		{7, "read_file", "$ROOT/tabs.txt", 0, false, false, "L1: \tindented\nL2:   two spaces  \nL3: end\t"},
		{8, "read_file", "$ROOT/tabs.txt", 6, false, false, "L1: edited\tby a person\nL2: while the agent ran"},
		{9, "view_image", "$ROOT/media/pic.png", 0, false, false, ""},
		{10, "read_file", "$ROOT/lines_3000.txt", 0, true, false, ""},
		{11, "read_file", "$ROOT/codex/sample.py", 0, false, false, "L1: class Foo:\nL2:     def __init__(self, size):\nL3:         self.size = size\nL4:     def double(self, value):\nL5:         if value is None:\nL6:             return 0\nL7:         result = value * self.size\nL8:         return result\nL9: class Bar:\nL10:     def compute(self):\nL11:         helper = Foo(2)\nL12:         return helper.double(5)"},
		{12, "read_file", "$ROOT/line_60k.txt", 0, true, false, ""},
		{13, "exec_command", "$ROOT/lines_3000.txt", 0, true, false, ""},
		{14, "read_file", "$ROOT/small.txt", 3, false, true, "file_path must be an absolute path"},
		{15, "read_file", "$ROOT/missing.txt", 0, false, true, "failed to read file: No such file or directory (os error 2)"},
		{16, "read_file", "$ROOT/small.txt", 0, false, true, "offset exceeds file length"},
	} {
		c := s.Reads()[i]
		out := c.Result.Output.String()
		switch c.N {
		case 10:
			if !strings.HasPrefix(out, "L1: line 1\nL2: line 2\n") || !strings.HasSuffix(out, "\nL2000: line 2000") || strings.Count(out, "\n") != 1999 {
				t.Errorf("call 10: %q…", out[:min(40, len(out))])
			}
			out = ""
		case 12:
			if out != "L1: "+strings.Repeat("x", 500) {
				t.Errorf("call 12: %d bytes", len(out))
			}
			out = ""
		case 13:
			out = ""
		}
		got := want{c.N, c.Tool, c.Path, c.RepeatOf, c.Cut(), c.Result.IsError, out}
		if got != w {
			t.Errorf("read %d:\n got %+v\nwant %+v", i+1, got, w)
		}
	}
	if len(s.Changes) != 1 || s.Changes[0] != (Change{Path: "$ROOT/notes.md", Line: 30, Call: 5, By: "apply_patch"}) {
		t.Errorf("changes %+v", s.Changes)
	}
}

// TestCodexReadFileCheck: the codex profile gives every read_file answer
// Codex 0.105.0 gave, errors included, but those of the two files that
// changed during the session: the first recording of the real read_file
// that the profile is held to.
func TestCodexReadFileCheck(t *testing.T) {
	got := verdicts(t, codexReadFileSession(t), readertest.FixtureRoot(t))
	want := []string{
		"same", "same", "same", "same",
		"changed: edited by call 5 (apply_patch, line 30)",
		"same",
		"changed: read 6, the same call, got other content",
		"recorded: readlens has no profile of Codex's view_image",
		"same", "same", "same",
		"shell: not run again",
		"same", "same", "same",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCodexReadFileLong: read_file_long.jsonl, a rollout of Codex 0.105.0
// holding an answer one byte over the 48,000 the harness keeps for
// gpt-5-codex, recorded whole, and one of 48,000. The session gives the
// first as the model got it, cut in the middle (as the request codex sent
// holds it: testdata/oracle/codex/harness_over_48001.json), and the second
// as recorded; each is the profile's answer.
func TestCodexReadFileLong(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "codex", "read_file_long.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	s := parse(t, b)
	sent, err := oracle.Load("codex", "harness_over_48001")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Calls) != 2 {
		t.Fatalf("%d calls, want 2", len(s.Calls))
	}
	cut, whole := s.Calls[0].Result, s.Calls[1].Result
	if cut.Output.String() != sent.Output || !cut.Cut || !cut.Transcript {
		t.Errorf("the long answer: %d bytes, cut %v, transcript's own form %v; want the %d bytes codex sent, cut, the transcript's differing", cut.Output.Len(), cut.Cut, cut.Transcript, len(sent.Output))
	}
	if whole.Output.Len() != 48000 || whole.Transcript {
		t.Errorf("the answer of 48,000 bytes: %d bytes, transcript's own form %v", whole.Output.Len(), whole.Transcript)
	}
	if got := verdicts(t, s, readertest.FixtureRoot(t)); strings.Join(got, "\n") != "same\nsame" {
		t.Errorf("check:\n%s", strings.Join(got, "\n"))
	}
}
