package python

import (
	"math"
	"os"
	"testing"

	"github.com/readlens/readlens/internal/fixtures"
)

// The expected values below were printed by CPython 3 (repr, str.lower,
// posixpath, json.dumps, OSError) on this machine.

func TestPyFloat(t *testing.T) {
	for f, want := range map[float64]string{
		1.5: "1.5", 100: "100.0", 1e16: "1e+16", 1e15: "1000000000000000.0", 0.0001: "0.0001",
		0.00001: "1e-05", 123456789012345678: "1.2345678901234568e+17", math.Copysign(0, -1): "-0.0",
		math.Inf(1): "Infinity", 2.5e-7: "2.5e-07", 0.30000000000000004: "0.30000000000000004",
	} {
		if got := Float(f); got != want {
			t.Errorf("pyFloat(%v) = %q, want %q", f, got, want)
		}
	}
}

func TestPyDumps(t *testing.T) {
	got := Dumps([]byte(`{"a":1,"b":[1.0,1e16,-0,"\u00e9\n\u0001\u2028"],"a":2, "c": 1E400}`))
	if want := "{\"a\": 2, \"b\": [1.0, 1e+16, 0, \"é\\n\\u0001\u2028\"], \"c\": Infinity}"; got != want {
		t.Errorf("pyDumps = %q, want %q", got, want)
	}
}

func TestPyRepr(t *testing.T) {
	for s, want := range map[string]string{
		"a'b": `"a'b"`, `a"b`: `'a"b'`, `a'b"c`: `'a\'b"c'`,
		"tab\t\x01\x7f é\u200b\u00a0": `'tab\t\x01\x7f é\u200b\xa0'`, "nl\n": `'nl\n'`, "😀": `'😀'`,
	} {
		if got := Repr(s); got != want {
			t.Errorf("pyRepr(%q) = %s, want %s", s, got, want)
		}
	}
}

func TestPyLower(t *testing.T) {
	for s, want := range map[string]string{
		"İstanbul": "i\u0307stanbul", "ΟΔΟΣ": "οδος", "ΟΔΟΣ ΑΣ": "οδος ας", "Σ": "σ", "AΣ'": "aς'", "ß": "ß", "ǅ": "ǆ",
	} {
		if got := Lower(s); got != want {
			t.Errorf("pyLower(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestPosixpath(t *testing.T) {
	for _, c := range []struct{ p, dir, base string }{
		{"/a/b/", "/a/b", ""}, {"/a/b", "/a", "b"}, {"/", "/", ""}, {"//a", "//", "a"},
		{"a", "", "a"}, {"/a//b//", "/a//b", ""}, {"///", "///", ""},
	} {
		if d, b := Dirname(c.p), Basename(c.p); d != c.dir || b != c.base {
			t.Errorf("%q: dirname %q basename %q, want %q %q", c.p, d, b, c.dir, c.base)
		}
	}
	for p, want := range map[string]string{
		"/x/.bashrc": "", "/x/..png": "", "/x/a..png": ".png", "/x/...": "", "/x/a.": ".",
		"/x/a.tar.gz": ".gz", "/x.y/z": "", "/x/.a.b": ".b",
	} {
		if got := Ext(p); got != want {
			t.Errorf("pyExt(%q) = %q, want %q", p, got, want)
		}
	}
	if a, b := Relpath("/a/b", "/a/b"), Relpath("/a/b/c", "/a"); a != "." || b != "../.." {
		t.Errorf("relpath: %q %q", a, b)
	}
}

func TestPyOSError(t *testing.T) {
	root := fixtures.Tree(t, map[string]string{"f": "x"})
	_, err := os.Open("/nonexist'x")
	if got, want := OSError(err, "/nonexist'x"), `[Errno 2] No such file or directory: "/nonexist'x"`; got != want {
		t.Errorf("%s, want %s", got, want)
	}
	_, err = os.ReadDir(root + "/f")
	if got, want := OSError(err, root+"/f"), `[Errno 20] Not a directory: '`+root+`/f'`; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
