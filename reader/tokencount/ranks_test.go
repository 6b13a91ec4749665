package tokencount

import (
	"os"
	"path/filepath"
	"runtime"
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
// pieces stops (pieceMax), the merge by a heap takes over (bpeMax) and
// the memory of long pieces stops (longMax) count as the library counts
// them, in both encodings, the first time and remembered.
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
			lengths := []int{200, 1000, 2047, longMax, longMax + 1, 3 * longMax}
			for n := pieceMax - 4; n <= bpeMax+8; n++ {
				lengths = append(lengths, n)
			}
			for _, n := range lengths {
				s := strings.Repeat(unit, n/len(unit)+1)[:n]
				if !utf8.ValidString(s) {
					continue
				}
				for _, text := range []string{s, " " + s + " end", "(" + s + ")", s} {
					want, _ := lib.Count(text)
					if got := c.counter.Count(text); got != want {
						t.Fatalf("%s: %q (%d bytes): %d tokens, the library %d", c.enc, text, len(text), got, want)
					}
				}
			}
		}
	}
}

// TestMergeHeapIsTheScan: the merge by a heap gives every piece of a
// sample of Go's source, and of one-letter runs, the count of the scan,
// in both encodings: the library's two merges are one algorithm.
func TestMergeHeapIsTheScan(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "net", "http", "server.go"))
	if err != nil {
		t.Fatal(err)
	}
	pieces := 0
	for _, c := range []*Counter{Cl100k, O200k} {
		split, table := c.split, c.ranks
		if c == Cl100k {
			split, table = nextPiece, cl100kTable
		}
		var texts []string
		for s := string(src); len(s) > 0; {
			k := split(s)
			if k < 0 {
				s = s[-k:]
				continue
			}
			texts, s = append(texts, s[:k]), s[k:]
		}
		for n := 2; n <= bpeMax; n++ {
			texts = append(texts, strings.Repeat("x", n), " "+strings.Repeat("ab", n/2), strings.Repeat("\u00e9", n/2))
		}
		for _, p := range texts {
			if len(p) < 2 || len(p) > bpeMax {
				continue
			}
			pieces++
			if got, want := table.bpeCountLong(p), table.bpeCount(p); got != want {
				t.Fatalf("%s: %q: the heap %d tokens, the scan %d", c.encoding(), p, got, want)
			}
		}
	}
	if pieces < 20000 {
		t.Fatalf("only %d pieces", pieces)
	}
}
