package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
)

// recordedAgent is testdata/sessions/<agent>/reads.jsonl: a session the
// agent's CLI wrote, run by internal/record (README there).
func recordedAgent(t testing.TB, agent string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", agent, "reads.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPiRecordedSession: every call of pi 0.73.1's recorded session, with
// what the session says of it and the result the model received, exactly.
func TestPiRecordedSession(t *testing.T) {
	s := parse(t, recordedAgent(t, "pi"))
	if s.Agent != "pi" || s.AgentName != "pi" || s.Version != "" || s.ID != "01a20584-ffbc-7687-8dbf-5acc03be2e97" || s.Cwd != "$ROOT" {
		t.Errorf("session %q %q %q %q %q", s.Agent, s.AgentName, s.Version, s.ID, s.Cwd)
	}
	if s.Lines != 30 || s.Records != 30 || s.Bad != 0 || len(s.Unknown) != 0 || len(s.Notes) != 0 {
		t.Errorf("lines %d, records %d, bad %d, unknown %v, notes %q", s.Lines, s.Records, s.Bad, s.Unknown, s.Notes)
	}
	type want struct {
		n, index   int
		kind       Kind
		tool       string
		path       string
		repeat     int
		cut        bool
		isError    bool
		output     string // "" for read 10, checked by its ends
		line, from int    // the call's line, its result's
	}
	for i, w := range []want{
		{1, 1, KindRead, "read", "$ROOT/small.txt", 0, false, false, "Hello, world!\nLine 2\nLine 3", 5, 6},
		{2, 2, KindRead, "read", "$ROOT/lines_3000.txt", 0, true, false, "line 1999\nline 2000\nline 2001\n\n[1000 more lines in file. Use offset=2002 to continue.]", 7, 8},
		{3, 3, KindRead, "read", "$ROOT/small.txt", 1, false, false, "Hello, world!\nLine 2\nLine 3", 9, 10},
		{4, 4, KindRead, "read", "$ROOT/notes.md", 0, false, false, "# Notes\n\nSome notes.\n", 11, 12}, // an absolute path
		{5, 0, KindOther, "edit", "$ROOT/notes.md", 0, false, false, "Successfully replaced 1 block(s) in notes.md.", 13, 14},
		{6, 5, KindRead, "read", "$ROOT/notes.md", 4, false, false, "# Notes\n\nSome notes, edited by the model.\n", 15, 16},
		{7, 6, KindRead, "read", "$ROOT/tabs.txt", 0, false, false, "\tindented\n  two spaces  \nend\t\n", 17, 18},
		{8, 7, KindRead, "read", "$ROOT/tabs.txt", 6, false, false, "edited\tby a person\nwhile the agent ran\n", 19, 20},
		{9, 8, KindRead, "read", "$ROOT/media/pic.png", 0, false, false, "Read image file [image/png]", 21, 22},
		{10, 9, KindRead, "read", "$ROOT/lines_3000.txt", 0, true, false, "", 21, 23},
		{11, 10, KindShell, "bash", "$ROOT/lines_3000.txt", 0, true, false, "line 10\nline 11\nline 12\n", 24, 25},
		{12, 11, KindShell, "bash", "$ROOT/unicode.txt", 0, true, false, "héllo wörld\n漢字テキスト\n", 26, 27},
		{13, 12, KindRead, "read", "$ROOT/missing.txt", 0, false, true, "ENOENT: no such file or directory, access '$ROOT/missing.txt'", 28, 29},
	} {
		if i >= len(s.Calls) {
			t.Fatalf("%d calls, want 13", len(s.Calls))
		}
		c := s.Calls[i]
		out := c.Result.Output.String()
		if c.N == 10 {
			if !strings.HasPrefix(out, "line 1\nline 2\n") || !strings.HasSuffix(out, "\nline 2000\n\n[Showing lines 1-2000 of 3001. Use offset=2001 to continue.]") || len(out) != 18954 {
				t.Errorf("call 10: %d bytes, %q…%q", len(out), out[:min(20, len(out))], out[max(0, len(out)-80):])
			}
			out = ""
		}
		got := want{c.N, c.Index, c.Kind, c.Tool, c.Path, c.RepeatOf, c.Cut(), c.Result.IsError, out, c.Line, c.Result.Source.Line}
		if got != w {
			t.Errorf("call %d:\n got %+v\nwant %+v", i+1, got, w)
		}
		if c.Result.Source.Record != "toolResult" || c.Result.Harness.String() != "" || c.Result.Transcript || c.Stub {
			t.Errorf("call %d: source %+v, harness %q, transcript %v, stub %v", i+1, c.Result.Source, c.Result.Harness.String(), c.Result.Transcript, c.Stub)
		}
	}
	// What each read says it read: its lines and the file's.
	var views []string
	for _, c := range s.Reads() {
		if f := c.Result.File; f != nil {
			views = append(views, fmt.Sprintf("%d+%d/%d", f.Start, f.Lines, f.Total))
		} else {
			views = append(views, "-")
		}
	}
	if got := strings.Join(views, " "); got != "1+3/3 1999+3/3001 1+3/3 1+4/4 1+4/4 1+4/4 1+3/3 - 1+2000/3001 - - -" {
		t.Errorf("views: %s", got)
	}
	if a := s.Calls[8].Result.Attachments; len(a) != 1 || a[0] != (Attachment{Mime: "image/png", Size: 85, SHA256: "974ad6e744fe6af1ddb9974333c8725198b84fb394e0b45bdac599a306850732"}) {
		t.Errorf("the image: %+v", a)
	}
	if s.Calls[10].Command != "sed -n '10,12p' lines_3000.txt" || s.Calls[10].Span != (Span{10, 12}) {
		t.Errorf("shell read: %q %v", s.Calls[10].Command, s.Calls[10].Span)
	}
	if len(s.Changes) != 1 || s.Changes[0] != (Change{Path: "$ROOT/notes.md", Line: 13, Call: 5, By: "edit"}) {
		t.Errorf("changes %+v", s.Changes)
	}
}

// TestPiCheckRecorded: on the fixtures as the recorder set them up,
// readlens's pi profile gives every read pi gave, but those of the two
// files that changed during the session; shell reads are not run again.
func TestPiCheckRecorded(t *testing.T) {
	s := parse(t, recordedAgent(t, "pi"))
	got := verdicts(t, s, readertest.FixtureRoot(t))
	want := []string{
		"same", "same", "same", "same",
		"changed: edited by call 5 (edit, line 13)",
		"same",
		"changed: read 6 saw other content",
		"same", "same",
		"shell: not run again", "shell: not run again",
		"same",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestPiBadInput: pi's session cut anywhere in its last line, with records
// of types pi 0.73.1 does not write, with lines that are not records: each
// parses with a note, never a panic, and the reads before are intact.
func TestPiBadInput(t *testing.T) {
	b := recordedAgent(t, "pi")
	ls := lines(b)
	t.Run("half-written", func(t *testing.T) {
		// Cut inside the last toolResult (the missing file's): its call
		// is unanswered.
		last := ls[28]
		for _, cut := range []int{1, len(last) / 2, len(last) - 2} {
			data := append(bytes.Join(ls[:28], nil), last[:cut]...)
			s := parse(t, data)
			if len(s.Calls) != 13 || s.Calls[12].Result != nil || s.Calls[11].Result == nil {
				t.Fatalf("cut at %d: %d calls", cut, len(s.Calls))
			}
			if s.Bad != 1 || len(s.Notes) != 1 || s.Notes[0] != "line 29: the last line is incomplete (the session may still be running), skipped" {
				t.Errorf("cut at %d: bad %d, notes %q", cut, s.Bad, s.Notes)
			}
		}
	})
	t.Run("unknown types", func(t *testing.T) {
		var data []byte
		data = append(data, ls[0]...)
		data = append(data, `{"type":"checkpoint","id":"x1","parentId":null}`+"\n"...)
		data = append(data, bytes.Join(ls[1:], nil)...)
		data = append(data, `{"type":"checkpoint","id":"x2"}`+"\n"+`{"type":"plan_update","id":"x3"}`+"\n"...)
		s := parse(t, data)
		if len(s.Calls) != 13 || s.Records != 30 || s.Unknown["checkpoint"] != 2 || s.Unknown["plan_update"] != 1 || len(s.Unknown) != 2 {
			t.Errorf("%d calls, %d records, unknown %v", len(s.Calls), s.Records, s.Unknown)
		}
		if len(s.Notes) != 1 || s.Notes[0] != `records of types readlens does not know were skipped: "checkpoint" (2), "plan_update" (1)` {
			t.Errorf("notes %q", s.Notes)
		}
	})
	t.Run("not records", func(t *testing.T) {
		data := bytes.Join([][]byte{ls[0], []byte("garbage\n"), []byte("[1,2]\n"), []byte(`{"type":"message","message":[]}` + "\n"), []byte(`{"id":"no type"}` + "\n")}, nil)
		data = append(data, bytes.Join(ls[1:], nil)...)
		s := parse(t, data)
		want := []string{
			"line 2: not JSON, skipped",
			"line 3: not a JSON object, skipped",
			`line 4: not a record: "message" is a array, skipped`,
			"line 5: a JSON value with no record type, skipped",
		}
		if len(s.Calls) != 13 || s.Bad != 4 || strings.Join(s.Notes, "\n") != strings.Join(want, "\n") {
			t.Errorf("%d calls, bad %d, notes:\n%s", len(s.Calls), s.Bad, strings.Join(s.Notes, "\n"))
		}
	})
	t.Run("another format", func(t *testing.T) {
		// pi's header as a newer release would write it.
		data := append(bytes.Replace(ls[0], []byte(`"version":3`), []byte(`"version":4`), 1), bytes.Join(ls[1:], nil)...)
		s := parse(t, data)
		if len(s.Calls) != 13 || len(s.Notes) != 1 || s.Notes[0] != "this session is in pi's session format 4; readlens reads format 3 (pi 0.73.1's), so records it does not know are skipped" {
			t.Errorf("%d calls, notes %q", len(s.Calls), s.Notes)
		}
	})
	t.Run("a result with no call", func(t *testing.T) {
		// The assistant record of the first call is gone: its result is
		// an orphan, skipped.
		data := append(bytes.Join(ls[:4], nil), bytes.Join(ls[5:], nil)...)
		s := parse(t, data)
		if len(s.Calls) != 12 || s.Calls[0].Path != "$ROOT/lines_3000.txt" {
			t.Errorf("%d calls, first %q", len(s.Calls), s.Calls[0].Path)
		}
	})
}

// TestPiFilesGone: checked where its files are not, a pi session's reads
// are changed (the file is gone), and its read of a missing file is the
// same: pi's own error, now as then.
func TestPiFilesGone(t *testing.T) {
	s := parse(t, recordedAgent(t, "pi"))
	got := verdicts(t, s, t.TempDir())
	want := []string{}
	for range 9 { // the edited file's too: gone is said first
		want = append(want, "changed: the file is gone")
	}
	want = append(want, "shell: not run again", "shell: not run again", "same")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDetect: each recorded session is told by its first record, whatever
// comes before it; Options.Agent reads a file as the agent named, and an
// agent with no format is an error.
func TestDetect(t *testing.T) {
	for _, agent := range []string{"claude-code", "pi", "codex"} {
		b := recordedAgent(t, agent)
		for _, prefix := range []string{"", "\n", "{\"half\n"} {
			s, err := Parse(bytes.NewReader(append([]byte(prefix), b...)), Options{})
			if err != nil || s.Agent != agent {
				t.Errorf("%s after %q: %v, agent %q", agent, prefix, err, s.Agent)
			}
		}
		s, err := Parse(bytes.NewReader(b), Options{Agent: agent})
		if err != nil || s.Agent != agent {
			t.Errorf("%s as %s: %v", agent, agent, err)
		}
	}
	// pi's file read as Claude Code's: no record is one of Claude Code's
	// (the header's version is a number, not Claude Code's string).
	s, err := Parse(bytes.NewReader(recordedAgent(t, "pi")), Options{Agent: "claude-code"})
	if !errors.Is(err, ErrNotSession) || len(s.Calls) != 0 || s.Bad != 1 || s.Unknown["message"] != 27 || s.Unknown["model_change"] != 1 {
		t.Errorf("pi as claude-code: %v, %d calls, bad %d, unknown %v", err, len(s.Calls), s.Bad, s.Unknown)
	}
	if _, err := Parse(strings.NewReader("{}"), Options{Agent: "vim"}); err == nil || err.Error() != `agent "vim": readlens reads the sessions of claude-code, codex, gemini-cli, opencode, pi` {
		t.Errorf("unknown agent: %v", err)
	}
}

// TestPiFileView: what pi's read says it read, told from its text, agrees
// with the fixture it read, on every text read of pi 0.73.1's oracle
// recordings (testdata/oracle/pi): its lines are the file's lines from
// Start, and Total is the file's count as pi splits it.
func TestPiFileView(t *testing.T) {
	cases, err := oracle.Cases("pi")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, c := range cases {
		var in struct {
			Path   string `json:"path"`
			Offset any    `json:"offset"`
		}
		if json.Unmarshal(c.Args, &in) != nil || in.Path == "" || strings.ContainsAny(in.Path[:1], "~@/") {
			continue
		}
		rec, err := oracle.Load("pi", c.Name)
		if err != nil || rec.IsError || len(rec.Attachments) > 0 || rec.Timeout {
			continue
		}
		data, err := os.ReadFile(filepath.Join(oracle.Testdata(), "fixtures", strings.TrimPrefix(in.Path, oracle.RootVar+"/")))
		if err != nil || !utf8.Valid(data) {
			continue // made at test time, or decoded lossily by pi
		}
		start := 1
		if in.Offset != nil {
			f, ok := in.Offset.(float64)
			if !ok || f != float64(int(f)) {
				continue // coerced by JavaScript: result() gives no view
			}
			start = max(1, int(f))
		}
		var limit any
		if json.Unmarshal(c.Args, &struct {
			Limit *any `json:"limit"`
		}{&limit}) == nil && limit != nil {
			if f, ok := limit.(float64); !ok || f < 0 || f != float64(int(f)) {
				continue // pi's arithmetic is JavaScript's: no lines to tell (result() gives no view)
			}
		}
		fv := piFileView(rec.Output, start)
		if fv == nil {
			if !strings.Contains(rec.Output, " limit. Use bash: ") && !strings.HasPrefix(rec.Output, "Read image file [") {
				t.Errorf("%s: no view of %q", c.Name, rec.Output[:min(80, len(rec.Output))])
			}
			continue
		}
		seen++
		lines := strings.Split(string(data), "\n")
		if fv.Total != len(lines) || fv.Start < 1 || fv.Start-1+fv.Lines > len(lines) ||
			fv.Content.String() != strings.Join(lines[fv.Start-1:fv.Start-1+fv.Lines], "\n") {
			t.Errorf("%s: view %d+%d of %d, the file has %d lines", c.Name, fv.Start, fv.Lines, fv.Total, len(lines))
		}
	}
	t.Logf("%d text reads checked", seen)
	if seen < 20 {
		t.Errorf("%d text reads checked", seen)
	}
}
