package reader

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Expected values were printed by Node 20's path module.
func TestNodePath(t *testing.T) {
	for _, c := range []struct{ in, ext, base, dir string }{
		{"...x", ".x", "...x", "."},
		{"..x", ".x", "..x", "."},
		{".x.y", ".y", ".x.y", "."},
		{"a..", ".", "a..", "."},
		{"..", "", "..", "."},
		{".", "", ".", "."},
		{"a.", ".", "a.", "."},
		{"/a/b.c/", ".c", "b.c", "/a"},
		{"x.tar.gz", ".gz", "x.tar.gz", "."},
		{"/", "", "", "/"},
		{"/a/.hidden", "", ".hidden", "/a"},
	} {
		if got := nodeExtname(c.in); got != c.ext {
			t.Errorf("extname(%q) = %q, want %q", c.in, got, c.ext)
		}
		if got := nodeBasename(c.in); got != c.base {
			t.Errorf("basename(%q) = %q, want %q", c.in, got, c.base)
		}
		if got := nodeDirname(c.in); got != c.dir {
			t.Errorf("dirname(%q) = %q, want %q", c.in, got, c.dir)
		}
	}
	for _, c := range []struct{ from, to, want string }{
		{"/a/b", "/a/b", ""},
		{"/", "/tmp/x", "tmp/x"},
		{"/a/b/c", "/a/d", "../../d"},
	} {
		if got := nodeRelative(c.from, c.to); got != c.want {
			t.Errorf("relative(%q, %q) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
	if got := nodeResolve("/a", "x//y/./z/"); got != "/a/x/y/z" {
		t.Errorf("resolve = %q", got)
	}
	if got := nodeResolve("/a", ""); got != "/a" {
		t.Errorf("resolve empty = %q", got)
	}
}

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
