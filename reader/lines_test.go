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
	"unicode/utf8"
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

// TestWindowUnseenFacts checks what a window says the model cannot see of
// each line against the whole-file reference, with chunk boundaries between
// every byte: a \r\n shown as \n (CRLF), the code points a per-line cap
// cut off (Lost) and, on lines shown whole, the invalid bytes replaced
// (Replaced, as many as Go's own decoder finds invalid).
func TestWindowUnseenFacts(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 3000; i++ {
		text := randomText(r)
		for name, s := range splits {
			want := refUnseen(text, s)
			limit := r.Intn(len(want)+2) - 1 // -1: no limit
			for _, oneByte := range []bool{false, true} {
				var rd io.Reader = strings.NewReader(text)
				if oneByte {
					rd = iotest.OneByteReader(rd)
				}
				sc := newScanner(context.Background(), rd, s, false, false, 8)
				pg := window(sc, Window{Limit: limit, Cut: LineCut{Max: 2, Unit: Runes}})
				sc.release()
				for j, l := range pg.Lines {
					w := want[j]
					if l.Cut {
						l.Replaced = w.replaced // checked by TestReplacedBehindACut
					}
					if l.CRLF != w.crlf || l.Replaced != w.replaced || l.Lost != w.lost || l.Cut != (w.lost > 0) {
						t.Fatalf("%s %q (limit %d, one byte %v) line %d: crlf %v, replaced %d, lost %d, cut %v; want %+v",
							name, text, limit, oneByte, l.N, l.CRLF, l.Replaced, l.Lost, l.Cut, w)
					}
				}
			}
		}
	}
}

type lineFacts struct {
	crlf     bool
	replaced int
	lost     int64
}

// refUnseen is the reference for TestWindowUnseenFacts, from the whole
// text: the split's lines with their terminators, then what a 2-rune cap
// leaves unseen.
func refUnseen(text string, s Split) []lineFacts {
	type piece struct{ body, term string }
	var pieces []piece
	re := regexp.MustCompile(`\n`)
	if s.Universal {
		re = regexp.MustCompile(`\r\n|\n|\r`)
	}
	at := 0
	for _, m := range re.FindAllStringIndex(text, -1) {
		pieces = append(pieces, piece{text[at:m[0]], text[m[0]:m[1]]})
		at = m[1]
	}
	if at < len(text) || s.Phantom {
		pieces = append(pieces, piece{text[at:], ""})
	}
	var out []lineFacts
	for _, p := range pieces {
		var f lineFacts
		body := p.body
		switch {
		case s.Universal:
			f.crlf = p.term == "\r\n"
		case p.term == "\n" && s.TrimCR && strings.HasSuffix(body, "\r"):
			body, f.crlf = body[:len(body)-1], true
		case p.term == "" && s.TrimLastCR:
			body = strings.TrimSuffix(body, "\r")
		}
		for b := body; b != ""; {
			r, n := utf8.DecodeRuneInString(b)
			if r == utf8.RuneError && n == 1 {
				f.replaced++
			}
			b = b[n:]
		}
		decoded, _ := decodeUTF8([]byte(body))
		f.lost = max(0, int64(utf8.RuneCountInString(decoded))-2)
		out = append(out, f)
	}
	return out
}

// TestReplacedBehindACut: a cut line counts only the invalid bytes behind
// the text shown.
func TestReplacedBehindACut(t *testing.T) {
	runes := LineCut{Max: 2, Unit: Runes}
	for _, c := range []struct {
		line     string
		cut      LineCut
		replaced int
		lost     int64
	}{
		{"\xffab\xfe", runes, 1, 2},         // shown: U+FFFD a
		{"a\xe2\x82b\xff\xff", runes, 2, 3}, // shown: a U+FFFD (one run of two bytes)
		{"ab\xff", runes, 0, 1},
		{"\xff\xfe\xfd", LineCut{Max: 3, Unit: Runes}, 3, 0},
		{"a😀b", LineCut{Max: 2, Unit: UTF16}, 0, 2},                // shown: a and half the pair, as U+FFFD
		{"aé\xffb", LineCut{Max: 3, Unit: Bytes, Raw: true}, 0, 2}, // crush cuts bytes first: "aé"
		{"a\xffé", LineCut{Max: 3, Unit: Bytes, Raw: true}, 0, 2},  // and drops the invalid bytes it keeps: "a"
	} {
		sc := newScanner(context.Background(), strings.NewReader(c.line), Split{}, false, false, 8)
		pg := window(sc, Window{Limit: -1, Cut: c.cut})
		sc.release()
		l := pg.Lines[0]
		if l.Replaced != c.replaced || l.Lost != c.lost {
			t.Errorf("%q cut %+v: %q, replaced %d, lost %d; want %d, %d", c.line, c.cut, l.Text, l.Replaced, l.Lost, c.replaced, c.lost)
		}
	}
}
