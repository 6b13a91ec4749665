package reader

import (
	"bytes"
	"context"
	"io"
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// refLines is the obvious, whole-file way each split mode cuts text: what the
// agents do with the file in memory.
func refLines(text string, s Split) []string {
	var lines []string
	if s.Universal {
		lines = regexp.MustCompile(`\r\n|\n|\r`).Split(text, -1)
	} else {
		lines = strings.Split(text, "\n")
	}
	// Without a phantom line an empty final segment is no line; a final "\r"
	// is one (bufio.ScanLines returns it, trimmed, as an empty line).
	if !s.Phantom && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for i := range lines {
		final := i == len(lines)-1 && !strings.HasSuffix(text, "\n")
		if !s.Universal && ((s.TrimCR && !final) || (s.TrimLastCR && final)) {
			lines[i] = strings.TrimSuffix(lines[i], "\r")
		}
	}
	return lines
}

var splits = map[string]Split{
	"lf-phantom":        {Phantom: true},
	"lf":                {},
	"universal":         {Universal: true},
	"universal-phantom": {Universal: true, Phantom: true}, // Python text mode, then split("\n") (dmcc)
	"crlf-phantom":      {Phantom: true, TrimCR: true},
	"lf-trim-all-cr":    {TrimCR: true, TrimLastCR: true},
	"crlf-no-phantom":   {TrimCR: true},
}

func randomText(r *rand.Rand) string {
	pieces := []string{"a", "bc", "\n", "\r", "\r\n", "é", "\xff", "😀", ""}
	var b strings.Builder
	for n := r.Intn(12); n > 0; n-- {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}
	return b.String()
}

func scan(text string, s Split, oneByte bool) *scanner {
	var r io.Reader = strings.NewReader(text)
	if oneByte {
		r = iotest.OneByteReader(r)
	}
	return newScanner(context.Background(), r, s, false, false, 8)
}

// TestScannerMatchesWholeFileSplit checks next, skip and count against the
// reference on random text, with chunk boundaries between every byte.
func TestScannerMatchesWholeFileSplit(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		text := randomText(r)
		for name, s := range splits {
			want := refLines(text, s)
			for _, oneByte := range []bool{false, true} {
				var got []string
				sc := scan(text, s, oneByte)
				for {
					l, ok := sc.next(1 << 20)
					if !ok {
						break
					}
					got = append(got, string(l.head))
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%s %q: lines %q, want %q", name, text, got, want)
				}
				k := r.Intn(len(want) + 2)
				sc = scan(text, s, oneByte)
				skipped := sc.skip(k)
				if skipped != min(k, len(want)) {
					t.Fatalf("%s %q: skip(%d) = %d, want %d", name, text, k, skipped, min(k, len(want)))
				}
				if k < len(want) {
					l, ok := sc.next(1 << 20)
					if !ok || string(l.head) != want[k] {
						t.Fatalf("%s %q: after skip(%d) line %q, want %q", name, text, k, l.head, want[k])
					}
					skipped++
				}
				if n := sc.count(); skipped+n != len(want) {
					t.Fatalf("%s %q: %d lines then count %d, want %d in all", name, text, skipped, n, len(want))
				}
			}
		}
	}
}

// TestScannerLongLine holds only the head of a line longer than it may
// keep, yet measures the whole line and keeps the lines after it.
func TestScannerLongLine(t *testing.T) {
	long := strings.Repeat("é", 3*chunkSize) // several chunks
	text := long + "\r\nnext\n"
	sc := newScanner(context.Background(), strings.NewReader(text), Split{Phantom: true, TrimCR: true}, false, false, chunkSize)
	l, _ := sc.next(10)
	if l.complete || len(l.head) != 10 || l.size.Bytes != int64(len(long)) || l.size.UTF16 != 3*chunkSize {
		t.Fatalf("long line: complete=%v head=%d size=%+v", l.complete, len(l.head), l.size)
	}
	l, _ = sc.next(10)
	if string(l.head) != "next" {
		t.Fatalf("after the long line: %q", l.head)
	}
}

func TestUTF8CheckAcrossChunks(t *testing.T) {
	for _, c := range []struct {
		text    string
		invalid bool
	}{
		{"plain\n", false},
		{strings.Repeat("é", 10) + "\n", false},
		{"bad \xff here\n", true},
		{"cut at the end \xe2\x82", true},
	} {
		sc := newScanner(context.Background(), iotest.OneByteReader(strings.NewReader(c.text)), Split{}, false, true, 8)
		pg := window(sc, Window{Limit: 1})
		if pg.Invalid != c.invalid {
			t.Errorf("%q: invalid = %v, want %v", c.text, pg.Invalid, c.invalid)
		}
	}
}

func TestBOMStripped(t *testing.T) {
	sc := newScanner(context.Background(), iotest.OneByteReader(bytes.NewReader([]byte("\xef\xbb\xbfa\nb"))), Split{}, true, false, 8)
	l, _ := sc.next(100)
	if string(l.head) != "a" {
		t.Fatalf("first line %q", l.head)
	}
}

// TestWindowClipped: a line longer than the hold is kept to its head, with
// no character cut in two (so no false invalid UTF-8), and listed with its
// whole size in Page.Clipped; a line the tool cuts anyway is not.
func TestWindowClipped(t *testing.T) {
	text := "ok\n" + strings.Repeat("a", 9) + "😀" + strings.Repeat("b", 20) + "\nlast\n"
	s := newScanner(context.Background(), strings.NewReader(text), Split{}, false, false, 512)
	pg := window(s, Window{Limit: -1, Hold: 11})
	s.release()
	if len(pg.Lines) != 3 || pg.Lines[1].Text != strings.Repeat("a", 9) || pg.Invalid || pg.Lines[1].Bad {
		t.Fatalf("lines %+v, invalid %v", pg.Lines, pg.Invalid)
	}
	if want := []Clip{{N: 2, Bytes: 33, UTF16: 31, Runes: 30}}; !slices.Equal(pg.Clipped, want) {
		t.Errorf("clipped %+v, want %+v", pg.Clipped, want)
	}
	s = newScanner(context.Background(), strings.NewReader(text), Split{}, false, false, 512)
	pg = window(s, Window{Limit: -1, Hold: 11, Cut: LineCut{Max: 5, Unit: Runes}})
	s.release()
	if len(pg.Clipped) != 0 || pg.Lines[1].Text != "aaaaa" || !pg.Lines[1].Cut {
		t.Errorf("a cut line: clipped %+v, line %+v", pg.Clipped, pg.Lines[1])
	}
}
