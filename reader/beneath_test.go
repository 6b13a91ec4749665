package reader

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// TestRootEscapeError: os.Root's refusal of a path that leaves it is
// recognised (package os exports only its text), and reported as
// ErrOutside under the absolute name, for a relative link out, an absolute
// link and a name outside the root.
func TestRootEscapeError(t *testing.T) {
	top := t.TempDir()
	root := filepath.Join(top, "root")
	if err := os.MkdirAll(filepath.Join(root, "in"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(top, "secret"), []byte("secret"), 0o644)
	os.WriteFile(filepath.Join(root, "in", "ok"), []byte("ok"), 0o644)
	os.Symlink("../secret", filepath.Join(root, "rel"))
	os.Symlink(filepath.Join(top, "secret"), filepath.Join(root, "abs"))
	os.Symlink("in/ok", filepath.Join(root, "inside"))

	in, done, err := beneath(OS{}, root)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	for _, name := range []string{root + "/rel", root + "/abs", top + "/secret", root + "/../secret"} {
		_, err := in.Stat(name)
		var pe *os.PathError
		if !errors.Is(err, ErrOutside) || !errors.As(err, &pe) || pe.Path != name || pe.Op != "stat" {
			t.Errorf("Stat(%q) = %v, want ErrOutside", name, err)
		}
		if _, err := in.Open(name); !errors.Is(err, ErrOutside) {
			t.Errorf("Open(%q) = %v, want ErrOutside", name, err)
		}
	}
	if st, err := in.Stat(root + "/inside"); err != nil || st.Size() != 2 {
		t.Errorf("a link that stays inside: %v", err)
	}
	if _, err := in.Stat(root + "/missing"); !os.IsNotExist(err) || errors.Is(err, ErrOutside) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestBeneathMounted: a tree without links (the demo's) is confined by
// name.
func TestBeneathMounted(t *testing.T) {
	fsys := Mount(fstest.MapFS{"a/f": {Data: []byte("x")}, "b": {Data: []byte("y")}}, "/demo")
	in, done, err := beneath(fsys, "/demo/a")
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	if _, err := in.Stat("/demo/a/f"); err != nil {
		t.Error(err)
	}
	if _, err := in.Open("/demo/b"); !errors.Is(err, ErrOutside) {
		t.Errorf("Open outside = %v", err)
	}
}
