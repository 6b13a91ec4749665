package reader

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// TestSnapshotHolds: the held file is served from the bytes read once, even
// after the disk changes; other names still come from the disk, their stats
// once each.
func TestSnapshotHolds(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.txt")
	other := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(file, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, info, ok := ReadOnce(OS{}, file, 1<<20, nil)
	if !ok || string(data) != "one\ntwo\n" || info.Size() != 8 {
		t.Fatalf("ReadOnce: %q %v %v", data, info, ok)
	}
	s := Snapshot(OS{}, &StatCache{}, file, data, info)
	if _, err := s.Lstat(other); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("changed, and longer\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(other); err != nil {
		t.Fatal(err)
	}
	f, err := s.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(f)
	st, _ := f.Stat()
	if string(b) != "one\ntwo\n" || st.Size() != 8 {
		t.Errorf("held file: %q, size %d", b, st.Size())
	}
	if st, err := s.Stat(file); err != nil || st.Size() != 8 {
		t.Errorf("Stat of the held file: %v %v", st, err)
	}
	if _, err := s.Lstat(other); err != nil {
		t.Errorf("Lstat was asked again: %v", err)
	}
	if _, err := s.Open(other); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open of another name is the disk's: %v", err)
	}
}

// TestSnapshotCapabilities: the snapshot reads links and probes special
// files exactly where its file system does, and its confined view checks
// every name against the directory.
func TestSnapshotCapabilities(t *testing.T) {
	disk := Snapshot(OS{}, &StatCache{}, "/x", nil, nil)
	if _, ok := disk.(Readlinker); !ok {
		t.Error("a snapshot of the disk cannot read links")
	}
	if _, ok := disk.(prober); !ok {
		t.Error("a snapshot of the disk cannot probe")
	}
	mem := Snapshot(Mount(fstest.MapFS{"a": {Data: []byte("a")}}, "/m"), &StatCache{}, "/m/a", nil, nil)
	if _, ok := mem.(Readlinker); ok {
		t.Error("a snapshot of a tree without links reads links")
	}
	if _, ok := mem.(prober); ok {
		t.Error("a snapshot of a tree without special files probes")
	}
	dir := t.TempDir()
	in, done, err := beneath(disk, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	if _, ok := in.(prober); !ok {
		t.Error("the confined view of the disk cannot probe")
	}
	if _, err := in.Stat("/etc/passwd"); !errors.Is(err, ErrOutside) {
		t.Errorf("the confined view let a name outside through: %v", err)
	}
}

// TestReadOnceRefuses: a file larger than the cap, a directory, an empty
// file (maybe a /proc file with content) and a missing one are left to the
// disk.
func TestReadOnceRefuses(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big")
	empty := filepath.Join(dir, "empty")
	os.WriteFile(big, make([]byte, 100), 0o644)
	os.WriteFile(empty, nil, 0o644)
	for _, p := range []string{big, empty, dir, filepath.Join(dir, "missing")} {
		if _, _, ok := ReadOnce(OS{}, p, 99, nil); ok {
			t.Errorf("%s was held", p)
		}
	}
}

// TestStatCacheBounded: the cache never holds more than two generations.
func TestStatCacheBounded(t *testing.T) {
	c := &StatCache{Max: 3}
	asked := 0
	for i := range 20 {
		c.get(statKey{'s', fmt.Sprint(i)}, func() statAnswer { asked++; return statAnswer{} })
		if n := len(c.cur) + len(c.old); n > 6 {
			t.Fatalf("%d answers held", n)
		}
	}
	c.get(statKey{'s', "19"}, func() statAnswer { asked++; return statAnswer{} })
	if asked != 20 {
		t.Errorf("asked %d times, want 20 (the last answer kept)", asked)
	}
}

// TestReadOnceNoDevice: a device is never opened to be held (opening one
// may act), only looked at.
func TestReadOnceNoDevice(t *testing.T) {
	if _, _, ok := ReadOnce(OS{}, "/dev/null", 1<<20, nil); ok {
		t.Error("/dev/null was held")
	}
	if _, _, ok := ReadOnce(OS{}, "/dev/zero", 1<<20, nil); ok {
		t.Error("/dev/zero was held")
	}
}

// countingRooter is the disk, counting the confined views it opens and
// closes.
type countingRooter struct {
	OS
	opened, closed int
}

func (c *countingRooter) beneath(dir string) (FS, func(), error) {
	c.opened++
	return lexical{FS: c.OS, dir: dir}, func() { c.closed++ }, nil
}

// TestSnapshotConfinedOnce: the calls of a run that confine their reads to
// one directory share one view of it, which the cache's Close releases.
func TestSnapshotConfinedOnce(t *testing.T) {
	disk := &countingRooter{}
	cache := &StatCache{}
	for range 3 {
		s := Snapshot(disk, cache, "/x/a", []byte("a"), nil)
		in, done, err := s.(rooter).beneath("/x")
		if err != nil || in == nil {
			t.Fatal(err)
		}
		done()
	}
	if disk.opened != 1 || disk.closed != 0 {
		t.Errorf("opened %d, closed %d before Close; want 1, 0", disk.opened, disk.closed)
	}
	cache.Close()
	if disk.closed != 1 {
		t.Errorf("closed %d after Close; want 1", disk.closed)
	}
}

// TestSnapshotConfinedAnswersApart: a name reached through a link that
// leads out of the directory is seen on the disk and refused by the
// confined view after it: the run keeps their answers apart.
func TestSnapshotConfinedAnswersApart(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	if err := os.Symlink("target", filepath.Join(out, "l")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(dir, "away")); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "away", "l")
	cache := &StatCache{}
	defer cache.Close()
	s := Snapshot(OS{}, cache, filepath.Join(dir, "f"), []byte("f"), nil)
	if target, err := s.(Readlinker).Readlink(name); err != nil || target != "target" {
		t.Fatalf("on the disk: %q, %v", target, err)
	}
	if _, err := s.Lstat(name); err != nil {
		t.Fatalf("lstat on the disk: %v", err)
	}
	if _, err := s.Stat(name); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("stat on the disk of a link to nothing: %v", err)
	}
	in, done, err := s.(rooter).beneath(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	for range 2 {
		if _, err := in.Lstat(name); !errors.Is(err, ErrOutside) {
			t.Errorf("the confined view's lstat of a name outside its directory: %v", err)
		}
		if _, err := in.Stat(name); !errors.Is(err, ErrOutside) {
			t.Errorf("the confined view's stat of a name outside its directory: %v", err)
		}
	}
}

// TestSnapshotKeepsRealPaths: a real path is walked once a run, and a
// link changed after that is still resolved as it was (the snapshot's
// promise: the tree stands still while it is audited).
func TestSnapshotKeepsRealPaths(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	cache := &StatCache{}
	s := Snapshot(OS{}, cache, "", nil, nil)
	p := filepath.Join(dir, "link")
	want, _ := filepath.EvalSymlinks(p)
	if got, ok := RealPath(s, p); !ok || got != want {
		t.Fatalf("RealPath = %q %v, want %q", got, ok, want)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if got, ok := RealPath(Snapshot(OS{}, cache, "", nil, nil), p); !ok || got != want {
		t.Errorf("after the link went: RealPath = %q %v, want the run's %q", got, ok, want)
	}
	if _, ok := RealPath(OS{}, p); ok {
		t.Errorf("the disk still resolves the removed link")
	}
	// Kept, not walked again from kept stats: a walk joins a name for
	// every component.
	deep := filepath.Join(dir, "real", "a", "b", "c")
	RealPath(s, deep)
	if n := testing.AllocsPerRun(100, func() { RealPath(s, deep) }); n > 0 {
		t.Errorf("a kept real path made %v allocations: walked again", n)
	}
}

// TestHeldSampleLent: a held file's sample is its own bytes, read on from
// there, and what is appended to the sample never lands in them.
func TestHeldSampleLent(t *testing.T) {
	data := []byte("0123456789")
	h := &heldFile{Reader: bytes.NewReader(data), data: data}
	sample, err := readSample(h, 4)
	if err != nil || string(sample) != "0123" || &sample[0] != &data[0] {
		t.Fatalf("sample %q %v: not the held bytes", sample, err)
	}
	_ = append(sample, 'x')
	rest, _ := io.ReadAll(h)
	if string(data) != "0123456789" || string(rest) != "456789" {
		t.Errorf("held %q, read on %q", data, rest)
	}
	short := &heldFile{Reader: bytes.NewReader(data[:2]), data: data[:2]}
	if s, err := readSample(short, 4); err != nil || string(s) != "01" {
		t.Errorf("a shorter file's sample: %q %v", s, err)
	}
}

// TestStatEach: a snapshot answers StatEach as the disk does, in the
// names' order, and keeps the answer for the run.
func TestStatEach(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "B.md"), []byte("b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "C.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	names := NewNames("A.md", "B.md", "C.md")
	show := func(each []Stated) string {
		var b bytes.Buffer
		for _, e := range each {
			switch {
			case e.Err != nil:
				fmt.Fprintf(&b, "%s: %v; ", filepath.Base(e.Path), errors.Is(e.Err, os.ErrNotExist))
			default:
				fmt.Fprintf(&b, "%s: %v; ", filepath.Base(e.Path), e.Info.Mode().Type())
			}
		}
		return b.String()
	}
	const want = "A.md: true; B.md: ----------; C.md: d---------; "
	if got := show(StatEach(OS{}, dir, names)); got != want {
		t.Errorf("on the disk: %s, want %s", got, want)
	}
	s := Snapshot(OS{}, &StatCache{}, filepath.Join(dir, "f"), nil, nil)
	if got := show(StatEach(s, dir, names)); got != want {
		t.Errorf("in a snapshot: %s, want %s", got, want)
	}
	if err := os.Remove(filepath.Join(dir, "B.md")); err != nil {
		t.Fatal(err)
	}
	if got := show(StatEach(s, dir, names)); got != want {
		t.Errorf("kept for the run: %s, want %s", got, want)
	}
	if got := show(StatEach(OS{}, dir, names)); got == want {
		t.Errorf("the disk changed, but not its answer: %s", got)
	}
}
