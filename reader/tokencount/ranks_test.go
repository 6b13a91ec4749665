package tokencount

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// TestRanksAreTheLibrarys: the generated tables hold every token of the
// library's vocabularies at its rank, and nothing else (run go generate
// when the library changes).
func TestRanksAreTheLibrarys(t *testing.T) {
	for enc, table := range map[tokenizer.Encoding]*table{tokenizer.Cl100kBase: cl100kTable, tokenizer.O200kBase: o200kTable} {
		codec, err := tokenizer.Get(enc)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for id := uint(0); id < 1<<20; id++ {
			text, err := codec.Decode([]uint{id})
			if err != nil {
				continue
			}
			n++
			if r, ok := table.rank(text); !ok || r != int(id) {
				t.Fatalf("%s: %q has rank %d (%v) in the table, %d in the library", enc, text, r, ok, id)
			}
		}
		if n != table.len() || n < 100000 {
			t.Fatalf("%s: %d tokens in the table, %d in the library", enc, table.len(), n)
		}
		for _, s := range []string{"", "\x00\x00\x00\x00\x00\x00", "zzzzzzzzzzzzzzzzzzzz", "\xff\xff\xff"} {
			if r, ok := table.rank(s); ok {
				t.Errorf("%s: %q has rank %d, the library none", enc, s, r)
			}
		}
	}
}

// TestLongPieces: pieces on both sides of the lengths where the memory of
// pieces stops (pieceMax) and the library takes over (bpeMax) count as
// the library counts them, in both encodings.
func TestLongPieces(t *testing.T) {
	for _, c := range []struct {
		counter *Counter
		enc     tokenizer.Encoding
	}{{&Counter{}, tokenizer.Cl100kBase}, {O200k, tokenizer.O200kBase}} {
		lib, err := tokenizer.Get(c.enc)
		if err != nil {
			t.Fatal(err)
		}
		for _, unit := range []string{"a", "ab", "Zq", "é", "日本", "=", "-=", "\t", " ", "\n", "x1", "9"} {
			for n := pieceMax - 4; n <= bpeMax+8; n++ {
				s := strings.Repeat(unit, n/len(unit)+1)[:n]
				if !utf8.ValidString(s) {
					continue
				}
				for _, text := range []string{s, " " + s + " end", "(" + s + ")"} {
					want, _ := lib.Count(text)
					if got := c.counter.Count(text); got != want {
						t.Fatalf("%s: %q (%d bytes): %d tokens, the library %d", c.enc, text, len(text), got, want)
					}
				}
			}
		}
	}
}
