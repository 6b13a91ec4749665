package reader

import (
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
