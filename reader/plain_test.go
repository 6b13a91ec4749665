package reader

import (
	"bytes"
	"encoding/binary"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// TestPlainWordIsPlainBytes holds plainWord to plainBytes, byte by byte:
// every value at every place of a word, among random neighbours, and
// random words besides.
func TestPlainWordIsPlainBytes(t *testing.T) {
	want := func(b [8]byte) (bad, high bool, nl uint64) {
		for i, c := range b {
			bad = bad || plainBytes[c] == 0
			high = high || plainBytes[c] == 2
			if c == '\n' {
				nl |= 0x80 << (8 * i)
			}
		}
		return bad, high, nl
	}
	check := func(b [8]byte) {
		t.Helper()
		bad, high, nl := plainWord(binary.LittleEndian.Uint64(b[:]))
		if wb, wh, wn := want(b); bad != wb || high != wh || nl != wn {
			t.Fatalf("% x: bad %v high %v nl %x, want %v %v %x", b, bad, high, nl, wb, wh, wn)
		}
	}
	r := rand.New(rand.NewSource(1))
	neighbours := []byte{'a', ' ', '\t', '\n', 0x7e, 0x80, 0xff}
	for at := range 8 {
		for c := range 256 {
			for range 20 {
				var b [8]byte
				for i := range b {
					b[i] = neighbours[r.Intn(len(neighbours))]
				}
				b[at] = byte(c)
				check(b)
			}
		}
	}
	for range 100000 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], r.Uint64())
		check(b)
	}
}

// TestSurvey holds the survey to its definition, worked out the plain way,
// on random texts of plain and other bytes at every length around a word.
func TestSurvey(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	pieces := []string{"a", " ", "\t", "\n", "\n\n", "é", "中", "😀", "\r", "\x00", "\x7f", "\xff", "\u2028", "\ufeff", "0123456789abcdef"}
	plain := 0
	for range 20000 {
		var b strings.Builder
		for n := r.Intn(12); n > 0; n-- {
			p := pieces[r.Intn(len(pieces))]
			if r.Intn(3) > 0 {
				p = pieces[r.Intn(5)] // mostly plain
			}
			b.WriteString(p)
		}
		text := b.String()
		got := (&plainShape{}).survey([]byte(text))
		want := &plainShape{}
		if text != "" && utf8.ValidString(text) && !strings.ContainsFunc(text, func(c rune) bool {
			return c < 0x20 && c != '\t' && c != '\n' || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029 || c == 0xfeff
		}) {
			plain++
			lines := strings.Split(text, "\n")
			want.plain, want.newlines, want.endsNL = true, len(lines)-1, strings.HasSuffix(text, "\n")
			want.units = len(utf16.Encode([]rune(text)))
			want.ascii = want.units == len(text) && utf8.RuneCountInString(text) == len(text)
			for _, l := range lines {
				want.longest = max(want.longest, len(l))
			}
		}
		if got.plain != want.plain || got.units != want.units || got.newlines != want.newlines ||
			got.longest != want.longest || got.endsNL != want.endsNL || got.ascii != want.ascii {
			t.Fatalf("%q: got %+v, want %+v", text, got, want)
		}
	}
	if plain < 5000 {
		t.Fatalf("only %d plain texts", plain)
	}
}

// BenchmarkSurvey surveys a Go file's shape, as an audit does every file
// it holds once.
func BenchmarkSurvey(b *testing.B) {
	data := serverGo(b)
	ascii := bytes.Map(func(r rune) rune {
		if r > 0x7f {
			return 'x'
		}
		return r
	}, data)
	for name, data := range map[string][]byte{"go": data, "ascii": ascii} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				(&plainShape{}).survey(data)
			}
		})
	}
}
