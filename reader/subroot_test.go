package reader

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestSubRootsAnswerAsTheRoot: a confined stat answered from a kept
// directory is the root's answer, a link that leaves that directory but
// not the root is still followed, one that leaves the root still refused,
// and the directory is kept for the next name in it.
func TestSubRootsAnswerAsTheRoot(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a/b", "c"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/b/f.txt", "12345")
	write("c/g.txt", "123")
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	link("../../c/g.txt", "a/b/sibling")
	link("../../../outside", "a/b/out")
	in, done, err := OS{}.beneath(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	for _, c := range []struct {
		name string
		size int64
	}{{"a/b/f.txt", 5}, {"a/b/sibling", 3}, {"c/g.txt", 3}} {
		st, err := in.Stat(filepath.Join(dir, c.name))
		if err != nil || st.Size() != c.size || st.Name() != filepath.Base(c.name) {
			t.Errorf("Stat %s: %v %v, want size %d", c.name, st, err, c.size)
		}
	}
	if st, err := in.Lstat(filepath.Join(dir, "a/b/sibling")); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("Lstat of the link: %v %v", st, err)
	}
	if _, err := in.Stat(filepath.Join(dir, "a/b/out")); !errors.Is(err, ErrOutside) {
		t.Errorf("a link out of the root: %v, want ErrOutside", err)
	}
	subs := in.(rooted).subs
	kept := map[string]bool{}
	for _, d := range subs.dirs {
		kept[d.rel] = d.root != nil
	}
	if !kept["a/b"] || !kept["c"] {
		t.Errorf("kept directories: %v, want a/b and c", kept)
	}
	// More directories than are kept: the oldest go, and their names are
	// still answered.
	for i := range subRootsKept + 2 {
		d := filepath.Join(dir, "many", string(rune('a'+i)))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if _, err := in.Stat(filepath.Join(d, "..")); err != nil {
			t.Fatal(err)
		}
		if _, err := in.Lstat(d); err != nil {
			t.Fatal(err)
		}
	}
	if st, err := in.Stat(filepath.Join(dir, "a/b/f.txt")); err != nil || st.Size() != 5 {
		t.Errorf("after the directory was let go: %v %v", st, err)
	}
}
