package reader

import (
	"bytes"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// The expected strings were printed by Node 20's Buffer.toString("utf-8").
func TestDecodeUTF8MatchesNode(t *testing.T) {
	for _, c := range []struct{ hex, want string }{
		{"61e28262", "a\uFFFDb"},
		{"eda080", "\uFFFD\uFFFD\uFFFD"},
		{"f09f98", "\uFFFD"},
		{"8078", "\uFFFDx"},
		{"c0af", "\uFFFD\uFFFD"},
		{"ff656e64", "\uFFFDend"},
		{"e08080", "\uFFFD\uFFFD\uFFFD"},
		{"f4908080", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"f09080", "\uFFFD"},
		{"e282", "\uFFFD"},
		{"6f6bc3", "ok\uFFFD"},
		{"c3a9e9", "é\uFFFD"},
		{"68c3a96c6c6f", "héllo"},
	} {
		b, _ := hex.DecodeString(c.hex)
		got, replaced := decodeUTF8(b)
		if got != c.want {
			t.Errorf("decode(%s) = %q, want %q", c.hex, got, c.want)
		}
		if replaced != strings.ContainsRune(c.want, '\uFFFD') {
			t.Errorf("decode(%s) replaced = %v", c.hex, replaced)
		}
		// The meter, fed a byte at a time, agrees with the decoder.
		var m meter
		for i := range b {
			m.write(b[i : i+1])
		}
		if z, want := m.close(), SizeOf(got); z != want {
			t.Errorf("meter(%s) = %+v, want %+v", c.hex, z, want)
		}
	}
}

func TestCuts(t *testing.T) {
	for _, c := range []struct {
		in   string
		unit Unit
		max  int
		want string
	}{
		{"abc", UTF16, 2, "ab"},
		{"a😀b", UTF16, 2, "a\uFFFD"}, // JavaScript keeps half the surrogate pair
		{"a😀b", UTF16, 3, "a😀"},
		{"a😀b", Runes, 2, "a😀"},
		{"é漢x", Bytes, 4, "é"}, // never half a character
		{"é漢x", Bytes, 5, "é漢"},
		{"short", UTF16, 10, "short"},
	} {
		got, _ := cut(c.in, LineCut{Max: c.max, Unit: c.unit})
		if got != c.want {
			t.Errorf("cut(%q, %v, %d) = %q, want %q", c.in, c.unit, c.max, got, c.want)
		}
	}
}

// TestIsASCII: every length around the eight-byte step, with one byte
// over 0x7f at each place.
func TestIsASCII(t *testing.T) {
	for n := 0; n < 20; n++ {
		p := bytes.Repeat([]byte{'a'}, n)
		if !isASCII(p) {
			t.Errorf("%d ASCII bytes: not ASCII", n)
		}
		for i := range p {
			q := bytes.Clone(p)
			q[i] = 0x80
			if isASCII(q) {
				t.Errorf("0x80 at %d of %d: ASCII", i, n)
			}
		}
	}
}

// decodeCountingByByte is decodeCounting one byte at a time through the
// state machine, as it was before it passed ASCII runs whole and stopped
// at upTo: the reference TestDecodeCountingAsByByte holds it to.
func decodeCountingByByte(b []byte, upTo int) (string, int) {
	out := []byte{}
	var s utf8State
	replaced, start := 0, 0
	bad := func(n int) {
		if upTo < 0 || len(out) < upTo {
			replaced += n
		}
		out = append(out, Replacement...)
	}
	for i := 0; i < len(b); i++ {
		switch res, n := s.step(b[i]); res {
		case stepOpen:
			if s.seen == 0 {
				start = i
			}
		case stepRune:
			out = append(out, b[i+1-n:i+1]...)
		case stepBad:
			bad(1)
		case stepBadAgain:
			bad(i - start)
			i--
		}
	}
	if s.flush() {
		bad(len(b) - start)
	}
	return string(out), replaced
}

// TestDecodeCountingAsByByte: on random bytes (ASCII, lead and
// continuation bytes, whole characters), the text and the count are the
// byte-at-a-time decoder's; with upTo, the count is (replacedUpTo's too),
// and the text is its start.
func TestDecodeCountingAsByByte(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	pieces := [][]byte{{'a'}, {' '}, {'\n'}, {0x7f}, {0x80}, {0xbf}, {0xc2}, {0xc3, 0xa9}, {0xe0}, {0xe0, 0xa0}, {0xed, 0xa0, 0x80},
		{0xe2, 0x82, 0xac}, {0xf0, 0x9f}, {0xf0, 0x9f, 0x98, 0x80}, {0xf4, 0x90}, {0xff}, {0xc0, 0xaf}, []byte("plain text ")}
	for range 20000 {
		var b []byte
		for range r.IntN(24) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		want, wantN := decodeCountingByByte(b, -1)
		if got, n := decodeCounting(b, -1); got != want || n != wantN {
			t.Fatalf("% x: %q %d, byte by byte %q %d", b, got, n, want, wantN)
		}
		upTo := r.IntN(len(want) + 2)
		_, wantN = decodeCountingByByte(b, upTo)
		if got, n := decodeCounting(b, upTo); n != wantN || !strings.HasPrefix(want, got) {
			t.Fatalf("% x up to %d: %q %d, byte by byte %q %d", b, upTo, got, n, want, wantN)
		}
		if n := replacedUpTo(b, upTo); n != wantN {
			t.Fatalf("% x up to %d: replacedUpTo %d, byte by byte %d", b, upTo, n, wantN)
		}
	}
}

// TestDecodedLen: the measure a long line is sized by is the length of
// the text it decodes to, and a line past decodeSized, decoded in one
// allocation, is the byte-by-byte decoder's text and count.
func TestDecodedLen(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	pieces := [][]byte{{'a'}, {'\n'}, {0x80}, {0xc2}, {0xc3, 0xa9}, {0xe0, 0xa0}, {0xed, 0xa0, 0x80},
		{0xe2, 0x82, 0xac}, {0xf0, 0x9f}, {0xf0, 0x9f, 0x98, 0x80}, {0xff}, {0xc0, 0xaf}}
	for range 20000 {
		var b []byte
		for range r.IntN(24) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		want, _ := decodeCountingByByte(b, -1)
		if n := decodedLen(b); n != len(want) {
			t.Fatalf("% x: decodedLen %d, text of %d bytes", b, n, len(want))
		}
	}
	var long []byte
	for len(long) <= decodeSized {
		long = append(long, pieces[r.IntN(len(pieces))]...)
	}
	want, wantN := decodeCountingByByte(long, -1)
	if got, n := decodeCounting(long, -1); got != want || n != wantN {
		t.Fatalf("a line of %d bytes: %d bytes replaced, text of %d; byte by byte %d, %d", len(long), n, len(got), wantN, len(want))
	}
	allocs := testing.AllocsPerRun(3, func() { decodeCounting(long, -1) })
	if allocs != 1 {
		t.Errorf("a line of %d bytes decoded in %v allocations, want 1", len(long), allocs)
	}
}

// TestMeterInPieces: the meter, fed random bytes in random pieces, measures
// what the byte-by-byte decoder makes of them, a sequence split across
// pieces included.
func TestMeterInPieces(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 17))
	pieces := [][]byte{{'a'}, {'\n'}, {0x7f}, {0x80}, {0xbf}, {0xc2}, {0xc3, 0xa9}, {0xe0}, {0xe0, 0xa0}, {0xed, 0xa0, 0x80},
		{0xe2, 0x82, 0xac}, {0xf0, 0x9f}, {0xf0, 0x9f, 0x98, 0x80}, {0xf4, 0x90}, {0xf4, 0x8f, 0xbf, 0xbf}, {0xff}, {0xc0, 0xaf}}
	for range 20000 {
		var b []byte
		for range r.IntN(24) {
			b = append(b, pieces[r.IntN(len(pieces))]...)
		}
		text, _ := decodeCountingByByte(b, -1)
		want := SizeOf(text)
		if got := meterInPieces(r, b, false); got != want {
			t.Fatalf("% x: %+v, byte by byte %+v", b, got, want)
		}
	}
}

// meterInPieces is the meter's measure of b fed in random pieces.
func meterInPieces(r *rand.Rand, b []byte, halves bool) textSize {
	var m meter
	m.s.halves = halves
	for rest := b; len(rest) > 0; {
		k := 1 + r.IntN(len(rest))
		m.write(rest[:k])
		rest = rest[k:]
	}
	return m.close()
}

// TestSizeOf: the sizes counted from the bytes are those of the decoded
// text: its bytes, its code points and its UTF-16 units.
func TestSizeOf(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 23))
	chars := []string{"a", "\n", "é", "€", "\uFFFD", "😀", "𝄞", "日本", "\x7f"}
	for range 5000 {
		var b strings.Builder
		for range r.IntN(20) {
			b.WriteString(chars[r.IntN(len(chars))])
		}
		s := b.String()
		want := textSize{Bytes: int64(len(s)), Runes: int64(utf8.RuneCountInString(s)), UTF16: int64(len(utf16.Encode([]rune(s))))}
		if got := SizeOf(s); got != want {
			t.Fatalf("%q: %+v, want %+v", s, got, want)
		}
	}
}

// FuzzDecode: on any bytes, the decoder, its measure and the meter fed in
// two pieces agree with the byte-at-a-time reference, and so does a
// decode that stops at upTo. Its seeds run with the tests;
// `go test ./reader -fuzz FuzzDecode` searches further.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"a\xe2\x82b", "\xed\xa0\x80", "\xf0\x9f\x98", "\x80x", "\xc0\xaf", "\xffend", "\xe0\x80\x80", "é€😀", ""} {
		f.Add([]byte(s), uint8(1), uint8(2))
	}
	f.Fuzz(func(t *testing.T, b []byte, at, upTo uint8) {
		want, wantN := decodeCountingByByte(b, -1)
		if got, n := decodeCounting(b, -1); got != want || n != wantN {
			t.Fatalf("% x: %q %d, byte by byte %q %d", b, got, n, want, wantN)
		}
		if n := decodedLen(b); n != len(want) {
			t.Fatalf("% x: decodedLen %d, text of %d bytes", b, n, len(want))
		}
		var m meter
		k := min(int(at), len(b))
		m.write(b[:k])
		m.write(b[k:])
		if got := m.close(); got != SizeOf(want) {
			t.Fatalf("% x cut at %d: meter %+v, want %+v", b, k, got, SizeOf(want))
		}
		_, wantN = decodeCountingByByte(b, int(upTo))
		if got, n := decodeCounting(b, int(upTo)); n != wantN || !strings.HasPrefix(want, got) {
			t.Fatalf("% x up to %d: %q %d, byte by byte %q %d", b, upTo, got, n, want, wantN)
		}
		if n := replacedUpTo(b, int(upTo)); n != wantN {
			t.Fatalf("% x up to %d: replacedUpTo %d, byte by byte %d", b, upTo, n, wantN)
		}
	})
}
