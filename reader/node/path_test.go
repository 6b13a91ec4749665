package node

import (
	"testing"
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
		if got := Extname(c.in); got != c.ext {
			t.Errorf("extname(%q) = %q, want %q", c.in, got, c.ext)
		}
		if got := Basename(c.in); got != c.base {
			t.Errorf("basename(%q) = %q, want %q", c.in, got, c.base)
		}
		if got := Dirname(c.in); got != c.dir {
			t.Errorf("dirname(%q) = %q, want %q", c.in, got, c.dir)
		}
	}
	for _, c := range []struct{ from, to, want string }{
		{"/a/b", "/a/b", ""},
		{"/", "/tmp/x", "tmp/x"},
		{"/a/b/c", "/a/d", "../../d"},
	} {
		if got := Relative(c.from, c.to); got != c.want {
			t.Errorf("relative(%q, %q) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
	if got := Resolve("/a", "x//y/./z/"); got != "/a/x/y/z" {
		t.Errorf("resolve = %q", got)
	}
	if got := Resolve("/a", ""); got != "/a" {
		t.Errorf("resolve empty = %q", got)
	}
}
