package reader

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tree writes files (name -> content; a name ending in "/" is a directory,
// content "->target" a symbolic link) under a new temporary root, all with
// the same mtime, and returns the root's real path.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasSuffix(name, "/"):
			err = os.MkdirAll(p, 0o755)
		case strings.HasPrefix(content, "->"):
			err = os.Symlink(content[2:], p)
		default:
			err = os.WriteFile(p, []byte(content), 0o644)
			if err == nil {
				err = os.Chtimes(p, fixedMtime, fixedMtime)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// fixedMtime is design document 002's file_mtime_ms, 1735212345000.
var fixedMtime = time.UnixMilli(1735212345000)

// steppingClock reads t0 first and t0+step on every later call: a call that
// reads it at its start and once more at its end took step.
func steppingClock(step time.Duration) func() time.Time {
	t0 := time.Unix(1700000000, 0)
	calls := 0
	return func() time.Time {
		calls++
		if calls == 1 {
			return t0
		}
		return t0.Add(step)
	}
}

// call runs profile on raw arguments in root (the working directory and the
// worktree), with a pinned clock.
func call(t *testing.T, profile, root, args string) *Result {
	t.Helper()
	return callWith(t, Request{Profile: profile, Args: []byte(args), Cwd: root, Worktree: root,
		Now: func() time.Time { return time.Unix(1700000000, 0) }})
}

func callWith(t *testing.T, req Request) *Result {
	t.Helper()
	res, err := Read(context.Background(), req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Profile, req.Args, err)
	}
	checkContract(t, req.Profile+" "+string(req.Args), res)
	return res
}
