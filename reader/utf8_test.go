package reader

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
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
