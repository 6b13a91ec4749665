package audit_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/audit"
)

// crowdFS notes how many files named big* are open at once, each kept open
// a moment so that files audited together are seen together.
type crowdFS struct {
	reader.FS
	mu         sync.Mutex
	open, most int
}

func (c *crowdFS) Open(name string) (reader.File, error) {
	f, err := c.FS.Open(name)
	if err != nil || !strings.Contains(name, "/big") {
		return f, err
	}
	c.mu.Lock()
	c.open++
	c.most = max(c.most, c.open)
	c.mu.Unlock()
	time.Sleep(20 * time.Millisecond)
	return &crowdFile{File: f, fs: c}, nil
}

type crowdFile struct {
	reader.File
	fs *crowdFS
}

func (f *crowdFile) Close() error {
	f.fs.mu.Lock()
	f.fs.open--
	f.fs.mu.Unlock()
	return f.File.Close()
}

// TestRunRoom: files are audited together only while their sizes fit the
// room the run has (32 MiB): four workers on four files of 17 MiB audit
// them one at a time.
func TestRunRoom(t *testing.T) {
	m := fstest.MapFS{}
	big := bytes.Repeat([]byte("line\n"), 17<<20/5)
	for i := range 4 {
		m[fmt.Sprintf("big%d.txt", i)] = &fstest.MapFile{Data: big, Mode: 0o644}
	}
	for i := range 40 {
		m[fmt.Sprintf("small%02d.txt", i)] = &fstest.MapFile{Data: []byte("x\n"), Mode: 0o644}
	}
	fsys := &crowdFS{FS: reader.Mount(m, "/t")}
	o := opts(fsys)
	o.Workers = 4
	st, err := audit.Run(context.Background(), o, func(audit.File) error { return nil })
	if err != nil || st.Files != 44 {
		t.Fatalf("%v, %+v", err, st)
	}
	if fsys.most != 1 {
		t.Errorf("%d files of 17 MiB audited at once, want 1", fsys.most)
	}
}
