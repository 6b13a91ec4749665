package opencode

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// TestSortLocaleKeys: sorting by collation keys orders exactly as comparing
// strings with the collator does.
func TestSortLocaleKeys(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"a", "A", "b", "_", ".", "-", "1", "10", "9", "é", "E", "z", "Z", "~", " ", "ß", "ss"}
	names := make([]string, 3000)
	for i := range names {
		var b strings.Builder
		for n := 1 + r.Intn(5); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		names[i] = b.String()
	}
	want := slices.Clone(names)
	col := collate.New(language.Und)
	slices.SortStableFunc(want, col.CompareString)
	sortLocale(names)
	if !slices.Equal(names, want) {
		t.Fatal("key order differs from CompareString order")
	}
}
