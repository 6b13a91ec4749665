package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

// recorded is testdata/sessions/claude-code/reads.jsonl: Claude Code
// 2.1.330 run by internal/record on a scripted conversation (see the
// README there).
func recorded(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "claude-code", "reads.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parse(t testing.TB, b []byte) *Session {
	t.Helper()
	s, err := Parse(bytes.NewReader(b), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// lines splits the recorded session into its lines, each with its newline.
func lines(b []byte) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		out = append(out, b[:i+1])
		b = b[i+1:]
	}
	return out
}

// TestRecordedSession: every read of the recorded session, with what the
// session says of it and the result the model received, exactly.
func TestRecordedSession(t *testing.T) {
	s := parse(t, recorded(t))
	if s.Agent != "claude-code" || s.AgentName != "Claude Code" || s.Version != "2.1.330" ||
		s.ID != "5e55105e-0015-4c1a-9d2e-00000000c1a0" || s.Cwd != "$ROOT" {
		t.Errorf("session %q %q %q %q %q", s.Agent, s.AgentName, s.Version, s.ID, s.Cwd)
	}
	if s.Lines != 95 || s.Records != 95 || s.Bad != 0 || len(s.Unknown) != 0 || len(s.Notes) != 0 {
		t.Errorf("lines %d, records %d, bad %d, unknown %v, notes %q", s.Lines, s.Records, s.Bad, s.Unknown, s.Notes)
	}
	const reminder = "\n\n<system-reminder>\n<total_tokens>14999985 tokens left</total_tokens>\n</system-reminder>"
	type want struct {
		n, index int
		kind     Kind
		tool     string
		path     string
		repeat   int
		cut      bool
		isError  bool
		output   string
		blobLine int
		// the transcript kept the result before the request trimmed its end
		transcript bool
	}
	tooBig := "File content (310.9KB) exceeds maximum allowed size (256KB). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file. To read it anyway, up to what still fits in your context, call Read again with allow_large: true \u2014 only if you genuinely need all of it or the user asked for the whole file."
	for i, w := range []want{
		{1, 1, KindRead, "Read", "$ROOT/small.txt", 0, false, false, "1\tHello, world!\n2\tLine 2\n3\tLine 3", 27, false},
		{2, 2, KindRead, "Read", "$ROOT/lines_3000.txt", 0, true, false, "1999\tline 1999\n2000\tline 2000\n2001\tline 2001", 34, false},
		{3, 3, KindRead, "Read", "$ROOT/small.txt", 1, false, false, "1\tHello, world!\n2\tLine 2\n3\tLine 3", 39, false},
		{4, 4, KindRead, "Read", "$ROOT/notes.md", 0, false, false, "1\t# Notes\n2\t\n3\tSome notes.\n4", 44, true},
		{5, 0, KindOther, "Edit", "$ROOT/notes.md", 0, false, false, "The file $ROOT/notes.md has been updated successfully. (file state is current in your context \u2014 no need to Read it back)", 50, false},
		{6, 5, KindRead, "Read", "$ROOT/notes.md", 4, false, false, "1\t# Notes\n2\t\n3\tSome notes, edited by the model.\n4", 55, true},
		{7, 6, KindRead, "Read", "$ROOT/tabs.txt", 0, false, false, "1\t\tindented\n2\t  two spaces  \n3\tend\t\n4", 60, true},
		{8, 7, KindRead, "Read", "$ROOT/tabs.txt", 6, false, false, "1\tedited\tby a person\n2\twhile the agent ran\n3", 65, true},
		{9, 8, KindRead, "Read", "$ROOT/media/pic.png", 0, false, false, "", 73, false},
		{10, 9, KindRead, "Read", "$ROOT/claude/big_300k.txt", 0, false, true, tooBig, 73, false},
		{11, 10, KindShell, "Bash", "$ROOT/lines_3000.txt", 0, true, false, "line 10\nline 11\nline 12", 81, false},
		{12, 11, KindShell, "Bash", "$ROOT/unicode.txt", 0, true, false, "héllo wörld\n漢字テキスト", 86, false},
		{13, 12, KindRead, "Read", "$ROOT/missing.txt", 0, false, true, "File does not exist. Note: your current working directory is $ROOT.", 91, false},
	} {
		if i >= len(s.Calls) {
			t.Fatalf("%d calls, want 13", len(s.Calls))
		}
		c := s.Calls[i]
		got := want{c.N, c.Index, c.Kind, c.Tool, c.Path, c.RepeatOf, c.Cut(), c.Result.IsError, c.Result.Output.String(), c.Result.Source.Line, c.Result.Transcript}
		if got != w {
			t.Errorf("call %d:\n got %+v\nwant %+v", i+1, got, w)
		}
		if c.Result.Source.Record != "api-request-blob" || len(c.Result.Source.Hash) != 64 || c.Result.Source.Trimmed {
			t.Errorf("call %d: source %+v", i+1, c.Result.Source)
		}
		if c.Stub {
			t.Errorf("call %d: a stub", i+1)
		}
		// Claude Code appends its reminder to the last result of a message:
		// inside the string, or as text blocks after an image.
		switch {
		case c.N == 10: // the refusal came before the image in the same message
			if c.Result.Harness.String() != "" {
				t.Errorf("call 10: harness %q", c.Result.Harness.String())
			}
		case c.N == 9:
			if !strings.HasPrefix(c.Result.Harness.String(), "<system-reminder>\nThe task tools haven't been used recently.") ||
				!strings.HasSuffix(c.Result.Harness.String(), "\n<system-reminder>\n<total_tokens>14999985 tokens left</total_tokens>\n</system-reminder>") {
				t.Errorf("call 9: harness %q", c.Result.Harness.String())
			}
		case c.Result.Harness.String() != reminder:
			t.Errorf("call %d: harness %q", c.N, c.Result.Harness.String())
		}
	}
	if len(s.Calls) != 13 || len(s.Reads()) != 12 {
		t.Errorf("%d calls, %d reads", len(s.Calls), len(s.Reads()))
	}
	img := s.Calls[8].Result.Attachments
	if len(img) != 1 || img[0] != (Attachment{"image/png", 85, "974ad6e744fe6af1ddb9974333c8725198b84fb394e0b45bdac599a306850732"}) {
		t.Errorf("image: %+v", img)
	}
	if f := s.Calls[1].Result.File; f == nil || *f != (FileView{1999, 3, 3001, TextOf("line 1999\nline 2000\nline 2001")}) {
		t.Errorf("cut read's file view: %+v", f)
	}
	if sh := s.Calls[10]; sh.Command != "sed -n '10,12p' lines_3000.txt" || sh.Span != (Span{10, 12}) || sh.Cwd != "$ROOT" {
		t.Errorf("shell read: %q %+v %q", sh.Command, sh.Span, sh.Cwd)
	}
	if want := []Change{{Path: "$ROOT/notes.md", Line: 47, Call: 5, By: "Edit"}}; fmt.Sprint(s.Changes) != fmt.Sprint(want) {
		t.Errorf("changes %+v", s.Changes)
	}
	if got := string(s.Calls[1].Args); got != `{"file_path":"$ROOT/lines_3000.txt","offset":1999,"limit":3}` {
		t.Errorf("args %s", got)
	}
}

// TestTranscriptKeepsTheUntrimmedResult: the user record holds "4\t", the
// request sent "4": the model's form is the request's.
func TestTranscriptKeepsTheUntrimmedResult(t *testing.T) {
	ls := lines(recorded(t))
	var rec struct {
		Message struct {
			Content []struct {
				Content string `json:"content"`
			} `json:"content"`
		} `json:"message"`
	}
	if err := json.Unmarshal(ls[41], &rec); err != nil { // line 42, the user record of read 4
		t.Fatal(err)
	}
	if got := rec.Message.Content[0].Content; got != "1\t# Notes\n2\t\n3\tSome notes.\n4\t" {
		t.Fatalf("the transcript's form: %q", got)
	}
	if got := parse(t, recorded(t)).Calls[3].Result.Output.String(); got != "1\t# Notes\n2\t\n3\tSome notes.\n4" {
		t.Fatalf("the model's form: %q", got)
	}
}

// TestHalfWrittenSession: a session cut anywhere (a session still being
// written) parses with a note on its last line, never a panic; a result
// whose request was not written yet is the transcript's, trimmed as the
// request trims it, which for this session is the request's exactly.
func TestHalfWrittenSession(t *testing.T) {
	full := recorded(t)
	whole := parse(t, full)
	check := func(t *testing.T, b []byte, cutLine int) {
		t.Helper()
		s, err := Parse(bytes.NewReader(b), Options{})
		if errors.Is(err, ErrNotSession) && cutLine == 1 {
			return // the first line, cut: nothing is a record yet
		}
		if err != nil {
			t.Fatal(err)
		}
		if cutLine > 0 {
			want := fmt.Sprintf("line %d: the last line is incomplete (the session may still be running), skipped", cutLine)
			if len(s.Notes) != 1 || s.Notes[0] != want || s.Bad != 1 {
				t.Fatalf("notes %q, want %q", s.Notes, want)
			}
		}
		for i, c := range s.Calls {
			w := whole.Calls[i]
			if c.Result == nil {
				continue
			}
			if c.Result.Output.String() != w.Result.Output.String() || c.Result.IsError != w.Result.IsError || fmt.Sprint(c.Result.Attachments) != fmt.Sprint(w.Result.Attachments) {
				t.Errorf("call %d: %q, want %q", c.N, c.Result.Output.String(), w.Result.Output.String())
			}
			if c.Result.Source.Record == "user" && !c.Result.Source.Trimmed {
				t.Errorf("call %d: source %+v", c.N, c.Result.Source)
			}
		}
	}
	at := 0
	for i, l := range lines(full) {
		check(t, full[:at+len(l)/2], i+1) // half of line i+1
		at += len(l)
		check(t, full[:at-1], 0) // line i+1 whole, its newline missing
	}
	// The last request never written: read 12 comes from its user record.
	ls := lines(full)
	s := parse(t, bytes.Join(ls[:90], nil))
	if src := s.Calls[12].Result.Source; src != (Source{Record: "user", Line: 89, Trimmed: true}) {
		t.Errorf("source %+v", src)
	}
	// Read 5's transcript holds "4\t": trimmed, it is what the model got.
	s = parse(t, bytes.Join(ls[:54], nil))
	if r := s.Calls[5].Result; r.Output.String() != "1\t# Notes\n2\t\n3\tSome notes, edited by the model.\n4" || !r.Transcript || r.Source.Line != 53 {
		t.Errorf("read 5 from its transcript: %+v", r)
	}
	// Calls with no result at all.
	s = parse(t, bytes.Join(ls[:88], nil))
	if c := s.Calls[12]; c.Result != nil || c.Cut() || c.Bytes() != 0 {
		t.Errorf("unanswered call: %+v", c)
	}
}

// TestUnknownRecordTypes: records of a type this package does not know
// are counted by type, named in a note, and skipped. The session's own
// records stand in for a newer release's: two of its types are taken out
// of the known list.
func TestUnknownRecordTypes(t *testing.T) {
	for _, typ := range []string{"atis-latch", "cost-state"} {
		delete(claudeTypes, typ)
		defer func() { claudeTypes[typ] = true }()
	}
	s := parse(t, recorded(t))
	if fmt.Sprint(s.Unknown) != "map[atis-latch:5 cost-state:1]" || s.Records != 89 || s.Bad != 0 {
		t.Errorf("unknown %v, records %d, bad %d", s.Unknown, s.Records, s.Bad)
	}
	if want := []string{`records of types readlens does not know were skipped: "atis-latch" (5), "cost-state" (1)`}; fmt.Sprint(s.Notes) != fmt.Sprint(want) {
		t.Errorf("notes %q", s.Notes)
	}
	if len(s.Reads()) != 12 {
		t.Errorf("%d reads", len(s.Reads()))
	}
}

// TestMalformedLines: lines that are not records, among real ones, are
// skipped with a note each, and the reads around them are intact.
func TestMalformedLines(t *testing.T) {
	ls := lines(recorded(t))
	junk := []string{"not json\n", "[1,2]\n", "{}\n", `"a string"` + "\n", `{"type":"user","message":` + "\n", "\n", `{"type":7}` + "\n"}
	var b bytes.Buffer
	for i, l := range ls {
		b.Write(l)
		if i < len(junk) {
			b.WriteString(junk[i])
		}
	}
	s := parse(t, b.Bytes())
	want := []string{
		"line 2: not JSON, skipped",
		"line 4: not a JSON object, skipped",
		"line 6: a JSON value with no record type, skipped",
		"line 8: not a JSON object, skipped",
		"line 10: not JSON, skipped",
		`line 14: not a record: "type" is a number, skipped`,
	}
	if strings.Join(s.Notes, "\n") != strings.Join(want, "\n") || s.Bad != 6 || s.Lines != 102 {
		t.Errorf("notes:\n%s\nwant:\n%s\n(bad %d, lines %d)", strings.Join(s.Notes, "\n"), strings.Join(want, "\n"), s.Bad, s.Lines)
	}
	if w := parse(t, recorded(t)); fmt.Sprint(outputs(s)) != fmt.Sprint(outputs(w)) {
		t.Errorf("reads changed:\n%q\n%q", outputs(s), outputs(w))
	}
}

func outputs(s *Session) []string {
	var out []string
	for _, c := range s.Calls {
		out = append(out, c.Result.Output.String())
	}
	return out
}

// TestLongLines: a line longer than MaxLine is skipped with a note; the
// reads, whose records are short, are all there.
func TestLongLines(t *testing.T) {
	s, err := Parse(bytes.NewReader(recorded(t)), Options{MaxLine: 16 << 10})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"line 14: longer than 16384 bytes, skipped",
		"line 17: longer than 16384 bytes, skipped",
		"line 25: longer than 16384 bytes, skipped",
	}
	if fmt.Sprint(s.Notes) != fmt.Sprint(want) || len(s.Reads()) != 12 || s.Lines != 95 {
		t.Errorf("notes %q, %d reads, %d lines", s.Notes, len(s.Reads()), s.Lines)
	}
}

// TestNotASession: a file with no record of a known format is an error,
// not an empty session.
func TestNotASession(t *testing.T) {
	oracleRecord, err := os.ReadFile(filepath.Join(oracle.Testdata(), "oracle", "claude-code", "small.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{nil, []byte("\n\n"), oracleRecord, []byte("\x00\x01\x02")} {
		if _, err := Parse(bytes.NewReader(b), Options{}); !errors.Is(err, ErrNotSession) {
			t.Errorf("%.20q: %v", b, err)
		}
	}
}

// cycle is an endless stream of the recorded session's lines, over and
// over, cut at n lines: a long session made of real records.
type cycle struct {
	lines [][]byte
	n, i  int
	rest  []byte
	bytes int64
}

func (c *cycle) Read(p []byte) (int, error) {
	for len(c.rest) == 0 {
		if c.i == c.n {
			return 0, io.EOF
		}
		c.rest = c.lines[c.i%len(c.lines)]
		c.i++
	}
	n := copy(p, c.rest)
	c.rest = c.rest[n:]
	c.bytes += int64(n)
	return n, nil
}

// TestLongSessionStreams: 1,000 lines, and then 10,000, made by repeating
// the recorded session's records, are read as a stream: the heap at its
// peak does not grow with the session, only with its reads (each kept).
func TestLongSessionStreams(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	ls := lines(recorded(t))
	run := func(n int) (peak uint64, streamed int64, s *Session) {
		src := &cycle{lines: ls, n: n}
		peak = peakHeap(func() {
			var err error
			if s, err = Parse(src, Options{}); err != nil {
				t.Fatal(err)
			}
		})
		return peak, src.bytes, s
	}
	p1, b1, s1 := run(1000)
	p10, b10, s10 := run(10000)
	t.Logf("1,000 lines: %d KiB streamed, heap peak +%d KiB; 10,000 lines: %d KiB, +%d KiB", b1>>10, p1>>10, b10>>10, p10>>10)
	if s1.Lines != 1000 || len(s1.Reads()) != 10*12+4 || s10.Lines != 10000 || s1.Bad != 0 || len(s1.Unknown) != 0 {
		t.Errorf("1,000 lines: %d lines, %d reads, %d bad; 10,000: %d lines", s1.Lines, len(s1.Reads()), s1.Bad, s10.Lines)
	}
	// The ten-times-longer session holds ten times the reads (about 1 KiB
	// each here) and nothing else.
	if p10 > p1+uint64(len(s10.Reads()))*2048+(4<<20) || p10 > uint64(b10)/4 {
		t.Errorf("heap peak grew from %d KiB to %d KiB for %d KiB of session", p1>>10, p10>>10, b10>>10)
	}
}

// peakHeap runs f and returns how far the heap in use rose above where it
// was, sampled every half millisecond.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(500 * time.Microsecond):
			}
		}
	}()
	f()
	close(stop)
	<-done
	if p := peak.Load(); p > base.HeapInuse {
		return p - base.HeapInuse
	}
	return 0
}

// TestShellRead: the commands counted as reads of a file, and those that
// are not (their output is not the file's).
func TestShellRead(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		path string
		span Span
	}{
		{"cat main.go", "main.go", Span{1, 0}},
		{"cat -n 'a file.txt'", "a file.txt", Span{1, 0}},
		{`cat "dir/x y"`, "dir/x y", Span{1, 0}},
		{`cat a\ b`, "a b", Span{1, 0}},
		{"nl -ba src/app.ts", "src/app.ts", Span{1, 0}},
		{"nl -b a src/app.ts", "src/app.ts", Span{1, 0}},
		{"head x", "x", Span{1, 10}},
		{"head -n 2 unicode.txt", "unicode.txt", Span{1, 2}},
		{"head -n2 x", "x", Span{1, 2}},
		{"head -20 x", "x", Span{1, 20}},
		{"head --lines=5 x", "x", Span{1, 5}},
		{"sed -n '10,12p' lines_3000.txt", "lines_3000.txt", Span{10, 12}},
		{"sed -n 5p x", "x", Span{5, 5}},
		{"sed -n '1,$p' x", "x", Span{1, 0}},
		{"sed -n '200,$p' x", "x", Span{200, 0}},
		{"cat a b", "", Span{}},
		{"cat", "", Span{}},
		{"cat x | head", "", Span{}},
		{"cat x > y", "", Span{}},
		{"cat $HOME/x", "", Span{}},
		{`cat "$HOME/x"`, "", Span{}},
		{"cat *.go", "", Span{}},
		{"cat x; rm y", "", Span{}},
		{"cat x && echo", "", Span{}},
		{"cat -v x", "", Span{}},
		{"cat 'unterminated", "", Span{}},
		{"head -c 10 x", "", Span{}},
		{"head -n 0 x", "", Span{}},
		{"sed -n '12,10p' x", "", Span{}},
		{"sed -i 's/a/b/' x", "", Span{}},
		{"sed -n '/re/p' x", "", Span{}},
		{"tail -n 5 x", "", Span{}},
		{"grep x y", "", Span{}},
		{"cat -", "", Span{}},
		{"cat x\nrm y", "", Span{}},
	} {
		path, span, ok := shellRead(c.cmd)
		if ok != (c.path != "") || path != c.path || span != c.span {
			t.Errorf("%q: %q %+v %v, want %q %+v", c.cmd, path, span, ok, c.path, c.span)
		}
	}
}

// TestStubs: Claude Code's three "file unchanged" stubs, as 2.1.330's
// Read module words them (lan() recognises them); the recorded session has
// none: its repeat read got the content again.
func TestStubs(t *testing.T) {
	for _, s := range []string{
		"File unchanged since last read. The content from the earlier Read tool_result in this conversation is still current \u2014 refer to that instead of re-reading.",
		"Wasted call \u2014 file unchanged since your last Read. Refer to that earlier tool_result instead.",
		"<system-reminder>This file is already in your context as of an earlier read.</system-reminder>",
	} {
		if !IsStub(s) {
			t.Errorf("%q is a stub", s)
		}
	}
	for _, s := range []string{"", "1\tFile unchanged since last read.", "File unchanged"} {
		if IsStub(s) {
			t.Errorf("%q is not a stub", s)
		}
	}
}
