package render

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/pi"
	"github.com/readlens/readlens/theme"
)

// TestPiCollapseMatchesPi draws pi's results as readlens does and compares
// the collapsed and expanded text with what pi's own renderResult drew for
// the same call (recorded by the oracle): the first ten lines, the count of
// the rest, trailing empty lines dropped. readlens's expand key is ctrl+e
// where pi's is ctrl+o, and its own warning line replaces pi's.
func TestPiCollapseMatchesPi(t *testing.T) {
	root := filepath.Join(t.TempDir(), "root")
	if err := fixtures.Copy(root, "../testdata/fixtures"); err != nil {
		t.Fatal(err)
	}
	if err := fixtures.Dynamic(root); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", filepath.Join(root, "home"))
	cases, err := oracle.Cases("pi")
	if err != nil {
		t.Fatal(err)
	}
	st := theme.New(true)
	compared := 0
	for _, c := range cases {
		rec, err := oracle.Load("pi", c.Name)
		if err != nil {
			t.Fatal(err)
		}
		// pi's renderer turns tabs into spaces, drops \r and control bytes
		// and adds its own image lines; readlens shows those, a BOM and the
		// spaces ending a line visibly instead.
		if rec.Render == nil || len(rec.Attachments) > 0 || strings.ContainsAny(rec.Output, "\t\r\x00\x1b\ufeff") ||
			strings.Contains(rec.Output, " \n") || strings.HasSuffix(rec.Output, " ") ||
			strings.ContainsFunc(rec.Output, func(r rune) bool { return r < 0x20 && r != '\n' || r == '\u200b' || r == 0xfffd }) {
			continue
		}
		args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
		res, err := reader.Read(context.Background(), reader.Request{Profile: pi.Profile, Args: []byte(args), Cwd: root, Worktree: root, NoImages: c.NoImages})
		if err != nil {
			t.Fatal(err)
		}
		for _, expanded := range []bool{false, true} {
			key := "renderResult_collapsed"
			if expanded {
				key = "renderResult_expanded"
			}
			want := strings.ReplaceAll(rec.Render[key], oracle.RootVar, root)
			want = strings.TrimPrefix(want, "\n")
			want = strings.ReplaceAll(want, "ctrl+o to expand", "ctrl+e to expand")
			if i := strings.LastIndex(want, "\n["); i >= 0 && (strings.HasPrefix(want[i+1:], "[Truncated:") || strings.HasPrefix(want[i+1:], "[First line exceeds")) {
				want = want[:i] // pi's warning line; readlens draws its own
			}
			got := ansi.Strip(Result(st, 1<<20, res, Options{Expanded: expanded}))
			if res.Truncation.Cut() || res.Truncation.Cap != reader.CapNone || res.IsError {
				got = got[:strings.LastIndex(got, "\n")] // readlens's warning or error line
			}
			got = minimapRow.ReplaceAllString(got, "") // readlens's own bar
			if got != want {
				t.Errorf("%s (expanded %v):\n got %q\nwant %q", c.Name, expanded, clipped(got), clipped(want))
			}
		}
		compared++
	}
	if compared < 40 {
		t.Fatalf("only %d recordings compared", compared)
	}
	os.RemoveAll(root)
}

func clipped(s string) string {
	if len(s) > 300 {
		return s[:150] + " … " + s[len(s)-150:]
	}
	return s
}

// minimapRow is readlens's bar under an expanded card.
var minimapRow = regexp.MustCompile(`(^|\n)[█░]+ lines \d+–\d+ of \d+`)
