package reader

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// le is UTF-16 units as little-endian bytes.
func le(units ...uint16) []byte {
	var b []byte
	for _, u := range units {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// TestUTF16LEHalves: a pair is its character; a high half before another
// unit, a low half alone and a high half at the end are kept as WTF-8.
func TestUTF16LEHalves(t *testing.T) {
	in := le('a', 0xd83d, 0xde00, 0xd800, 'b', 0xdc00, 'c', 0xd83d)
	out, err := io.ReadAll(utf16LEHalves(bytes.NewReader(in)))
	if want := "a😀\xed\xa0\x80b\xed\xb0\x80c\xed\xa0\xbd"; err != nil || string(out) != want {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
}

func TestKeptHalves(t *testing.T) {
	for _, c := range []struct {
		in, text string
		n        int
	}{
		{"a😀\xed\xa0\x80b\xed\xb0\x80c\xed\xa0\xbd", "a😀\ufffdb\ufffdc\ufffd", 3},
		{"한\ufffd", "한\ufffd", 0}, // ED 95 9C is a character; a U+FFFD of the file is no half
		{"x\xed\xa0", "x", 0},     // a hold that ended inside a half
		{"\xed\xbf\xbf\xed\xb0", "\ufffd", 1},
	} {
		text, n := keptHalves([]byte(c.in))
		if text != c.text || n != c.n {
			t.Errorf("%q: %q, %d; want %q, %d", c.in, text, n, c.text, c.n)
		}
		if c.n > 0 && halvesIn([]byte(c.in)) != c.n {
			t.Errorf("%q: halvesIn %d, want %d", c.in, halvesIn([]byte(c.in)), c.n)
		}
	}
}

// TestMeterHalves: a long line's measure is that of the text the window
// writes, each half a U+FFFD, however its bytes arrive.
func TestMeterHalves(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 31))
	pieces := []string{"a", "é", "한", "\ufffd", "😀", "\xed\xa0\x80", "\xed\xbf\xbf", "\xed\xb0\xbd"}
	for range 20000 {
		var b []byte
		for range r.IntN(24) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		text, _ := keptHalves(b)
		want := SizeOf(text)
		if got := meterInPieces(r, b, true); got != want {
			t.Fatalf("% x: %+v, want %+v", b, got, want)
		}
	}
}

// TestWindowChargesHalves: each half a UTF-16LE file holds costs
// Budget.LoneBytes, in a cut line too; a U+FFFD of the file costs its 3.
// Each half shown is 2 of the file's bytes replaced; the U+FFFD is none.
func TestWindowChargesHalves(t *testing.T) {
	h := uint16(0xd800)
	in := le(h, h, h, h, '\n', 0xfffd, '\n', h, h, h, h, h, h)
	s := newScanner(context.Background(), utf16LEHalves(bytes.NewReader(in)), Split{}, false, false, 8)
	s.halves = 2
	pg := window(s, Window{Limit: -1, Cut: LineCut{Max: 5, Unit: UTF16, Suffix: "..."},
		Budget: Budget{Max: 100, Unit: Bytes, Sep: 1, LoneBytes: 2}})
	s.release()
	var got []string
	for _, l := range pg.Lines {
		got = append(got, l.Text)
	}
	// 4 halves: 8; a U+FFFD and the \n before it: 4; 5 halves of 6 kept, the
	// suffix and the \n: 10 + 3 + 1.
	want := []string{strings.Repeat("\ufffd", 4), "\ufffd", strings.Repeat("\ufffd", 5)}
	if strings.Join(got, "|") != strings.Join(want, "|") || !pg.Lines[2].Cut || pg.Charged != 26 {
		t.Errorf("lines %q (cut %v), charged %d; want %q, cut, 26", got, pg.Lines[len(pg.Lines)-1].Cut, pg.Charged, want)
	}
	var replaced []int
	for _, l := range pg.Lines {
		replaced = append(replaced, l.Replaced)
	}
	if !slices.Equal(replaced, []int{8, 0, 10}) {
		t.Errorf("bytes replaced by line %v, want [8 0 10]", replaced)
	}
}

// TestHalvesThroughTheWindow: random UTF-16LE text read in small pieces
// with its halves kept comes out of the window as the U+FFFD transcoder
// writes it, line for line, and a line too long to hold is measured as
// that text.
func TestHalvesThroughTheWindow(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 41))
	units := [][]uint16{{'a'}, {'\n'}, {0xd83d}, {0xdc4d}, {0xd83d, 0xde00}, {0xfffd}, {0x4e2d}, {0xd55c}}
	for range 3000 {
		var in []uint16
		for range r.IntN(40) {
			in = append(in, units[r.IntN(len(units))]...)
		}
		want, _ := io.ReadAll(utf16LE(bytes.NewReader(le(in...))))
		halves := lineHalves(in)
		lines := strings.Split(string(want), "\n")
		if len(lines) > 1 && lines[len(lines)-1] == "" {
			lines = lines[:len(lines)-1]
		}
		for _, hold := range []int{0, 4} {
			s := newScanner(context.Background(), utf16LEHalves(bytes.NewReader(le(in...))), Split{}, false, false, 4+r.IntN(12))
			s.halves = 2
			pg := window(s, Window{Limit: -1, Hold: hold})
			s.release()
			if len(pg.Lines) != len(lines) && !(len(pg.Lines) == 0 && len(want) == 0) {
				t.Fatalf("%x, hold %d: %d lines, want %d", in, hold, len(pg.Lines), len(lines))
			}
			clipped := map[int]Clip{}
			for _, c := range pg.Clipped {
				clipped[c.N] = c
			}
			for i, l := range pg.Lines {
				whole := SizeOf(lines[i])
				switch c, ok := clipped[l.N]; {
				case ok:
					if got := (textSize{Bytes: c.Bytes, UTF16: c.UTF16, Runes: c.Runes}); got != whole || !strings.HasPrefix(lines[i], l.Text) {
						t.Fatalf("%x, hold %d, line %d: %q measured %+v, want a head of %q, %+v", in, hold, l.N, l.Text, got, lines[i], whole)
					}
				case l.Text != lines[i]:
					t.Fatalf("%x, hold %d, line %d: %q, want %q", in, hold, l.N, l.Text, lines[i])
				case l.Replaced != 2*halves[i]:
					t.Fatalf("%x, hold %d, line %d: %d bytes replaced, want 2 for each of its %d unpaired surrogates", in, hold, l.N, l.Replaced, halves[i])
				}
			}
		}
	}
}

// lineHalves is how many unpaired surrogates each line of the UTF-16 units
// in holds, a line ending at each \n.
func lineHalves(in []uint16) []int {
	counts := []int{0}
	for i := 0; i < len(in); i++ {
		u := in[i]
		switch {
		case u == '\n':
			counts = append(counts, 0)
		case utf16.IsSurrogate(rune(u)) && u < 0xdc00 && i+1 < len(in) && in[i+1] >= 0xdc00 && in[i+1] <= 0xdfff:
			i++ // a pair
		case utf16.IsSurrogate(rune(u)):
			counts[len(counts)-1]++
		}
	}
	return counts
}
