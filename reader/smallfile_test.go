package reader

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// openCounter is the disk, counting the files opened.
type openCounter struct {
	OS
	opens int
}

func (c *openCounter) Open(name string) (File, error) {
	c.opens++
	return c.OS.Open(name)
}

// TestReadSmallKeptForTheRun: through a snapshot, a small file is read
// once a run and a large one each time, whole up to max either way; on
// the disk itself every read opens the file.
func TestReadSmallKeptForTheRun(t *testing.T) {
	dir := t.TempDir()
	small, large := filepath.Join(dir, ".gitignore"), filepath.Join(dir, "big")
	os.WriteFile(small, []byte("*.o\n"), 0o644)
	os.WriteFile(large, []byte(strings.Repeat("x", smallFileMax+1)), 0o644)
	disk := &openCounter{}
	cache := &StatCache{}
	for i := range 3 {
		s := Snapshot(disk, cache, filepath.Join(dir, "held"), nil, nil)
		if b, err := ReadSmall(s, small, 1<<20); err != nil || string(b) != "*.o\n" {
			t.Fatalf("small: %q %v", b, err)
		}
		if b, err := ReadSmall(s, small, 2); err != nil || string(b) != "*." {
			t.Fatalf("small, 2 bytes: %q %v", b, err)
		}
		if b, err := ReadSmall(s, large, 1<<20); err != nil || len(b) != smallFileMax+1 {
			t.Fatalf("large: %d bytes, %v", len(b), err)
		}
		// The small file once; the large one each call, and once more the
		// first time, when it was found too large to keep.
		if want := 2 + (i + 1); disk.opens != want {
			t.Fatalf("after %d runs' calls: %d opens, want %d", i+1, disk.opens, want)
		}
	}
	if _, err := ReadSmall(Snapshot(disk, cache, "", nil, nil), filepath.Join(dir, "missing"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	plain := &openCounter{}
	for range 2 {
		ReadSmall(plain, small, 1<<20)
	}
	if plain.opens != 2 {
		t.Errorf("on the disk: %d opens, want 2", plain.opens)
	}
}
