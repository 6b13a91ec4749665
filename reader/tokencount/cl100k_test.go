package tokencount

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
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
		if breakSpaceBreak(s) {
			return // the library splits these otherwise (TestCountIsTiktokens)
		}
		want, _ := lib.Count(s)
		if got := c.Count(s); got != want {
			t.Fatalf("%q: %d tokens, the library %d", s, got, want)
		}
	})
}

// breakSpaceBreak says s holds a line break, white space and another line
// break in one run of white space: github.com/tiktoken-go/tokenizer's
// generated pattern (regexp2cg) ends \s*[\r\n]+ at the first break of such
// a run, where the pattern, run by regexp2 itself or by tiktoken, takes it
// to the last ("a\n\t\n\tb": "\n", "\t\n" against "\n\t\n"). readlens
// counts as tiktoken does; TestCountIsTiktokens holds it to tiktoken's
// counts of such texts.
func breakSpaceBreak(s string) bool {
	state := 0 // 1: after a break in a run of white space; 2: and white space after it
	for _, r := range s {
		switch {
		case r == '\r' || r == '\n':
			if state == 2 {
				return true
			}
			state = 1
		case spaceRune(r):
			if state == 1 {
				state = 2
			}
		default:
			state = 0
		}
	}
	return false
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

// The same checks for o200k_base.

func libraryO200k(t testing.TB) tokenizer.Codec {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var o200kSeeds = append([]string{
	"HelloWorld", "HTTPServer", "iPhone", "ÉCOLE normale", "XMLHttpRequest's", "ǅungla", "ʰello", "a/b/c\n//", "x!!/\n",
	"MAIN'S", "Main'd", "x!!\n/y", "a;\r\n//b", "ABC'll", "ab\u0301c", "\u0301\u0301x", "A\u0301B", "日本語Text", "ʰʰA", "Aʰ", "Aʰb", "ʰTHE x", "x\u0301ABC\u0301 d", "ǅǅǆ're",
}, seeds...)

// FuzzCountO200k: the o200k_base count is the library's, on any text.
func FuzzCountO200k(f *testing.F) {
	for _, s := range o200kSeeds {
		f.Add(s)
	}
	lib := libraryO200k(f)
	f.Fuzz(func(t *testing.T, s string) {
		if breakSpaceBreak(s) {
			return
		}
		want, _ := lib.Count(s)
		if got := O200k.Count(s); got != want {
			t.Fatalf("%q: %d tokens, the library %d", s, got, want)
		}
	})
}

// TestEveryRuneO200k is TestEveryRune for o200k_base, with the contexts
// its word alternatives add: after an upper-case letter, before a lower.
func TestEveryRuneO200k(t *testing.T) {
	lib := libraryO200k(t)
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0x3000 {
			r += 96
		}
		if !utf8.ValidRune(r) {
			continue
		}
		x := string(r)
		for _, s := range []string{x, x + "a", "a" + x + "a", " " + x, x + " a", x + x + "\n", "'" + x, x + "1", "A" + x, "A" + x + " ", x + "b'S", "/" + x} {
			want, _ := lib.Count(s)
			if got := O200k.Count(s); got != want {
				t.Fatalf("%U in %q: %d tokens, the library %d", r, s, got, want)
			}
		}
	}
}

// TestCountGoSourceO200k: the o200k_base count is the library's on a
// sample of Go's source.
func TestCountGoSourceO200k(t *testing.T) {
	lib := libraryO200k(t)
	files := 0
	for _, dir := range []string{"unicode", "strings", "html", "net/http", "encoding/json"} {
		filepath.WalkDir(filepath.Join(runtime.GOROOT(), "src", dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || files >= 150 {
				return nil
			}
			b, err := os.ReadFile(p)
			if err != nil || len(b) > 200<<10 {
				return nil
			}
			files++
			want, _ := lib.Count(string(b))
			if got := O200k.Count(string(b)); got != want {
				t.Errorf("%s: %d tokens, the library %d", p, got, want)
			}
			return nil
		})
	}
	if files < 100 {
		t.Fatalf("only %d files", files)
	}
}

// TestSplitO200k: each piece encoded alone, the pieces' tokens in order
// are the library's tokens of the whole text, for every character in the
// contexts the word alternatives' backtracking looks at. A count can
// agree where the pieces do not; the tokens themselves rarely do.
func TestSplitO200k(t *testing.T) {
	lib := libraryO200k(t)
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0x3000 {
			r += 96
		}
		if !utf8.ValidRune(r) {
			continue
		}
		x := string(r)
		for _, s := range append([]string{x, "A" + x + "B c", "AB" + x + " ", x + "ab's", "A" + x + "'LL", "!" + x + "x", x + x + "/\n"}, o200kSeeds...) {
			_, want, _ := lib.Encode(s)
			var got []string
			for t := s; len(t) > 0; {
				k := nextPieceO200k(t)
				if k < 0 {
					t = t[-k:]
					continue
				}
				_, tokens, _ := lib.Encode(t[:k])
				got, t = append(got, tokens...), t[k:]
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%U in %q: tokens %q, the library's %q", r, s, got, want)
			}
		}
	}
}
