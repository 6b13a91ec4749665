package all

import (
	"context"
	"github.com/readlens/readlens/internal/oracle"
	"os"
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestProfileContract runs every registered profile on every fixture, with
// and without a window, and checks what renderers and the TUI rely on: the
// parts join to the output, line parts carry their numbers, the lines shown
// are consecutive, the truncation facts agree with them.
func TestProfileContract(t *testing.T) {
	root, err := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
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
				res, err := reader.Read(context.Background(), reader.Request{Profile: must(name), Args: args, Cwd: root, Worktree: root})
				if err != nil {
					t.Fatalf("%s %s: %v", name, args, err)
				}
				readertest.CheckContract(t, name+" "+string(args), res)
			}
		}
	}
}

// must is the profile called name, one of Names.
func must(name string) reader.Profile {
	p, err := Lookup(name)
	if err != nil {
		panic(err)
	}
	return p
}
