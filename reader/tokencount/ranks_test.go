package tokencount

import (
	"testing"

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
