package all

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

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

// TestTextHeldOnce: a result's parts and lines are views of its output, not
// copies of it, so a long read holds its text once (issue 11: a 2.38M-line
// card held it three times).
func TestTextHeldOnce(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte(strings.Repeat("some text on a line\n", 300)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"opencode", "pi", "claude-code", "codex", "crush", "dmcc"} {
		p := must(name)
		res, err := reader.Read(context.Background(), reader.Request{Profile: p, Args: p.Args(path, nil, nil), Cwd: dir, Worktree: dir})
		if err != nil {
			t.Fatal(err)
		}
		out := uintptr(unsafe.Pointer(unsafe.StringData(res.Output)))
		within := func(s string) bool {
			d := uintptr(unsafe.Pointer(unsafe.StringData(s)))
			return s == "" || d >= out && d+uintptr(len(s)) <= out+uintptr(len(res.Output))
		}
		for i, pt := range res.Parts {
			if !within(pt.Text) {
				t.Fatalf("%s: part %d is a copy", name, i)
			}
		}
		for i, l := range res.Lines {
			if !within(l.Text) {
				t.Fatalf("%s: line %d is a copy", name, i)
			}
		}
	}
}
