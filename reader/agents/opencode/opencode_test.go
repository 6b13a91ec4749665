package opencode

import (
	"bytes"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// TestSortLocaleKeys: sorting by collation keys orders exactly as comparing
// strings with the collator does, and as comparing whole keys did, however
// little of each key the sort holds at once: names that tie on one chunk
// are ordered by the next, equal keys keep their order.
func TestSortLocaleKeys(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"a", "A", "b", "_", ".", "-", "1", "10", "9", "é", "E", "z", "Z", "~", " ", "ß", "ss", "e\u0301"}
	names := make([]string, 3000)
	for i := range names {
		var b strings.Builder
		if i%3 == 0 {
			b.WriteString("a shared prefix, longer than a chunk of key: ")
		}
		for n := 1 + r.Intn(5); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		names[i] = b.String()
	}
	col := collate.New(language.Und)
	want := slices.Clone(names)
	slices.SortStableFunc(want, col.CompareString)
	var kb1, kb2 collate.Buffer
	byKeys := slices.Clone(names)
	slices.SortStableFunc(byKeys, func(a, b string) int {
		kb1.Reset()
		kb2.Reset()
		return bytes.Compare(col.KeyFromString(&kb1, a), col.KeyFromString(&kb2, b))
	})
	if !slices.Equal(byKeys, want) {
		t.Fatal("whole-key order differs from CompareString order")
	}
	for _, k := range []int{1, 2, 3, 7, 16, 256} {
		got := slices.Clone(names)
		sortLocaleChunks(got, k)
		if !slices.Equal(got, want) {
			t.Fatalf("%d-byte chunks: order differs from CompareString order", k)
		}
	}
	got := slices.Clone(names)
	sortLocale(got)
	if !slices.Equal(got, want) {
		t.Fatal("sortLocale: order differs from CompareString order")
	}
}
