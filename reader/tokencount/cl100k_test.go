package tokencount

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2/v2"
	"github.com/tiktoken-go/tokenizer"
)

func library(t testing.TB) tokenizer.Codec {
	c, err := tokenizer.Get(tokenizer.Cl100kBase)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSpaceIsTheLibrarys: the split's white space is regexp2's \s, rune
// for rune.
func TestSpaceIsTheLibrarys(t *testing.T) {
	re := regexp2.MustCompile(`^\s$`, regexp2.None)
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		ok, _ := re.MatchString(string(r))
		if got := nextPieceIsSpace(r); got != ok {
			t.Fatalf("%U: space %v, regexp2 %v", r, got, ok)
		}
	}
}

func nextPieceIsSpace(r rune) bool {
	// A lone space character is one piece, taken by the \s alternatives
	// only: letters, numbers and the rest are not space.
	return spaceRune(r)
}

var seeds = []string{
	"", "a", "hello world", "  leading", "trailing  ", "a  b", "a   b\n", "x \n\n y", "\r\n\r\n", " \t\n \n  z",
	"don't", "DON'T", "I'M", "we'll", "they'RE", "you've", "he'd", "'s", "'ſ", "'ſx", "'S", "''", "'", "'l", "'ll", "'LL",
	"12345", "١٢٣٤", "x1234y", "3.14159", "a\u00a0b", "\u3000\u3000x", "\u2028", "é", "naïve café", "日本語のテキスト",
	"emoji 😀😀 ok", "tab\tsep", "func main() {\n\tfmt.Println(\"hi\")\n}\n", "   1\tpackage x\n   2\t\n", "<tag attr='v'>",
	"a\u0301b", "!!!\n\n", " !!!\r\n", "\x0b\x0c", "\u0085x", "  \u0085 x", "μ-law", "ǅ ǈ", "ⅫⅪ", "𝟘𝟙",
}

// FuzzCount: the count is the library's, on any text.
func FuzzCount(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	lib := library(f)
	c := &Counter{}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := lib.Count(s)
		if got := c.Count(s); got != want {
			t.Fatalf("%q: %d tokens, the library %d", s, got, want)
		}
	})
}

// TestCountGoSource: the count is the library's on Go's own source (a
// sample of packages, text of every kind: code, Unicode tables, test data).
func TestCountGoSource(t *testing.T) {
	lib := library(t)
	c := &Counter{}
	files := 0
	for _, dir := range []string{"unicode", "strings", "html", "net/http", "encoding/json", "regexp", "cmd/go/testdata/script"} {
		root := filepath.Join(runtime.GOROOT(), "src", dir)
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || files >= 400 {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil || len(b) > 200<<10 {
				return nil
			}
			files++
			s := string(b)
			want, _ := lib.Count(s)
			if got := c.Count(s); got != want {
				t.Errorf("%s: %d tokens, the library %d", p, got, want)
			}
			return nil
		})
	}
	if files < 100 {
		t.Fatalf("only %d files", files)
	}
	// And with line numbers, as the agents show them.
	var b strings.Builder
	for i := range 3000 {
		b.WriteString(strings.Repeat(" ", 5) + string(rune('0'+i%10)) + "\t" + "value := compute(x)\n")
	}
	want, _ := lib.Count(b.String())
	if got := c.Count(b.String()); got != want {
		t.Errorf("numbered lines: %d, the library %d", got, want)
	}
}

// TestEveryRune: each character alone and in the contexts the split's
// alternatives look at (before a letter, after a space, an apostrophe, a
// digit), counted as the library counts it: all of the first 12,288 code
// points, then every 97th (all of them agreed when this was written).
func TestEveryRune(t *testing.T) {
	lib := library(t)
	c := &Counter{}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0x3000 {
			r += 96
		}
		if !utf8.ValidRune(r) {
			continue
		}
		x := string(r)
		for _, s := range []string{x, x + "a", "a" + x + "a", " " + x, x + " a", x + x + "\n", "'" + x, x + "1"} {
			want, _ := lib.Count(s)
			if got := c.Count(s); got != want {
				t.Fatalf("%U in %q: %d tokens, the library %d", r, s, got, want)
			}
		}
	}
}
