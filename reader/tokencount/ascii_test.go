package tokencount

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestSplitASCII: splitASCII is nextPiece wherever it decides, on every
// string of up to four characters from an alphabet of each class and the
// characters past ASCII that could go on with one (letters of each case, a
// modifier letter, a combining mark, a digit, spaces, a dash), and at
// every offset of Go source files.
func TestSplitASCII(t *testing.T) {
	checkSplitASCII(t, splitASCII, nextPiece)
}

// TestSplitASCIIO200k: the same of splitASCIIO200k and nextPieceO200k.
func TestSplitASCIIO200k(t *testing.T) {
	checkSplitASCII(t, splitASCIIO200k, nextPieceO200k)
}

func checkSplitASCII(t *testing.T, fast, split func(string) int) {
	alphabet := []string{
		"a", "Z", "s", "t", "r", "e", "l", "m", "d", "v", "T", "L", "7", " ", "\t", "\n", "\r", "\v", "'", "(", "/", "\x7f", "\x00",
		"é", "É", "ʰ", "\u0301", "٣", "\u00a0", "\u0085", "—", "ſ",
	}
	decided := 0
	check := func(s string) {
		if k := fast(s); k != 0 {
			decided++
			if want := split(s); k != want {
				t.Fatalf("%q: %d, the general split %d", s, k, want)
			}
		}
	}
	var try func(s string, depth int)
	try = func(s string, depth int) {
		if s != "" && s[0] < 0x80 {
			check(s)
		}
		if depth < 4 {
			for _, c := range alphabet {
				try(s+c, depth+1)
			}
		}
	}
	try("", 0)
	files := 0
	filepath.WalkDir(filepath.Join(runtime.GOROOT(), "src", "net", "http"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || files >= 40 {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		files++
		for i, text := 0, string(b); i < len(text); i++ {
			if text[i] < 0x80 {
				check(text[i:])
			}
		}
		return nil
	})
	if files < 20 || decided < 1000000 {
		t.Fatalf("%d files, %d pieces decided", files, decided)
	}
}
