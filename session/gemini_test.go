package session

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
)

// recordedGemini is testdata/sessions/gemini-cli/reads.jsonl: the chat
// Gemini CLI 0.61.0 recorded while it ran internal/record's scripted
// conversation (see the README there).
func recordedGemini(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "gemini-cli", "reads.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGeminiRecorded: every call of the chat, each read with the function
// response the next request sent, exactly.
func TestGeminiRecorded(t *testing.T) {
	s := parse(t, recordedGemini(t))
	if s.Agent != "gemini-cli" || s.AgentName != "Gemini CLI" || s.Version != "" || s.ID != "f8eb6afb-3feb-48c5-9087-be5039db2a0f" || s.Cwd != "$ROOT" {
		t.Errorf("session %q %q %q %q %q", s.Agent, s.AgentName, s.Version, s.ID, s.Cwd)
	}
	if s.Lines != 61 || s.Records != 61 || s.Bad != 0 || len(s.Unknown) != 0 || len(s.Notes) != 0 || len(s.Calls) != 12 {
		t.Errorf("lines %d, records %d, bad %d, unknown %v, notes %q, %d calls", s.Lines, s.Records, s.Bad, s.Unknown, s.Notes, len(s.Calls))
	}
	var got []string
	for _, c := range s.Calls {
		src := "-"
		if c.Result != nil {
			src = c.Result.Source.String()
		}
		got = append(got, fmt.Sprintf("%d/%d %s %s line %d repeat %d cut %v, %s", c.N, c.Index, c.Tool, strings.TrimPrefix(c.Path, "$ROOT/"), c.Line, c.RepeatOf, c.Cut(), src))
	}
	want := []string{
		"1/1 read_file small.txt line 7 repeat 0 cut false, user record (line 8)",
		"2/2 read_file lines_3000.txt line 12 repeat 0 cut true, user record (line 13)",
		"3/3 read_file small.txt line 17 repeat 1 cut false, user record (line 18)",
		"4/4 read_file notes.md line 22 repeat 0 cut false, user record (line 23)",
		"5/0 replace notes.md line 27 repeat 0 cut false, user record (line 28)",
		"6/5 read_file notes.md line 32 repeat 4 cut false, user record (line 33)",
		"7/6 read_file tabs.txt line 37 repeat 0 cut false, user record (line 38)",
		"8/7 read_file tabs.txt line 42 repeat 6 cut false, user record (line 43)",
		"9/8 read_file media/pic.png line 47 repeat 0 cut false, user record (line 48)",
		"10/9 read_file lines_3000.txt line 47 repeat 0 cut true, user record (line 48)",
		"11/10 run_shell_command lines_3000.txt line 52 repeat 0 cut true, user record (line 53)",
		"12/11 read_file missing.txt line 57 repeat 0 cut false, user record (line 58)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c := s.Calls[1]
	if c.ID != "read_file__toolu_session_02_1" || string(c.Args) != `{"file_path":"$ROOT/lines_3000.txt","start_line":1999,"end_line":2001}` ||
		c.Time != "2026-11-22T23:12:26.370Z" || c.Result.Transcript ||
		c.Result.Output.String() != "\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines 1999-2001 of 3001 total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: 2002.\n\n--- FILE CONTENT (truncated) ---\nline 1999\nline 2000\nline 2001" ||
		*c.Result.File != (FileView{Start: 1999, Lines: 3, Total: 3001, Content: TextOf("line 1999\nline 2000\nline 2001")}) {
		t.Errorf("the cut read: %+v %+v", c, c.Result)
	}
	if r := s.Calls[8].Result; r.Output.String() != "Binary content provided (1 item(s))." ||
		fmt.Sprint(r.Attachments) != "[{image/png 85 974ad6e744fe6af1ddb9974333c8725198b84fb394e0b45bdac599a306850732}]" {
		t.Errorf("the image: %+v", r)
	}
	if r := s.Calls[10]; r.Kind != KindShell || r.Span != (Span{10, 12}) ||
		!strings.HasPrefix(r.Result.Output.String(), "<untrusted_context>\nOutput: line 10\nline 11\nline 12\nProcess Group PGID: ") {
		t.Errorf("the shell read: %+v %+v", r, r.Result)
	}
	if r := s.Calls[11].Result; !r.IsError || r.Output.String() != "File not found: $ROOT/missing.txt" {
		t.Errorf("the error: %+v", r)
	}
	if len(s.Changes) != 1 || s.Changes[0] != (Change{Path: "$ROOT/notes.md", Line: 27, Call: 5, By: "replace"}) {
		t.Errorf("changes %+v", s.Changes)
	}
}

// TestGeminiCheck: on the fixtures as the recorder set them up,
// readlens's gemini-cli profile gives every read the model received, but
// those of the two files that changed while the session ran; with the
// files gone, each read says so.
func TestGeminiCheck(t *testing.T) {
	s := parse(t, recordedGemini(t))
	got := verdicts(t, s, readertest.FixtureRoot(t))
	want := []string{
		"same", "same", "same", "same",
		"changed: edited by call 5 (replace, line 27)",
		"same",
		"changed: read 6, the same call, got other content",
		"same", "same",
		"shell: not run again",
		"same",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = verdicts(t, s, t.TempDir())
	gone := "changed: the file is gone"
	want = []string{gone, gone, gone, gone, gone, gone, gone, gone, gone, "shell: not run again", "same"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("files gone, verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestGeminiHalfWritten: a chat cut anywhere (the CLI still writing it)
// parses with a note on its last line, never a panic; a call whose user
// record is not written yet has the result its gemini record holds,
// which for this chat is the same.
func TestGeminiHalfWritten(t *testing.T) {
	full := recordedGemini(t)
	whole := parse(t, full)
	at := 0
	for i, l := range lines(full) {
		for _, cut := range []int{at + len(l)/2, at + len(l) - 1} {
			s, err := Parse(bytes.NewReader(full[:cut]), Options{})
			if i == 0 && errors.Is(err, ErrNotSession) {
				continue
			}
			if err != nil {
				t.Fatalf("line %d cut: %v", i+1, err)
			}
			if s.Agent != "gemini-cli" && i > 0 {
				t.Fatalf("line %d cut: agent %q", i+1, s.Agent)
			}
			for j, c := range s.Calls {
				w := whole.Calls[j]
				if c.Result != nil && (c.Result.Output.String() != w.Result.Output.String() || c.Result.IsError != w.Result.IsError || fmt.Sprint(c.Result.Attachments) != fmt.Sprint(w.Result.Attachments)) {
					t.Fatalf("line %d cut: call %d: %q", i+1, j+1, c.Result.Output.String())
				}
			}
			if cut == at+len(l)/2 && len(bytes.TrimSpace(l[:len(l)/2])) > 0 {
				want := fmt.Sprintf("line %d: the last line is incomplete (the session may still be running), skipped", i+1)
				if fmt.Sprint(s.Notes) != fmt.Sprint([]string{want}) {
					t.Fatalf("notes %q, want %q", s.Notes, want)
				}
			}
		}
		at += len(l)
	}
	// The user record of the last read not written: its gemini record's form.
	s := parse(t, bytes.Join(lines(full)[:57], nil))
	if r := s.Calls[11].Result; r == nil || r.Source != (Source{Record: "gemini", Line: 57}) || r.Output.String() != "File not found: $ROOT/missing.txt" || !r.IsError {
		t.Errorf("the last read from its gemini record: %+v", r)
	}
	// Its gemini record not rewritten with the calls yet: no call.
	if s := parse(t, bytes.Join(lines(full)[:56], nil)); len(s.Calls) != 11 {
		t.Errorf("%d calls", len(s.Calls))
	}
}

// TestGeminiUnknown: messages of a type 0.61.0 does not write and records
// of no kind it writes are counted, named and skipped; a rewind is noted;
// lines that are not records are skipped with a note; the reads are all
// there.
func TestGeminiUnknown(t *testing.T) {
	ls := lines(recordedGemini(t))
	extra := map[int]string{
		3:  `{"id":"x1","timestamp":"2026-11-22T23:12:25.600Z","type":"hologram","content":"?"}` + "\n",
		5:  `{"$frobnicate":{"a":1}}` + "\n",
		9:  `{"$rewindTo":"4c8e9090-dd1c-4213-899f-ede81da6c1b2"}` + "\n",
		11: "not json\n",
		13: `{"id":"x2","type":7}` + "\n",
		20: `{"id":"x3","type":"hologram"}` + "\n",
	}
	var b bytes.Buffer
	for i, l := range ls {
		b.Write(l)
		b.WriteString(extra[i+1])
	}
	s := parse(t, b.Bytes())
	if fmt.Sprint(s.Unknown) != "map[message hologram:2 record {$frobnicate}:1]" || s.Bad != 2 {
		t.Errorf("unknown %v, bad %d", s.Unknown, s.Bad)
	}
	want := []string{
		"line 12: the conversation was rewound to message 4c8e9090-dd1c-4213-899f-ede81da6c1b2; the reads after it are kept, but the model no longer had them",
		"line 15: not JSON, skipped",
		`line 18: not a record: "type" is a number, skipped`,
		`records of types readlens does not know were skipped: "message hologram" (2), "record {$frobnicate}" (1)`,
	}
	if strings.Join(s.Notes, "\n") != strings.Join(want, "\n") || len(s.Reads()) != 11 {
		t.Errorf("notes:\n%s\nwant:\n%s\n%d reads", strings.Join(s.Notes, "\n"), strings.Join(want, "\n"), len(s.Reads()))
	}
	if w := parse(t, recordedGemini(t)); fmt.Sprint(outputs(s)) != fmt.Sprint(outputs(w)) {
		t.Errorf("reads changed")
	}
}

// TestGeminiAgentNamed: --agent gemini-cli reads a chat whose metadata
// line is missing (a chat cut at its head), which the file alone would
// not tell.
func TestGeminiAgentNamed(t *testing.T) {
	rest := bytes.Join(lines(recordedGemini(t))[1:], nil)
	if s, err := Parse(bytes.NewReader(rest), Options{}); err == nil && s.Agent == "gemini-cli" {
		t.Errorf("told without its metadata line")
	}
	s, err := Parse(bytes.NewReader(rest), Options{Agent: "gemini-cli"})
	if err != nil || s.Agent != "gemini-cli" || len(s.Reads()) != 11 || s.ID != "" {
		t.Errorf("%v %+v", err, s)
	}
}

// editedRoot is the fixtures as they were at the end of a recorded
// session: notes.md as the model's edit left it, tabs.txt as the
// recorder (a person) rewrote it.
func editedRoot(t *testing.T) string {
	t.Helper()
	root := readertest.FixtureRoot(t)
	notes := filepath.Join(root, "notes.md")
	b, err := os.ReadFile(notes)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notes, bytes.Replace(b, []byte("Some notes."), []byte("Some notes, edited by the model."), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "tabs.txt"), []byte("edited\tby a person\nwhile the agent ran\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestCheckEveryRead: the reads of the two files that changed during the
// recorded Gemini CLI and opencode sessions (changed in TestGeminiCheck
// and TestOpencodeCheck) are the same as readlens's on the fixtures as
// the session left them: with those tests, every read of both sessions is
// the same as readlens's on the files it read.
func TestCheckEveryRead(t *testing.T) {
	root := editedRoot(t)
	for name, b := range map[string][]byte{"gemini-cli": recordedGemini(t), "opencode": recordedOpencode(t)} {
		got := verdicts(t, parse(t, b), root)
		if got[4] != "same" || got[6] != "same" {
			t.Errorf("%s: reads 5 and 7 on the edited files: %q, %q", name, got[4], got[6])
		}
	}
}
