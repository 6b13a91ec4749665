//go:build unix

package audit_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/agents/opencode"
	"github.com/readlens/readlens/reader/audit"
)

// lstatDisk is the disk, counting the Lstats of each name and removing
// doomed just before anyone looks at it, as if deleted after the listing.
type lstatDisk struct {
	reader.OS
	doomed string
	mu     sync.Mutex
	lstats map[string]int
}

func (d *lstatDisk) Lstat(name string) (os.FileInfo, error) {
	d.mu.Lock()
	d.lstats[name]++
	d.mu.Unlock()
	if name == d.doomed {
		os.Remove(name)
	}
	return d.OS.Lstat(name)
}

func (d *lstatDisk) OpenNoFollow(name string) (reader.File, error) {
	if name == d.doomed {
		os.Remove(name)
	}
	return d.OS.OpenNoFollow(name)
}

// followingDisk is lstatDisk without OpenNoFollow: the audit looks before
// it opens, as it does on any FS that cannot refuse a link.
type followingDisk struct{ d *lstatDisk }

func (f followingDisk) Open(name string) (reader.File, error)  { return f.d.Open(name) }
func (f followingDisk) Stat(name string) (os.FileInfo, error)  { return f.d.Stat(name) }
func (f followingDisk) Lstat(name string) (os.FileInfo, error) { return f.d.Lstat(name) }
func (f followingDisk) Readlink(name string) (string, error)   { return f.d.Readlink(name) }

// TestRunOpensListedFiles: a file the listing found regular is opened
// without a look first, and no call looks at it again, all ten agents
// answering as they do when the audit looks first; a file deleted after
// the listing is skipped with that reason either way.
func TestRunOpensListedFiles(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"small.go":      "package x\n",
		"long.txt":      strings.Repeat("a line\n", 3000),
		"crlf.txt":      "a\r\nb\r\n",
		"sub/doomed.md": "# soon gone\n",
	}
	run := func(t *testing.T, following bool) ([]audit.File, map[string]int) {
		for name, text := range files {
			p := filepath.Join(dir, name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		d := &lstatDisk{doomed: filepath.Join(dir, "sub/doomed.md"), lstats: map[string]int{}}
		var fsys reader.FS = d
		if following {
			fsys = followingDisk{d}
		}
		o := audit.Options{
			Root: dir, Paths: []string{dir}, Profiles: all.Profiles, NoTokens: true,
			Base: reader.Request{Cwd: dir, Worktree: dir, FS: fsys}, Workers: 2,
		}
		var got []audit.File
		if _, err := audit.Run(context.Background(), o, func(f audit.File) error { got = append(got, f); return nil }); err != nil {
			t.Fatal(err)
		}
		return got, d.lstats
	}
	opened, lstats := run(t, false)
	for name := range files {
		if n := lstats[filepath.Join(dir, name)]; n != 0 {
			t.Errorf("%s: %d Lstats, want none: its open stat is kept", name, n)
		}
	}
	looked, _ := run(t, true)
	if !reflect.DeepEqual(opened, looked) {
		t.Errorf("opened without a look:\n%+v\nlooked at first:\n%+v", opened, looked)
	}
	for _, f := range opened {
		if f.Path == "sub/doomed.md" && f.Skipped != "deleted while the audit ran" {
			t.Errorf("the file deleted after the listing: %+v", f)
		}
	}
	if len(opened) != len(files) {
		t.Errorf("%d files emitted, want %d", len(opened), len(files))
	}
}

// openCounter is the disk, counting the files opened once after is set.
type openCounter struct {
	reader.OS
	after *atomic.Bool
	opens atomic.Int64
}

func (c *openCounter) count() {
	if c.after.Load() {
		c.opens.Add(1)
	}
}

func (c *openCounter) Open(name string) (reader.File, error) {
	if strings.HasSuffix(name, ".txt") {
		c.count()
	}
	return c.OS.Open(name)
}

func (c *openCounter) OpenNoFollow(name string) (reader.File, error) {
	c.count()
	return c.OS.OpenNoFollow(name)
}

// TestRunAuditsNothingOnceCancelled: the files listed ahead of a
// cancelled run wait for no worker: each worker ends the file in hand and
// opens no other.
func TestRunAuditsNothingOnceCancelled(t *testing.T) {
	dir := t.TempDir()
	for i := range 500 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%03d.txt", i)), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var cancelled atomic.Bool
	disk := &openCounter{after: &cancelled}
	o := audit.Options{
		Root: dir, Paths: []string{dir}, Profiles: reader.Profiles{opencode.Profile},
		Base: reader.Request{Cwd: dir, Worktree: dir, FS: disk}, Workers: 3,
	}
	ctx, cancel := context.WithCancel(context.Background())
	_, err := audit.Run(ctx, o, func(audit.File) error {
		cancelled.Store(true)
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if n := disk.opens.Load(); n > int64(o.Workers) {
		t.Errorf("%d files opened after the run was cancelled, by %d workers", n, o.Workers)
	}
}
