package reader

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProfileContract runs every registered profile on every fixture, with
// and without a window, and checks what renderers and the TUI rely on: the
// parts join to the output, line parts carry their numbers, the lines shown
// are consecutive, the truncation facts agree with them.
func TestProfileContract(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "testdata", "fixtures"))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && p != root {
			paths = append(paths, p)
		}
		return nil
	})
	two, three := 2, 3
	for _, name := range Names() {
		p, _ := Lookup(name)
		for _, path := range paths {
			for _, w := range [][2]*int{{nil, nil}, {&two, &three}} {
				args := p.Args(path, w[0], w[1])
				res, err := Read(context.Background(), Request{Profile: name, Args: args, Cwd: root, Worktree: root})
				if err != nil {
					t.Fatalf("%s %s: %v", name, args, err)
				}
				checkContract(t, name+" "+string(args), res)
			}
		}
	}
}

func checkContract(t *testing.T, what string, r *Result) {
	t.Helper()
	var b strings.Builder
	for _, pt := range r.Parts {
		b.WriteString(pt.Text)
		if pt.Kind == PartLine && (pt.Line < 1 || pt.Prefix > len(pt.Text)) {
			t.Errorf("%s: line part %+v", what, pt)
		}
	}
	if b.String() != r.Output {
		t.Errorf("%s: parts do not join to the output", what)
	}
	if r.IsError && len(r.Lines) > 0 {
		t.Errorf("%s: an error with source lines", what)
	}
	for i := 1; i < len(r.Lines); i++ {
		if r.Lines[i].N != r.Lines[i-1].N+1 {
			t.Errorf("%s: line %d follows line %d", what, r.Lines[i].N, r.Lines[i-1].N)
			break
		}
	}
	tr := r.Truncation
	if n := len(r.Lines); n > 0 && (tr.FirstLine != r.Lines[0].N || tr.LastLine != r.Lines[n-1].N) {
		t.Errorf("%s: truncation says lines %d-%d, shown %d-%d", what, tr.FirstLine, tr.LastLine, r.Lines[0].N, r.Lines[n-1].N)
	}
	if tr.Cap != CapNone && tr.Cap != CapFirstLine && len(tr.Next) == 0 && tr.NextOffset != 0 {
		t.Errorf("%s: a next offset without the continuation call", what)
	}
}
