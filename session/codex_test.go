package session

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
)

// TestCodexRecordedSession: every call of Codex 0.169.0's recorded
// rollout, with what the session says of it and the output the model
// received, exactly as recorded.
func TestCodexRecordedSession(t *testing.T) {
	s := parse(t, recordedAgent(t, "codex"))
	if s.Agent != "codex" || s.AgentName != "Codex CLI" || s.Version != "0.169.0" || s.ID != "01a20594-0d76-7fb1-8247-28e511f598ff" || s.Cwd != "$ROOT" {
		t.Errorf("session %q %q %q %q %q", s.Agent, s.AgentName, s.Version, s.ID, s.Cwd)
	}
	if s.Lines != 77 || s.Records != 77 || s.Bad != 0 || len(s.Unknown) != 0 || len(s.Notes) != 0 {
		t.Errorf("lines %d, records %d, bad %d, unknown %v, notes %q", s.Lines, s.Records, s.Bad, s.Unknown, s.Notes)
	}
	const head = "Process exited with code 0\nOriginal token count: "
	type want struct {
		n, index   int
		kind       Kind
		tool       string
		command    string
		path       string
		repeat     int
		cut        bool
		isError    bool
		output     string // after the header's wall time; "" for call 11, checked by its ends
		line, from int
	}
	for i, w := range []want{
		{1, 1, KindShell, "exec_command", "cat small.txt", "$ROOT/small.txt", 0, false, false, head + "7\nOutput:\nHello, world!\nLine 2\nLine 3", 10, 13},
		{2, 2, KindShell, "exec_command", "sed -n '1999,2001p' lines_3000.txt", "$ROOT/lines_3000.txt", 0, true, false, head + "8\nOutput:\nline 1999\nline 2000\nline 2001\n", 15, 18},
		{3, 3, KindShell, "exec_command", "cat small.txt", "$ROOT/small.txt", 1, false, false, head + "7\nOutput:\nHello, world!\nLine 2\nLine 3", 20, 23},
		{4, 4, KindShell, "exec_command", "nl -ba notes.md", "$ROOT/notes.md", 0, false, false, head + "11\nOutput:\n     1\t# Notes\n     2\t\n     3\tSome notes.\n", 25, 28},
		{5, 0, KindOther, "exec_command", "sed -i 's/Some notes\\./Some notes, edited by the model./' notes.md", "", 0, false, false, head + "0\nOutput:\n", 30, 33},
		{6, 5, KindShell, "exec_command", "nl -ba notes.md", "$ROOT/notes.md", 4, false, false, head + "16\nOutput:\n     1\t# Notes\n     2\t\n     3\tSome notes, edited by the model.\n", 35, 38},
		{7, 6, KindShell, "exec_command", "cat tabs.txt", "$ROOT/tabs.txt", 0, false, false, head + "8\nOutput:\n\tindented\n  two spaces  \nend\t\n", 40, 43},
		{8, 7, KindShell, "exec_command", "cat tabs.txt", "$ROOT/tabs.txt", 6, false, false, head + "10\nOutput:\nedited\tby a person\nwhile the agent ran\n", 45, 48},
		{9, 8, KindRead, "view_image", "", "$ROOT/media/pic.png", 0, false, false, "", 50, 54},
		{10, 9, KindShell, "exec_command", "head -n 2 unicode.txt", "$ROOT/unicode.txt", 0, true, false, head + "9\nOutput:\nhéllo wörld\n漢字テキスト\n", 51, 56},
		{11, 10, KindShell, "exec_command", "cat lines_3000.txt", "$ROOT/lines_3000.txt", 0, true, false, "", 58, 61},
		{12, 0, KindOther, "exec_command", "sed -n '1,5p' lines_3000.txt | wc -l", "", 0, false, false, head + "1\nOutput:\n5\n", 63, 66},
		{13, 11, KindShell, "exec_command", "cat missing.txt", "$ROOT/missing.txt", 0, false, true, "Process exited with code 1\nOriginal token count: 11\nOutput:\ncat: missing.txt: No such file or directory\n", 68, 71},
	} {
		if i >= len(s.Calls) {
			t.Fatalf("%d calls, want 13", len(s.Calls))
		}
		c := s.Calls[i]
		out := c.Result.Output.String()
		if c.Tool == "exec_command" {
			// Codex's header: "Chunk ID: d95703\nWall time: 0.0000 seconds\n…"
			_, rest, ok := strings.Cut(out, " seconds\n")
			if !strings.HasPrefix(out, "Chunk ID: ") || !strings.Contains(out, "\nWall time: ") || !ok {
				t.Errorf("call %d: no header: %q", c.N, out)
			}
			out = rest
		}
		if c.N == 11 {
			if !strings.HasPrefix(out, head+"7224\nOutput:\nWarning: truncated output (original token count: 7224)\nTotal output lines: 3000\n\nline 1\nline 2\n") ||
				!strings.HasSuffix(out, "\nline 2999\nline 3000\n") || len(c.Result.Output.String()) != 10213 {
				t.Errorf("call 11: %d bytes, %q…", len(c.Result.Output.String()), out[:min(200, len(out))])
			}
			out = ""
		}
		got := want{c.N, c.Index, c.Kind, c.Tool, c.Command, c.Path, c.RepeatOf, c.Cut(), c.Result.IsError, out, c.Line, c.Result.Source.Line}
		if got != w {
			t.Errorf("call %d:\n got %+v\nwant %+v", i+1, got, w)
		}
		if c.Result.Source.Record != "response_item function_call_output" || c.Result.Harness.String() != "" || c.Cwd != "$ROOT" {
			t.Errorf("call %d: source %+v, harness %q, cwd %q", i+1, c.Result.Source, c.Result.Harness.String(), c.Cwd)
		}
	}
	img := s.Calls[8]
	if a := img.Result.Attachments; len(a) != 1 || a[0] != (Attachment{Mime: "image/png", Size: 85, SHA256: "974ad6e744fe6af1ddb9974333c8725198b84fb394e0b45bdac599a306850732"}) {
		t.Errorf("the image: %+v", a)
	}
	if img.Unchecked != "readlens has no profile of Codex's view_image" || string(img.Args) != `{"path":"$ROOT/media/pic.png"}` {
		t.Errorf("view_image: %q, args %s", img.Unchecked, img.Args)
	}
	if string(s.Calls[3].Args) != `{"cmd":"nl -ba notes.md","workdir":"$ROOT"}` {
		t.Errorf("call 4's arguments: %s", s.Calls[3].Args)
	}
}

// TestCodexCheckRecorded: Codex 0.169.0 read only through its shell and
// view_image, so Check runs nothing again: shell reads are shell, the
// image is shown as recorded. The same where the files are gone.
func TestCodexCheckRecorded(t *testing.T) {
	s := parse(t, recordedAgent(t, "codex"))
	var want []string
	for i := range 11 {
		want = append(want, "shell: not run again")
		if i == 7 {
			want[i] = "recorded: readlens has no profile of Codex's view_image"
		}
	}
	for _, dir := range []string{readertest.FixtureRoot(t), t.TempDir()} {
		if got := verdicts(t, s, dir); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("in %s:\n%s\nwant:\n%s", dir, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestCodexBadInput: a rollout cut in its last line, with records of types
// 0.169.0 does not write, with lines that are not records: each parses
// with a note, never a panic.
func TestCodexBadInput(t *testing.T) {
	ls := lines(recordedAgent(t, "codex"))
	t.Run("half-written", func(t *testing.T) {
		// Cut inside the output of the last call: it is unanswered.
		last := ls[70]
		for _, cut := range []int{1, len(last) / 2, len(last) - 2} {
			data := append(bytes.Join(ls[:70], nil), last[:cut]...)
			s := parse(t, data)
			if len(s.Calls) != 13 || s.Calls[12].Result != nil || s.Calls[11].Result == nil {
				t.Fatalf("cut at %d: %d calls", cut, len(s.Calls))
			}
			if s.Bad != 1 || len(s.Notes) != 1 || s.Notes[0] != "line 71: the last line is incomplete (the session may still be running), skipped" {
				t.Errorf("cut at %d: bad %d, notes %q", cut, s.Bad, s.Notes)
			}
			if got := verdicts(t, s, t.TempDir()); got[10] != "shell: not run again" { // unanswered, and never run again
				t.Errorf("cut at %d: %q", cut, got[10])
			}
		}
	})
	t.Run("unknown types", func(t *testing.T) {
		data := append([]byte(nil), ls[0]...)
		data = append(data, `{"timestamp":"2026-11-22T23:25:19.100Z","type":"inbox_item","payload":{"id":1}}`+"\n"...)
		data = append(data, bytes.Join(ls[1:], nil)...)
		data = append(data, `{"timestamp":"2026-11-22T23:25:24Z","type":"inbox_item","payload":{}}`+"\n"...)
		s := parse(t, data)
		if len(s.Calls) != 13 || s.Records != 77 || s.Unknown["inbox_item"] != 2 || len(s.Unknown) != 1 {
			t.Errorf("%d calls, %d records, unknown %v", len(s.Calls), s.Records, s.Unknown)
		}
		if len(s.Notes) != 1 || s.Notes[0] != `records of types readlens does not know were skipped: "inbox_item" (2)` {
			t.Errorf("notes %q", s.Notes)
		}
	})
	t.Run("not records", func(t *testing.T) {
		data := bytes.Join([][]byte{ls[0], []byte("\x00\x01garbage\n"), []byte(`"a string"` + "\n"), []byte(`{"type":"response_item","payload":{"type":3}}` + "\n"), []byte(`{"payload":{}}` + "\n")}, nil)
		data = append(data, bytes.Join(ls[1:], nil)...)
		s := parse(t, data)
		want := []string{
			"line 2: not JSON, skipped",
			"line 3: not a JSON object, skipped",
			"line 4: not a record: its payload is not Codex's, skipped",
			"line 5: a JSON value with no record type, skipped",
		}
		if len(s.Calls) != 13 || s.Bad != 4 || strings.Join(s.Notes, "\n") != strings.Join(want, "\n") {
			t.Errorf("%d calls, bad %d, notes:\n%s", len(s.Calls), s.Bad, strings.Join(s.Notes, "\n"))
		}
	})
}

// TestCodexEarlierTools: the tools earlier releases offered, written in
// the recorded rollout's records with the call's name and arguments
// changed: shell's argv, shell_command's string, read_file (a read the
// codex profile runs again), apply_patch's patch (an edit).
func TestCodexEarlierTools(t *testing.T) {
	ls := lines(recordedAgent(t, "codex"))
	call := string(ls[9]) // the function_call of `cat small.txt`
	with := func(name, args string) []byte {
		l := strings.Replace(call, `"name":"exec_command"`, `"name":"`+name+`"`, 1)
		return []byte(strings.Replace(l, `"arguments":"{\"cmd\":\"cat small.txt\"}"`, `"arguments":`+args, 1))
	}
	for _, c := range []struct {
		name, args string
		kind       Kind
		command    string
		path       string
	}{
		{"shell", `"{\"command\":[\"bash\",\"-lc\",\"sed -n '2,3p' small.txt\"],\"workdir\":\"$ROOT/dir\"}"`, KindShell, "sed -n '2,3p' small.txt", "$ROOT/dir/small.txt"},
		{"shell", `"{\"command\":[\"cat\",\"small.txt\"]}"`, KindShell, "cat small.txt", "$ROOT/small.txt"},
		{"shell_command", `"{\"command\":\"nl -ba small.txt\"}"`, KindShell, "nl -ba small.txt", "$ROOT/small.txt"},
		{"read_file", `"{\"file_path\":\"$ROOT/small.txt\",\"offset\":2}"`, KindRead, "", "$ROOT/small.txt"},
	} {
		data := append(bytes.Join(ls[:9], nil), with(c.name, c.args)...)
		s := parse(t, append(data, bytes.Join(ls[10:], nil)...))
		got := s.Calls[0]
		if got.Kind != c.kind || got.Tool != c.name || got.Command != c.command || got.Path != c.path || got.Result == nil {
			t.Errorf("%s %s: kind %v, command %q, path %q, result %v", c.name, c.args, got.Kind, got.Command, got.Path, got.Result != nil)
		}
	}
	patch := strings.Replace(call, `"type":"function_call"`, `"type":"custom_tool_call"`, 1)
	patch = strings.Replace(patch, `"name":"exec_command"`, `"name":"apply_patch"`, 1)
	patch = strings.Replace(patch, `"arguments":"{\"cmd\":\"cat small.txt\"}"`, `"input":"*** Begin Patch\n*** Update File: notes.md\n@@\n-Some notes.\n+Other notes.\n*** End Patch\n"`, 1)
	s := parse(t, append(append(bytes.Join(ls[:9], nil), patch...), bytes.Join(ls[10:], nil)...))
	if len(s.Changes) != 1 || s.Changes[0] != (Change{Path: "$ROOT/notes.md", Line: 10, Call: 1, By: "apply_patch"}) {
		t.Errorf("apply_patch: changes %+v", s.Changes)
	}
}

// TestAgentSessionsStream: pi's and Codex's sessions, their recorded
// lines repeated to 1,000 and then 10,000 lines, are read as a stream:
// the heap at its peak grows with the reads kept, not with the session.
func TestAgentSessionsStream(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	for _, c := range []struct {
		agent string
		reads int // in the recorded session
	}{{"pi", 12}, {"codex", 11}} {
		ls := lines(recordedAgent(t, c.agent))
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
		t.Logf("%s: 1,000 lines: %d KiB streamed, heap peak +%d KiB; 10,000 lines: %d KiB, +%d KiB", c.agent, b1>>10, p1>>10, b10>>10, p10>>10)
		whole := 1000 / len(ls)
		if s1.Agent != c.agent || s1.Lines != 1000 || len(s1.Reads()) < whole*c.reads || s10.Lines != 10000 || s1.Bad != 0 || len(s1.Unknown) != 0 {
			t.Errorf("%s: 1,000 lines: %d lines, %d reads, %d bad; 10,000: %d lines", c.agent, s1.Lines, len(s1.Reads()), s1.Bad, s10.Lines)
		}
		// The results are kept (pi's cut read of lines_3000.txt is 19 KB of
		// each cycle's 54 KB), with about 2 KiB around each read; the
		// lines that hold no result are not.
		kept := uint64(0)
		for _, r := range s10.Reads() {
			kept += uint64(r.Result.Output.Len()+r.Result.Harness.Len()) + 2048
		}
		if p10 > p1+kept+(4<<20) || p10 > uint64(b10)*3/4 { // holding every line would be more than the session
			t.Errorf("%s: heap peak grew from %d KiB to %d KiB for %d KiB of session, %d KiB of reads", c.agent, p1>>10, p10>>10, b10>>10, kept>>10)
		}
	}
}

// TestAgentSessionsCutAnywhere: pi's and Codex's recorded sessions cut in
// the middle of each of their lines (a session still being written, or a
// copy cut short) parse with one note on the last line, keep every call
// before the cut, and are checked without a panic.
func TestAgentSessionsCutAnywhere(t *testing.T) {
	for _, agent := range []string{"pi", "codex"} {
		b := recordedAgent(t, agent)
		ls := lines(b)
		full := parse(t, b)
		at := 0
		for i, l := range ls {
			cut := at + len(l)/2
			at += len(l)
			s, err := Parse(bytes.NewReader(b[:cut]), Options{})
			if i == 0 {
				if err == nil {
					t.Errorf("%s cut in its first line: %d records", agent, s.Records)
				}
				continue
			}
			if err != nil || s.Agent != agent || s.Bad != 1 || len(s.Notes) != 1 || !strings.HasSuffix(s.Notes[0], "the last line is incomplete (the session may still be running), skipped") {
				t.Fatalf("%s cut in line %d: %v, agent %q, bad %d, notes %q", agent, i+1, err, s.Agent, s.Bad, s.Notes)
			}
			for j, c := range s.Calls {
				if c.Line > i || c.Tool != full.Calls[j].Tool || c.Path != full.Calls[j].Path {
					t.Fatalf("%s cut in line %d: call %d is %+v", agent, i+1, j+1, c)
				}
			}
			if i%10 == 5 {
				if _, err := Check(t.Context(), s, CheckOptions{Dir: t.TempDir()}); err != nil {
					t.Errorf("%s cut in line %d: check: %v", agent, i+1, err)
				}
			}
		}
	}
}
