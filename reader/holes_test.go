//go:build unix

package reader

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// sparseFile writes parts at their offsets into a file of size bytes; what
// lies between them is a hole. It skips the test where the file system
// keeps no holes (it then reports data everywhere, and nothing is skipped).
func sparseFile(t *testing.T, size int64, parts map[int64]string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "sparse")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for at, s := range parts {
		if _, err := f.WriteAt([]byte(s), at); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, unix.SEEK_HOLE); errors.Is(err, syscall.EINVAL) {
		t.Skip("this file system reports no holes")
	}
	if hole, _ := f.Seek(0, unix.SEEK_HOLE); hole >= size {
		t.Skip("this file system keeps no holes")
	}
	return p
}

// scanFile is a scanner of the file at p, checking its UTF-8, as
// readText makes one, and the file it counts the bytes of.
func scanFile(t *testing.T, p string, split Split) (*scanner, *countingFile) {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	counted := &countingFile{File: f}
	s := newScanner(context.Background(), &sampled{rest: counted}, split, false, true, chunkSize)
	t.Cleanup(func() {
		s.release()
		f.Close()
	})
	return s, counted
}

// TestScannerSkipsHoles: a line made of a 1 GiB hole is measured without
// being read, and as if it had been: a byte, a character and a UTF-16 unit
// a zero. The lines after the hole are then read as ever.
func TestScannerSkipsHoles(t *testing.T) {
	const gib = 1 << 30
	p := sparseFile(t, gib+10, map[int64]string{0: "\xc3", gib: "\nend\nlast\n"})
	s, counted := scanFile(t, p, Split{})
	l, ok := s.next(100)
	if !ok || l.complete {
		t.Fatalf("first line: ok %v, complete %v; want a long line", ok, l.complete)
	}
	// \xc3 then a zero is a broken sequence, one replacement (3 bytes, one
	// character, one unit), then gib-1 zeros.
	want := textSize{Bytes: 3 + gib - 1, Runes: 1 + gib - 1, UTF16: 1 + gib - 1}
	if l.size != want {
		t.Errorf("the first line measures %+v, want %+v", l.size, want)
	}
	if counted.holes < gib-2*holeMin {
		t.Errorf("%d bytes of the hole skipped, want nearly %d", counted.holes, gib)
	}
	for _, want := range []string{"end", "last"} {
		l, ok := s.next(100)
		if !ok || string(l.head) != want {
			t.Fatalf("next line %q (%v), want %q", l.head, ok, want)
		}
	}
	if _, ok := s.next(100); ok {
		t.Error("a line after the last")
	}
	if s.read != gib+10 || counted.n != gib+10 {
		t.Errorf("read %d, counted %d, want %d each", s.read, counted.n, gib+10)
	}
	if s.check == nil || !s.check.closed || !s.check.invalid {
		t.Error("the UTF-8 check did not see the broken sequence before the hole")
	}
}

// TestScannerCountsPastHoles: counting the lines of a file passes its
// holes unread, and finds the lines between them.
func TestScannerCountsPastHoles(t *testing.T) {
	const gib = 1 << 30
	p := sparseFile(t, 2*gib, map[int64]string{0: "a\r", gib: "\rb\r\n"})
	for _, split := range []Split{{}, {Universal: true}} {
		s, counted := scanFile(t, p, split)
		n := s.count()
		want := 2 // a\r<zeros>\rb\r, then the zeros to the end (\n split)
		if split.Universal {
			want = 4 // a, <zeros>, b, the zeros to the end
		}
		if n != want {
			t.Errorf("%+v: %d lines, want %d", split, n, want)
		}
		if counted.holes < 2*gib-4*holeMin {
			t.Errorf("%+v: %d bytes of holes skipped, want nearly %d", split, counted.holes, 2*gib)
		}
	}
}

// TestScannerSkipsHolesDroppingOpenEnd: text that drops an unfinished
// sequence at its end (opencode's) passes holes unread too; a hole ends
// the sequence before it, which is then shown as it is.
func TestScannerSkipsHolesDroppingOpenEnd(t *testing.T) {
	const gib = 1 << 30
	p := sparseFile(t, 2*gib+5, map[int64]string{0: strings.Repeat("line\n", 1000) + "x\xe2", 2 * gib: "\nend\xe2"})
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counted := &countingFile{File: f}
	s := newScanner(context.Background(), dropOpenEnd(&sampled{rest: counted}, Text{DropOpenEnd: true}), Split{Universal: true}, false, true, chunkSize)
	defer s.release()
	if n := s.count(); n != 1002 {
		t.Errorf("%d lines, want 1002", n)
	}
	if counted.holes < 2*gib-4*holeMin {
		t.Errorf("%d bytes of the hole skipped, want nearly %d", counted.holes, 2*gib)
	}
}

// TestSampledReader is io.MultiReader of the sample and the rest.
func TestSampledReader(t *testing.T) {
	r := &sampled{head: []byte("head,"), rest: strings.NewReader("rest")}
	b, err := io.ReadAll(r)
	if err != nil || string(b) != "head,rest" {
		t.Errorf("read %q, %v", b, err)
	}
	if n, data := (&sampled{head: []byte("xy"), rest: &countingFile{}}).zeros(); n != 0 || data != 2 {
		t.Errorf("before the sample is spent, zeros = %d, %d; want 0, 2", n, data)
	}
}

// TestMeterZeros: zeros measured at once are measured as written, within
// a broken sequence too, which they end: what follows them cannot
// complete it.
func TestMeterZeros(t *testing.T) {
	for _, head := range []string{"", "a", "\xc3", "\xe2\x82", "\xf0\x9f\x98", "é"} {
		for _, tail := range []string{"", "\xa9", "\x82\xac", "b"} {
			var once, each meter
			once.write([]byte(head))
			once.zeros(5)
			once.write([]byte(tail))
			each.write([]byte(head + "\x00\x00\x00\x00\x00" + tail))
			if got, want := once.close(), each.close(); got != want {
				t.Errorf("%q, 5 zeros, %q: %+v, written %+v", head, tail, got, want)
			}
		}
	}
}

// TestScannerHoleAfterBrokenSequence: a hole that starts where a buffer
// ends, after the first byte of a sequence, breaks the sequence, for the
// line's measure and for the check of the whole file: the byte after the
// hole cannot complete it.
func TestScannerHoleAfterBrokenSequence(t *testing.T) {
	data := int64(holeMin + chunkSize) // a whole number of buffers
	end := int64(3 << 20)
	p := sparseFile(t, end+2, map[int64]string{0: strings.Repeat("x", int(data)-1) + "\xc3", end: "\xa9\n"})
	s, counted := scanFile(t, p, Split{})
	l, ok := s.next(100)
	if !ok || l.complete {
		t.Fatalf("ok %v, complete %v; want a long line", ok, l.complete)
	}
	zeros := end - data
	want := textSize{Bytes: data - 1 + 3 + zeros + 3, Runes: data - 1 + 1 + zeros + 1, UTF16: data - 1 + 1 + zeros + 1}
	if l.size != want {
		t.Errorf("the line measures %+v, want %+v", l.size, want)
	}
	if counted.holes == 0 {
		t.Error("the hole was read")
	}
	s.next(100)
	if !s.check.closed || !s.check.invalid {
		t.Errorf("the check found the file valid (closed %v)", s.check.closed)
	}
}
