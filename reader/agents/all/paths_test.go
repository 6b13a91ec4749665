package all

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/reader"
)

// hostileTree makes, under a temporary directory, a project root and the
// paths that try to leave it: a sibling whose name starts with the root's,
// links out and in, a loop, a dangling link, and names with a newline, a
// space and bytes that are not UTF-8.
func hostileTree(t *testing.T) (root, top string) {
	top = t.TempDir()
	root = filepath.Join(top, "root")
	files := map[string]string{
		"root/inside.txt":        "inside\n",
		"root/sub/file.txt":      "in sub\n",
		"root/new\nline.txt":     "newline name\n",
		"root/sp ace.txt":        "space name\n",
		"root/\xffbad.txt":       "not UTF-8\n",
		"root-evil/secret.txt":   "evil twin\n",
		"outside/secret.txt":     "outside\n",
		"outside/dir/nested.txt": "nested\n",
	}
	for name, body := range files {
		p := filepath.Join(top, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, target := range map[string]string{
		"root/link_out":     "../outside/secret.txt",
		"root/link_out_dir": "/" + filepath.Join(top, "outside", "dir")[1:],
		"root/link_in":      "sub/file.txt",
		"root/loop1":        "loop2",
		"root/loop2":        "loop1",
		"root/dangling":     "nowhere.txt",
	} {
		if err := os.Symlink(target, filepath.Join(top, name)); err != nil {
			t.Fatal(err)
		}
	}
	return root, top
}

func readAt(t *testing.T, profile, root string, args string) *reader.Result {
	t.Helper()
	r, err := reader.Read(context.Background(), reader.Request{Profile: must(profile), Args: []byte(args), Cwd: root, Worktree: root})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestHostilePaths: each agent answers as it does (both read outside their
// project without complaint), readlens says when a path leaves the working
// directory, and no link loop runs forever.
func TestHostilePaths(t *testing.T) {
	root, top := hostileTree(t)
	oc := func(p string) string { return `{"filePath":` + quote(p) + `}` }
	pi := func(p string) string { return `{"path":` + quote(p) + `}` }
	for _, c := range []struct {
		profile, args string
		output        string
		outside       bool
		real          string
	}{
		{"opencode", oc("../outside/secret.txt"), "<path>" + top + "/outside/secret.txt</path>\n<type>file</type>\n<content>\n1: outside\n\n(End of file - total 1 lines)\n</content>", true, top + "/outside/secret.txt"},
		{"pi", pi("../outside/secret.txt"), "outside\n", true, top + "/outside/secret.txt"},
		{"opencode", oc(top + "/root-evil/secret.txt"), "<path>" + top + "/root-evil/secret.txt</path>\n<type>file</type>\n<content>\n1: evil twin\n\n(End of file - total 1 lines)\n</content>", true, top + "/root-evil/secret.txt"},
		{"pi", pi("../root-evil/secret.txt"), "evil twin\n", true, top + "/root-evil/secret.txt"},
		{"opencode", oc("link_out"), "<path>" + root + "/link_out</path>\n<type>file</type>\n<content>\n1: outside\n\n(End of file - total 1 lines)\n</content>", true, top + "/outside/secret.txt"},
		{"pi", pi("link_out_dir/nested.txt"), "nested\n", true, top + "/outside/dir/nested.txt"},
		{"pi", pi("link_in"), "in sub\n", false, root + "/sub/file.txt"},
		{"opencode", oc("loop1"), "BadResource: FileSystem.stat (" + root + "/loop1)", false, root + "/loop1"},
		{"pi", pi("loop1"), "ELOOP: too many symbolic links encountered, access '" + root + "/loop1'", false, root + "/loop1"},
		{"opencode", oc("dangling"), "File not found: " + root + "/dangling\n\nDid you mean one of these?\n" + root + "/dangling", false, root + "/dangling"},
		{"pi", pi("dangling"), "ENOENT: no such file or directory, access '" + root + "/dangling'", false, root + "/dangling"},
		{"opencode", oc("new\nline.txt"), "<path>" + root + "/new\nline.txt</path>\n<type>file</type>\n<content>\n1: newline name\n\n(End of file - total 1 lines)\n</content>", false, root + "/new\nline.txt"},
		{"pi", pi("sp ace.txt"), "space name\n", false, root + "/sp ace.txt"},
	} {
		r := readAt(t, c.profile, root, c.args)
		if r.Output != c.output || r.Outside != c.outside || r.RealPath != c.real {
			t.Errorf("%s %s:\n got %q outside=%v real=%q\nwant %q outside=%v real=%q", c.profile, c.args, r.Output, r.Outside, r.RealPath, c.output, c.outside, c.real)
		}
	}
	// A name that is not UTF-8 is listed as the agents' runtimes decode it.
	r := readAt(t, "opencode", root, oc("."))
	if want := "\uFFFDbad.txt"; !contains(r.Lines, want) {
		t.Errorf("listing lacks %q: %q", want, r.Output)
	}
}

func quote(s string) string {
	b := []byte{'"'}
	for _, r := range s {
		switch r {
		case '"', '\\':
			b = append(b, '\\', byte(r))
		case '\n':
			b = append(b, '\\', 'n')
		default:
			b = append(b, string(r)...)
		}
	}
	return string(append(b, '"'))
}

func contains(lines []reader.Line, text string) bool {
	for _, l := range lines {
		if l.Text == text {
			return true
		}
	}
	return false
}
