package tokencount

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestBound: no piece merges to more tokens than its bound, on pieces of
// Go's source and random words over a few letters, where merges leave
// many single letters (a bound of half the bytes fails there).
func TestBound(t *testing.T) {
	check := func(c *Counter, table *table, p string) {
		if n := table.bpeCount(p); n > table.bound(p) {
			t.Fatalf("%q merges to %d tokens, over its bound %d", p, n, table.bound(p))
		}
	}
	r := rand.New(rand.NewPCG(7, 11))
	for _, enc := range []struct {
		c     *Counter
		table *table
	}{{Cl100k, cl100kTable}, {O200k, o200kTable}} {
		for range 50000 {
			b := make([]byte, 2+r.IntN(40))
			for i := range b {
				b[i] = "qxzjkvwaeiou"[r.IntN(12)]
			}
			check(enc.c, enc.table, string(b))
		}
	}
	src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "net", "http", "server.go"))
	if err != nil {
		t.Skip(err)
	}
	for text := string(src); text != ""; {
		k := nextPiece(text)
		if k < 0 {
			text = text[-k:]
			continue
		}
		if k <= bpeMax {
			check(Cl100k, cl100kTable, text[:k])
		}
		text = text[k:]
	}
}

// TestWithin: Within is Count's exact number whenever it says so, and
// otherwise a bound between the count and the limit, on Go's source, for
// limits about the count and far from it (where the bytes left bound the
// rest), from a new memory and from one that has seen the text.
func TestWithin(t *testing.T) {
	var texts []string
	filepath.WalkDir(filepath.Join(runtime.GOROOT(), "src", "net", "http"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && len(texts) < 60 {
			if b, err := os.ReadFile(p); err == nil && len(b) < 300<<10 {
				texts = append(texts, string(b))
			}
		}
		return nil
	})
	texts = append(texts, "", "x", "\xff\xfe bytes", strings.Repeat("qxqxzqj ", 3000))
	if len(texts) < 20 {
		t.Fatalf("only %d texts", len(texts))
	}
	bounded := 0
	for _, enc := range []*Counter{Cl100k, O200k} {
		exact := &Counter{enc: enc.enc, split: enc.split, fast: enc.fast, ranks: enc.ranks}
		for _, text := range texts {
			want := exact.Count(text)
			// Past a text's bytes, and about where a count and the bytes
			// left together meet the limit, as a file far within it does.
			limits := []int{0, want / 2, want - 1, want, want + 1, want + want/4, 2 * want, len(text), (len(text) + want) / 2, len(text) - 1}
			for _, limit := range limits {
				c := &Counter{enc: enc.enc, split: enc.split, fast: enc.fast, ranks: enc.ranks}
				for pass := range 2 { // the second pass finds the text's pieces remembered
					n, isExact := c.Within(text, limit)
					switch {
					case isExact && n != want:
						t.Fatalf("%.20q within %d, pass %d: %d, exact, Count %d", text, limit, pass, n, want)
					case !isExact && (n < want || n > limit):
						t.Fatalf("%.20q within %d, pass %d: bound %d, Count %d", text, limit, pass, n, want)
					case !isExact:
						bounded++
					}
				}
			}
		}
	}
	if bounded == 0 {
		t.Error("no count was answered with a bound")
	}
}
