package render

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/theme"
)

// bodyFiles hold what makes a row's height hard to know without building
// it: long ASCII lines, tabs, wide characters at the wrap point, controls,
// trailing spaces, cut lines, and an answer cut in its middle (codex's
// harness, cline's message builder), its cut drawn between head and tail.
var bodyFiles = map[string]string{
	"middle.txt": strings.Repeat(strings.Repeat("m", 70)+"\n", 800),
	"ascii.txt":  strings.Repeat("short\n"+strings.Repeat("abcdefghij", 23)+"\n", 5) + "end   \n",
	"wide.txt":   strings.Repeat("ab漢字😀x\t\ty\n"+strings.Repeat("漢", 300)+"\n", 4),
	"ctrl.txt":   "a\x00b\x1b[2Jc\u202e\n\r\n" + strings.Repeat("é", 2500) + "\n" + strings.Repeat("z", 5000) + "\n",
}

// TestBodyWindows: any window of a body's rows is the same rows as building
// every source row and wrapping it, and Len counts them all, at every width,
// in both views, collapsed and expanded: the fast heights of the index
// agree with the rows themselves, and so do a Measure's.
func TestBodyWindows(t *testing.T) {
	mapfs := fstest.MapFS{}
	for name, data := range bodyFiles {
		mapfs[name] = &fstest.MapFile{Data: []byte(data)}
	}
	fsys := reader.Mount(mapfs, "/b")
	st := theme.New(true)
	for _, profile := range []string{"opencode", "pi", "claude-code", "codex", "crush", "cline"} {
		p, _ := all.Lookup(profile)
		for name := range bodyFiles {
			res, err := reader.Read(context.Background(), reader.Request{Profile: p, Args: p.Args("/b/"+name, nil, nil), Cwd: "/b", Worktree: "/b", FS: fsys})
			if err != nil {
				t.Fatal(err)
			}
			for _, width := range []int{1, 3, 7, 20, 33, 80} {
				m := Measured(st, res)
				for _, o := range []Options{{Expanded: true}, {Expanded: true, View: PrettyView}, {}, {View: PrettyView},
					{Expanded: true, Measure: m}, {Expanded: true, View: PrettyView, Measure: m}, {Measure: m}} {
					b := NewBody(st, width, res, o)
					var want []string
					for i := range b.src.len() {
						want = append(want, b.fit(b.src.build(i))...)
					}
					want = append(want, b.tail.rows(0, b.tail.len())...)
					what := profile + " " + name
					if b.Len() != len(want) {
						t.Fatalf("%s width %d %+v: Len %d, %d rows built", what, width, o, b.Len(), len(want))
					}
					for from := 0; from <= len(want); from += 1 + from/2 {
						for _, n := range []int{1, 7, 40} {
							if got := b.Rows(from, from+n); !slices.Equal(got, want[from:min(from+n, len(want))]) {
								t.Fatalf("%s width %d %+v: rows %d..%d differ", what, width, o, from, from+n)
							}
						}
					}
				}
			}
		}
	}
}
