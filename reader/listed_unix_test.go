//go:build unix

package reader

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// onlyFS is an FS that cannot open without following links.
type onlyFS struct{ FS }

// TestOpenListed: a regular file is opened and its open stat is its Lstat;
// a link or a FIFO in its place is left for the caller to look at (the
// FIFO never blocks the open); a name gone is fs.ErrNotExist; an FS that
// cannot refuse links is not asked.
func TestOpenListed(t *testing.T) {
	dir := t.TempDir()
	file, link, fifo := filepath.Join(dir, "f"), filepath.Join(dir, "l"), filepath.Join(dir, "p")
	os.WriteFile(file, []byte("abc\n"), 0o640)
	os.Symlink("f", link)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}

	f, lstat, err := OpenListed(OS{}, file)
	if err != nil || f == nil {
		t.Fatalf("the file: %v, %v", f, err)
	}
	want, _ := os.Lstat(file)
	if lstat.Name() != want.Name() || lstat.Size() != 4 || lstat.Mode() != want.Mode() || !lstat.ModTime().Equal(want.ModTime()) || !os.SameFile(lstat, want) {
		t.Errorf("the file's stat: %v %d %v %v, want its Lstat's", lstat.Name(), lstat.Size(), lstat.Mode(), lstat.ModTime())
	}
	if data, info := ReadOpen(f, lstat, 1<<20); string(data) != "abc\n" || info != lstat {
		t.Errorf("read %q", data)
	}
	f.Close()

	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, p := range []string{link, fifo} {
			if f, lstat, err := OpenListed(OS{}, p); f != nil || lstat != nil || err != nil {
				t.Errorf("%s: %v %v %v, want it left to the caller", filepath.Base(p), f, lstat, err)
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("OpenListed hung on a FIFO")
	}

	if _, _, err := OpenListed(OS{}, filepath.Join(dir, "gone")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a name gone: %v, want fs.ErrNotExist", err)
	}
	if f, lstat, err := OpenListed(onlyFS{OS{}}, file); f != nil || lstat != nil || err != nil {
		t.Errorf("an FS without OpenNoFollow: %v %v %v", f, lstat, err)
	}
}
