package session

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// longPi writes pi's recorded session repeated to about mb megabytes.
func longPi(t *testing.T, mb int) string {
	t.Helper()
	data := recordedAgent(t, "pi")
	p := filepath.Join(t.TempDir(), "long.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for n := 0; n < mb<<20; n += len(data) {
		w.Write(data)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return p
}

// TestLongSessionHeapBounded: a long session's results are not held in
// memory. Opened, pi's session repeated to 32 MB (8,060 calls, 11.5 MiB of
// results) holds about 680 bytes a call, its texts in the spill file;
// holding them was 2.1 KiB a call.
func TestLongSessionHeapBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 32 MB session")
	}
	t.Setenv("TMPDIR", t.TempDir())
	p := longPi(t, 32)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s, err := Open(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	var texts int64
	for _, c := range s.Calls {
		if c.Result != nil {
			texts += int64(c.Result.Output.Len() + c.Result.Harness.Len())
		}
	}
	perCall := held / int64(len(s.Calls))
	t.Logf("%d calls, %d KiB of results; heap held %d KiB, %d bytes a call", len(s.Calls), texts>>10, held>>10, perCall)
	if perCall > 1<<10 || held > texts/2 {
		t.Errorf("heap held %d KiB for %d calls (%d bytes a call) and %d KiB of results: the results are held", held>>10, len(s.Calls), perCall, texts>>10)
	}
	// The texts read back are the recorded ones.
	short := parse(t, recordedAgent(t, "pi"))
	for i, c := range s.Calls {
		w := short.Calls[i%len(short.Calls)]
		if c.Result == nil || c.Result.Output.String() != w.Result.Output.String() || !c.Result.Output.Equal(w.Result.Output) {
			t.Fatalf("call %d: %d bytes, want %d", i+1, c.Result.Output.Len(), w.Result.Output.Len())
		}
		if (c.Result.File == nil) != (w.Result.File == nil) || c.Result.File != nil && c.Result.File.Content.String() != w.Result.File.Content.String() {
			t.Fatalf("call %d: file view %+v, want %+v", i+1, c.Result.File, w.Result.File)
		}
	}
	runtime.KeepAlive(s)
}

// TestSpillLeavesNothing: the spill file is unlinked as soon as it is
// made: nothing is left in the temporary directory, even while the
// session is open.
func TestSpillLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	s := parse(t, recordedAgent(t, "pi"))
	if out := longest(s); s.spill == nil || out.Len() != 18954 || out.sp == nil {
		t.Fatalf("the 18,954-byte read is not in the spill file: %+v", out)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left in the temporary directory: %v", left)
	}
}

// TestSpillUnavailable: where no temporary file can be made (a missing
// or full directory), the texts are held and the notes say so; the
// session reads the same.
func TestSpillUnavailable(t *testing.T) {
	want := parse(t, recordedAgent(t, "pi"))
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "gone"))
	s := parse(t, recordedAgent(t, "pi"))
	if s.spill != nil || len(s.Notes) != 1 || !strings.HasPrefix(s.Notes[0], "readlens could not keep long results in a temporary file (open ") ||
		!strings.HasSuffix(s.Notes[0], "no such file or directory): they are held in memory") {
		t.Fatalf("notes %q", s.Notes)
	}
	for i, c := range s.Calls {
		if c.Result.Output.String() != want.Calls[i].Result.Output.String() || c.Result.Output.sp != nil {
			t.Errorf("call %d: %q", i+1, c.Result.Output.String())
		}
	}
}

// TestSpillClosed: a text asked for after its session was closed says it
// could not be read back, and does not panic.
func TestSpillClosed(t *testing.T) {
	s := parse(t, recordedAgent(t, "pi"))
	out := longest(s)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "[readlens could not read this text (18954 bytes) back from its temporary file: file already closed]" {
		t.Errorf("%q", got)
	}
	if s.Close() != nil || out.Len() != 18954 || s.Calls[0].Result.Output.String() != "Hello, world!\nLine 2\nLine 3" {
		t.Error("a closed session's lengths and short texts stay")
	}
	if !bytes.Equal([]byte(TextOf("x").Prefix(5).String()), []byte("x")) {
		t.Error("Prefix past the end")
	}
}

// longest is the session's longest result text.
func longest(s *Session) Text {
	var out Text
	for _, c := range s.Calls {
		if c.Result != nil && c.Result.Output.Len() > out.Len() {
			out = c.Result.Output
		}
	}
	return out
}
