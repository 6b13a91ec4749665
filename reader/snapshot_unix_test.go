//go:build unix

package reader

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// statCounter is the disk, counting the stats and lstats asked of it.
type statCounter struct {
	OS
	stats, lstats int
}

func (c *statCounter) Stat(name string) (fs.FileInfo, error) {
	c.stats++
	return c.OS.Stat(name)
}

func (c *statCounter) Lstat(name string) (fs.FileInfo, error) {
	c.lstats++
	return c.OS.Lstat(name)
}

// TestReadOnceTrustsARegularLstat: a regular file's Lstat, when the caller
// has one, is its Stat, and the file is read without asking again; a link's
// is not, and a FIFO behind a link is still never opened. An Lstat the
// run's cache answered once is its calls' too.
func TestReadOnceTrustsARegularLstat(t *testing.T) {
	dir := t.TempDir()
	file, link, fifo, fifoLink := filepath.Join(dir, "f"), filepath.Join(dir, "l"), filepath.Join(dir, "p"), filepath.Join(dir, "pl")
	os.WriteFile(file, []byte("abc"), 0o644)
	os.Symlink("f", link)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("p", fifoLink)
	disk := &statCounter{}
	cache := &StatCache{}
	lst, _ := cache.Lstat(disk, file)
	if data, _, ok := ReadOnce(disk, file, 1<<20, lst); !ok || string(data) != "abc" || disk.stats != 0 {
		t.Errorf("regular: %q %v, %d stats; want abc, held, none", data, ok, disk.stats)
	}
	lst, _ = cache.Lstat(disk, link)
	if data, _, ok := ReadOnce(disk, link, 1<<20, lst); !ok || string(data) != "abc" || disk.stats != 1 {
		t.Errorf("link: %q %v, %d stats; want abc, held, one", data, ok, disk.stats)
	}
	lst, _ = cache.Lstat(disk, fifoLink)
	if _, _, ok := ReadOnce(disk, fifoLink, 1<<20, lst); ok {
		t.Error("a FIFO behind a link was held")
	}
	Snapshot(disk, cache, file, nil, nil).Lstat(file)
	if disk.lstats != 3 {
		t.Errorf("%d lstats; the snapshot's Lstat of %s should be the cache's", disk.lstats, file)
	}
}

// statCountingRooter is the disk, whose confined views count their stats.
type statCountingRooter struct {
	OS
	viewStats int
}

type statCountingView struct {
	FS
	n *int
}

func (v statCountingView) Stat(name string) (fs.FileInfo, error) {
	*v.n++
	return v.FS.Stat(name)
}

func (c *statCountingRooter) beneath(dir string) (FS, func(), error) {
	return statCountingView{lexical{FS: c.OS, dir: dir}, &c.viewStats}, func() {}, nil
}

// TestConfinedHeldFile: a confined view answers the held file's stat
// itself when the file lies beneath its directory with no link on the way
// (its real path is itself); behind a link, or outside, the view checks.
func TestConfinedHeldFile(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	for _, p := range []string{filepath.Join(dir, "f"), filepath.Join(out, "g")} {
		os.WriteFile(p, []byte("abc"), 0o644)
	}
	os.Symlink("f", filepath.Join(dir, "l"))
	for _, c := range []struct {
		held    string
		checked int
	}{
		{filepath.Join(dir, "f"), 0},
		{filepath.Join(dir, "l"), 1},
		{filepath.Join(out, "g"), 1},
	} {
		disk := &statCountingRooter{}
		cache := &StatCache{}
		data, info, ok := ReadOnce(disk, c.held, 1<<20, nil)
		if !ok {
			t.Fatal(c.held, "not held")
		}
		in, _, err := Snapshot(disk, cache, c.held, data, info).(rooter).beneath(dir)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := in.Stat(c.held)
		if c.checked == 0 && (err != nil || fi != info) {
			t.Errorf("%s: %v %v, want the held file's own stat", c.held, fi, err)
		}
		if disk.viewStats != c.checked {
			t.Errorf("%s: the view checked %d times, want %d", c.held, disk.viewStats, c.checked)
		}
	}
}
