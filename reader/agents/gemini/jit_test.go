package gemini

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestCodeRegions: the regions of /(`+)([\s\S]*?)\1/g, as Node 22 found
// them for each text.
func TestCodeRegions(t *testing.T) {
	scans(t, func(s string) any { return gmCodeRegions(s) }, map[string]string{
		"a `b` c":     "[[2 5]]",
		"``a`b``":     "[[0 7]]",
		"``a`":        "[[0 2]]",
		"`a``b`":      "[[0 3] [3 6]]",
		"```x``y```z": "[[0 10]]",
		"no code":     "[]",
		"`":           "[]",
		"``":          "[[0 2]]",
		"a ``` b":     "[[2 4]]",
		"`a\nb` `c`":  "[[0 5] [6 9]]",
		"x`y``z`w``":  "[[1 4] [4 7] [8 10]]",
	})
}

// TestFindImports: findImports's imports, as Node 22 found them.
func TestFindImports(t *testing.T) {
	scans(t, func(s string) any { return gmFindImports(s) }, map[string]string{
		"@a.md":                     "[{0 5 a.md}]",
		"x@a.md @b":                 "[{7 9 b}]",
		"@ @./c @9x @/abs\t@Dd\r\n": "[{2 6 ./c} {11 16 /abs} {17 20 Dd}]",
		"mail a@b.com @./x.md":      "[{13 20 ./x.md}]",
		"@@a @.":                    "[{4 6 .}]",
		"a\n@x":                     "[{2 4 x}]",
	})
}

// scans checks what scan finds in each text, printed, against want.
func scans(t *testing.T, scan func(string) any, want map[string]string) {
	t.Helper()
	for text, w := range want {
		if got := fmt.Sprint(scan(text)); got != w {
			t.Errorf("%q: %s, want %s", text, got, w)
		}
	}
}

func TestIsSubpath(t *testing.T) {
	for _, c := range []struct {
		parent, child string
		want          bool
	}{
		{"/w", "/w", true}, {"/w", "/w/a/b", true}, {"/w", "/w/..x", true},
		{"/w", "/wx", false}, {"/w", "/", false}, {"/w/a", "/w", false},
	} {
		if got := gmIsSubpath(c.parent, c.child); got != c.want {
			t.Errorf("isSubpath(%q, %q) = %v", c.parent, c.child, got)
		}
	}
}

// TestJITLoadedByIdentity: a subdirectory's GEMINI.md that is the
// workspace's own file, by a link or a second name, was loaded when the
// session started and adds nothing; one of its own is appended. The real
// tool (0.61.0, with internal/record/gemini_memory.mjs) answered the
// same tree so.
func TestJITLoadedByIdentity(t *testing.T) {
	w, err := filepath.EvalSymlinks(t.TempDir()) // the real path, which the tool names
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(w, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(w, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("GEMINI.md", "# root\n")
	write("own/GEMINI.md", "# own\n")
	for _, d := range []string{"link", "hard", "own"} {
		write(d+"/f.txt", "x\n")
	}
	if err := os.Symlink("../GEMINI.md", filepath.Join(w, "link/GEMINI.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(filepath.Join(w, "GEMINI.md"), filepath.Join(w, "hard/GEMINI.md")); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{
		"link": "x\n",
		"hard": "x\n",
		"own": "x\n" + gmJITPrefix + "--- Context from: " + w + "/own/GEMINI.md ---\n# own\n--- End of Context from: " +
			w + "/own/GEMINI.md ---" + gmJITSuffix,
	} {
		r, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Cwd: w, Home: t.TempDir(),
			Args: []byte(`{"file_path":"` + dir + `/f.txt"}`)})
		if err != nil || r.Output != want {
			t.Errorf("%s: %v\n%q\nwant %q", dir, err, r.Output, want)
		}
	}
}
