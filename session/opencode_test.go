package session

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
)

// recordedOpencode is testdata/sessions/opencode/reads.json: what
// `opencode export` printed of a session opencode 1.18.33 ran against
// internal/record's scripted conversation (see the README there).
func recordedOpencode(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "opencode", "reads.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOpencodeRecorded: every call of the export, each read with its
// result exactly as the tool part holds it.
func TestOpencodeRecorded(t *testing.T) {
	s := parse(t, recordedOpencode(t))
	if s.Agent != "opencode" || s.AgentName != "opencode" || s.Version != "1.18.33" || s.ID != "ses_dfa79f31effeoIaY4vbgdb5MKV" || s.Cwd != "$ROOT" {
		t.Errorf("session %q %q %q %q %q", s.Agent, s.AgentName, s.Version, s.ID, s.Cwd)
	}
	if s.Lines != 1235 || s.Bad != 0 || len(s.Unknown) != 0 || len(s.Notes) != 0 || len(s.Calls) != 12 {
		t.Errorf("lines %d, bad %d, unknown %v, notes %q, %d calls", s.Lines, s.Bad, s.Unknown, s.Notes, len(s.Calls))
	}
	var got []string
	for _, c := range s.Calls {
		got = append(got, fmt.Sprintf("%d/%d %s %s line %d repeat %d cut %v", c.N, c.Index, c.Tool, strings.TrimPrefix(c.Path, "$ROOT/"), c.Line, c.RepeatOf, c.Cut()))
	}
	want := []string{
		"1/1 read small.txt line 135 repeat 0 cut false",
		"2/2 read lines_3000.txt line 229 repeat 0 cut true",
		"3/3 read small.txt line 325 repeat 1 cut false",
		"4/4 read notes.md line 419 repeat 0 cut false",
		"5/0 edit notes.md line 513 repeat 0 cut false",
		"6/5 read notes.md line 616 repeat 4 cut false",
		"7/6 read tabs.txt line 710 repeat 0 cut false",
		"8/7 read tabs.txt line 804 repeat 6 cut false",
		"9/8 read media/pic.png line 908 repeat 0 cut false",
		"10/9 read lines_3000.txt line 943 repeat 0 cut true",
		"11/10 bash lines_3000.txt line 1037 repeat 0 cut true",
		"12/11 read missing.txt line 1123 repeat 0 cut false",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c := s.Calls[1]
	if c.ID != "toolu_session_02_1" || string(c.Args) != `{"filePath":"$ROOT/lines_3000.txt","offset":1999,"limit":3}` || c.Cwd != "$ROOT" ||
		c.Time != "2026-11-22T23:10:18.340Z" ||
		c.Result.Output.String() != "<path>$ROOT/lines_3000.txt</path>\n<type>file</type>\n<content>\n1999: line 1999\n2000: line 2000\n2001: line 2001\n\n(Showing lines 1999-2001 of 3000. Use offset=2002 to continue.)\n</content>" ||
		*c.Result.File != (FileView{Start: 1999, Lines: 3, Total: 3000, Content: TextOf("line 1999\nline 2000\nline 2001")}) ||
		c.Result.Source.String() != "tool part record (line 229)" {
		t.Errorf("the cut read: %+v %+v", c, c.Result)
	}
	if r := s.Calls[8].Result; r.Output.String() != "Image read successfully" || r.File != nil ||
		fmt.Sprint(r.Attachments) != "[{image/png 85 974ad6e744fe6af1ddb9974333c8725198b84fb394e0b45bdac599a306850732}]" {
		t.Errorf("the image: %+v", r)
	}
	if r := s.Calls[10]; r.Kind != KindShell || r.Command != "sed -n '10,12p' lines_3000.txt" || r.Span != (Span{10, 12}) || r.Result.Output.String() != "line 10\nline 11\nline 12\n" {
		t.Errorf("the shell read: %+v %+v", r, r.Result)
	}
	if r := s.Calls[11].Result; !r.IsError || r.Output.String() != "File not found: $ROOT/missing.txt" {
		t.Errorf("the error: %+v", r)
	}
	var changes []string
	for _, ch := range s.Changes {
		changes = append(changes, fmt.Sprintf("%s %d %d %s", ch.Path, ch.Line, ch.Call, ch.By))
	}
	if want := "$ROOT/notes.md 513 5 edit|$ROOT/notes.md 565 0 opencode's snapshot saw it change|$ROOT/tabs.txt 857 0 opencode's snapshot saw it change"; strings.Join(changes, "|") != want {
		t.Errorf("changes %q", changes)
	}
}

// TestOpencodeCheck: on the fixtures as the recorder set them up,
// readlens's opencode profile gives every read the model received, but
// those of the two files that changed while the session ran.
func TestOpencodeCheck(t *testing.T) {
	s := parse(t, recordedOpencode(t))
	got := verdicts(t, s, readertest.FixtureRoot(t))
	want := []string{
		"same", "same", "same", "same",
		"changed: edited by call 5 (edit, line 513)",
		"same",
		"changed: opencode's snapshot saw it change (line 857)",
		"same", "same",
		"shell: not run again",
		"same",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The files gone: a clear verdict for each, no error; the read of
	// a missing file is still the same.
	got = verdicts(t, s, t.TempDir())
	gone := "changed: the file is gone"
	want = []string{gone, gone, gone, gone, gone, gone, gone, gone, gone, "shell: not run again", "same"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("files gone, verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOpencodeCutShort: an export cut anywhere (a copy cut short) keeps
// the calls before the cut, each as in the whole file, with one note on
// where it ends; never a panic.
func TestOpencodeCutShort(t *testing.T) {
	full := recordedOpencode(t)
	whole := parse(t, full)
	for at := 1; at < len(full); at += 97 {
		s, err := Parse(bytes.NewReader(full[:at]), Options{})
		if errors.Is(err, ErrNotSession) {
			continue // cut before the session's info was whole
		}
		if err != nil {
			t.Fatalf("cut at %d: %v", at, err)
		}
		if s.Bad != 1 || len(s.Notes) != 1 || !strings.Contains(s.Notes[0], "the export ends before its JSON does (cut short?); what came before is kept") {
			t.Fatalf("cut at %d: notes %q", at, s.Notes)
		}
		for i, c := range s.Calls {
			if w := whole.Calls[i]; c.Result == nil || c.Result.Output.String() != w.Result.Output.String() || string(c.Args) != string(w.Args) {
				t.Fatalf("cut at %d: call %d differs", at, i+1)
			}
		}
	}
	s := parse(t, full[:bytes.Index(full, []byte(`"callID": "toolu_session_09_2"`))])
	if len(s.Calls) != 9 || len(s.Reads()) != 8 {
		t.Errorf("cut in call 10: %d calls", len(s.Calls))
	}
}

// TestOpencodeUnknown: parts and messages of kinds 1.18.33 does not write
// are counted by kind and named; a part that is not one is skipped with a
// note; the reads are all there.
func TestOpencodeUnknown(t *testing.T) {
	b := recordedOpencode(t)
	b = bytes.Replace(b, []byte(`"type": "step-start"`), []byte(`"type": "hologram"`), 3)
	b = bytes.Replace(b, []byte(`"role": "user"`), []byte(`"role": "system"`), 1)
	b = bytes.Replace(b, []byte(`"callID": "toolu_session_05_1",`), []byte(`"callID": 5,`), 1)
	s := parse(t, b)
	if fmt.Sprint(s.Unknown) != "map[message system:1 part hologram:3]" || s.Bad != 1 {
		t.Errorf("unknown %v, bad %d", s.Unknown, s.Bad)
	}
	want := []string{
		`line 513: not a part: "callID" is a number, skipped`,
		`records of types readlens does not know were skipped: "message system" (1), "part hologram" (3)`,
	}
	if fmt.Sprint(s.Notes) != fmt.Sprint(want) || len(s.Reads()) != 11 || len(s.Calls) != 11 {
		t.Errorf("notes %q, %d reads, %d calls", s.Notes, len(s.Reads()), len(s.Calls))
	}
}

// TestOpencodeDatabase: an SQLite database is not read as a stream, and the
// error says what to give instead; other JSON is not an export.
func TestOpencodeDatabase(t *testing.T) {
	_, err := Parse(strings.NewReader("SQLite format 3\x00\x10\x00\x02\x02"), Options{})
	if !errors.Is(err, ErrNotSession) || !errors.Is(err, ErrSQLite) || !strings.Contains(err.Error(), "reads from its file, not from a stream") {
		t.Errorf("%v", err)
	}
	for _, b := range []string{`{"messages": 3}`, `{"info": "x"}`, "{\n  \"info\": {\"id\": 1}\n}", `{"output": "x"}`} {
		if _, err := Parse(strings.NewReader(b), Options{}); !errors.Is(err, ErrNotSession) {
			t.Errorf("%s: %v", b, err)
		}
	}
	if _, err := Parse(strings.NewReader("{}"), Options{Agent: "codex-9"}); err == nil || err.Error() != `agent "codex-9": readlens reads the sessions of claude-code, codex, gemini-cli, opencode, pi` {
		t.Errorf("unknown agent: %v", err)
	}
}

// TestOpencodeModelForm: what 1.18.33's toModelMessages sends for the
// states the recording has none of: a call left running is sent as
// interrupted once a later request is made; an error the user
// interrupted is sent as its metadata.output; a result compaction
// cleared later is kept as the model first had it, with a note.
func TestOpencodeModelForm(t *testing.T) {
	b := recordedOpencode(t)
	b = bytes.Replace(b, []byte("\"callID\": \"toolu_session_01_1\",\n          \"state\": {\n            \"status\": \"completed\""),
		[]byte("\"callID\": \"toolu_session_01_1\",\n          \"state\": {\n            \"status\": \"running\""), 1)
	b = bytes.Replace(b, []byte(`"error": "File not found: $ROOT/missing.txt",`),
		[]byte(`"error": "Tool execution aborted", "metadata": {"interrupted": true, "output": "partial output"},`), 1)
	b = bytes.Replace(b, []byte(`"start": 1795389018340,`), []byte(`"start": 1795389018340, "compacted": 1795389099999,`), 1)
	s := parse(t, b)
	if r := s.Calls[0].Result; r == nil || !r.IsError || r.Output.String() != "[Tool execution was interrupted]" || r.Source.String() != "a later message record (line 191)" {
		t.Errorf("running: %+v", r)
	}
	if r := s.Calls[11].Result; r.IsError || r.Output.String() != "partial output" {
		t.Errorf("interrupted: %+v", r)
	}
	if want := []string{"1 tool results were cleared later by opencode's compaction: the model had them in full until then"}; fmt.Sprint(s.Notes) != fmt.Sprint(want) {
		t.Errorf("notes %q", s.Notes)
	}
	// The session ends while the call runs: no result yet.
	s = parse(t, b[:bytes.Index(b, []byte(`"reason": "tool-calls"`))])
	if r := s.Calls[0].Result; len(s.Calls) != 1 || r != nil {
		t.Errorf("running, the last call: %+v", r)
	}
}

// repeatedExport streams the recorded export with its messages repeated
// n times: a long session made of real parts.
func repeatedExport(t testing.TB, n int) (io.Reader, *int64) {
	b := recordedOpencode(t)
	i := bytes.Index(b, []byte(`"messages": [`)) + len(`"messages": [`)
	j := bytes.LastIndex(b, []byte("]"))
	head, body, tail := b[:i], bytes.TrimSpace(b[i:j]), b[j:]
	var streamed int64
	parts := []io.Reader{bytes.NewReader(head)}
	for k := range n {
		if k > 0 {
			parts = append(parts, strings.NewReader(",\n"))
		}
		parts = append(parts, bytes.NewReader(body))
	}
	parts = append(parts, bytes.NewReader(tail))
	return &countReader{r: io.MultiReader(parts...), n: &streamed}, &streamed
}

type countReader struct {
	r io.Reader
	n *int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	*c.n += int64(n)
	return n, err
}

// TestOpencodeStreams: a 26 MB export is read one part at a time: the
// heap at its peak holds the calls it keeps (their arguments, results and
// file views, most of this export) and a few MiB more, less than the
// document.
func TestOpencodeStreams(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	src, streamed := repeatedExport(t, 300)
	var s *Session
	peak := peakHeap(func() {
		var err error
		if s, err = Parse(src, Options{}); err != nil {
			t.Fatal(err)
		}
	})
	var kept int64
	for _, c := range s.Calls {
		kept += int64(len(c.Args))
		if r := c.Result; r != nil {
			kept += int64(r.Output.Len())
			if r.File != nil {
				kept += int64(r.File.Content.Len())
			}
		}
	}
	t.Logf("%d KiB streamed, %d calls keeping %d KiB, heap peak +%d KiB", *streamed>>10, len(s.Calls), kept>>10, peak>>10)
	if len(s.Reads()) != 3300 || s.Bad != 0 {
		t.Fatalf("%d reads, %d bad", len(s.Reads()), s.Bad)
	}
	// Holding the document would take more than the stream itself.
	if int64(peak) > kept*3/2+16<<20 || int64(peak) > *streamed {
		t.Errorf("heap peak +%d KiB for %d KiB kept of %d KiB streamed", peak>>10, kept>>10, *streamed>>10)
	}
}

// TestPatchFiles: the files an apply_patch call changes, from its text.
func TestPatchFiles(t *testing.T) {
	text := "*** Begin Patch\n*** Update File: a.go\n@@\n-x\n+y\n*** Add File: dir/b.txt\n+new\n*** Delete File: c.md\n*** End Patch"
	if got := fmt.Sprint(patchFiles(text)); got != "[a.go dir/b.txt c.md]" {
		t.Errorf("%s", got)
	}
	if got := patchFiles("no patch here\n*** Update File: \n"); len(got) != 0 {
		t.Errorf("%q", got)
	}
}
