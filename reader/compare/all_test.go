package compare_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
)

// opens is the disk, counting the opens of each name.
type opens struct {
	reader.OS
	mu sync.Mutex
	n  map[string]int
}

func (o *opens) Open(name string) (reader.File, error) {
	o.mu.Lock()
	o.n[name]++
	o.mu.Unlock()
	return o.OS.Open(name)
}

// fixtureFiles are the committed fixtures' regular files, in the tree
// readertest makes of them.
func fixtureFiles(t *testing.T) []string {
	root := readertest.FixtureRoot(t)
	committed := filepath.Join(oracle.Testdata(), "fixtures")
	var files []string
	filepath.WalkDir(committed, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(committed, path)
			files = append(files, filepath.Join(root, rel))
		}
		return nil
	})
	if len(files) < 150 {
		t.Fatalf("only %d fixture files", len(files))
	}
	return files
}

// TestAllReadsOnce: every agent's row on every committed fixture is the
// same when the agents share one reading of the file as when each reads
// it from the disk, and the file is opened once.
func TestAllReadsOnce(t *testing.T) {
	files := fixtureFiles(t)
	ctx := context.Background()
	opts := compare.Options{NoTokens: true, MaxCalls: 50}
	shared := 0
	for _, f := range files {
		req := request(filepath.Dir(f))
		disk := &opens{n: map[string]int{}}
		req.FS = disk
		got, err := compare.All(ctx, f, req, all.Profiles, opts)
		if err != nil {
			t.Fatal(err)
		}
		var want []*compare.Row
		for _, p := range all.Profiles {
			one := request(filepath.Dir(f))
			one.Profile = p
			row, err := compare.Agent(ctx, f, one, opts)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, row)
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s: read once\n%s\neach from the disk\n%s", f, g, w)
		}
		if disk.n[f] == 1 {
			shared++
		}
	}
	// Every regular file but the empty ones (which the engine probes on
	// its own, as /proc files) and those too large is read once.
	if shared < len(files)*9/10 {
		t.Errorf("%d of %d files opened once", shared, len(files))
	}
}

// TestAllChangedWhileRead: a file that changes while the agents read the
// copy they share is compared again from the disk: the rows are the
// file's as it is now.
func TestAllChangedWhileRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "grows.txt")
	if err := os.WriteFile(path, []byte(strings.Repeat("line\n", 3000)), 0o644); err != nil {
		t.Fatal(err)
	}
	req := request(dir)
	g := &growing{path: path}
	req.FS = g
	p, _ := all.Lookup("opencode")
	rows, err := compare.All(context.Background(), path, req, reader.Profiles{p}, compare.Options{NoTokens: true})
	if err != nil {
		t.Fatal(err)
	}
	if !g.grown {
		t.Fatal("the file never grew")
	}
	first := rows[0].First
	if first.TotalLines != 3001 || rows[0].Plan.End != compare.EndLastLine {
		t.Errorf("first call %d-%d of %d, plan end %s; want the grown file's 3001 lines read to the end", first.FirstLine, first.LastLine, first.TotalLines, rows[0].Plan.End)
	}
}
