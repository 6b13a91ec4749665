package reader

import (
	"context"
	"os"
	"path/filepath"
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
