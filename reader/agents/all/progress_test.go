package all

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestProgress: Request.Progress follows the bytes a call reads, ending at
// what Stats.BytesRead reports, for every profile that reads the file.
func TestProgress(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte(strings.Repeat("some text on a line\n", 150_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range Profiles {
		var progress atomic.Int64
		res, err := reader.Read(context.Background(), reader.Request{Profile: p, Args: p.Args(path, nil, nil), Cwd: dir, Worktree: dir, Progress: &progress})
		if err != nil {
			t.Fatal(err)
		}
		if got := progress.Load(); res.Stats.BytesRead > 0 && got == 0 || got > res.Stats.BytesRead {
			t.Errorf("%s: progress %d, bytes read %d", p.Info().Name, got, res.Stats.BytesRead)
		}
	}
}
