package reader

import (
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/reader/python"
)

// TestPyRealpath compares with os.path.realpath, whose answers on the same
// tree CPython 3 printed: links resolved before "..", loops and missing
// parts kept as written.
func TestPyRealpath(t *testing.T) {
	base := fixtures.Tree(t, map[string]string{
		"root/a/b/": "", "root/lb": "->a/b", "root/lr": "->../root", "root/loop1": "->loop2", "root/loop2": "->loop1",
		"root/dang": "->missing/x",
	})
	root := filepath.Join(base, "root")
	for p, want := range map[string]string{
		"lb/..": "root/a", "lb/../x": "root/a/x", "lr/a": "root/a", "loop1": "root/loop1", "loop1/x": "root/loop1/x",
		"dang": "root/missing/x", "dang/y": "root/missing/x/y", "a/./b//c": "root/a/b/c", "../root/a": "root/a",
		"nope/../a": "root/a", "lr/lb/../b": "root/a/b",
	} {
		got := python.Realpath(OS{}, root+"/"+p)
		if rel, _ := filepath.Rel(base, got); rel != want {
			t.Errorf("pyRealpath(%q) = %q, want %q", p, rel, want)
		}
	}
	if !Within(root, root) || !Within(root, root+"/x") || Within(root, root+"-evil/x") || !Within("/", "/x") {
		t.Error("within")
	}
}
