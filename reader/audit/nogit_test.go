package audit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The fallback without git is checked against git itself: a fixture work
// tree, its index as git wrote it and git's listing of it were recorded
// (READLENS_RECORD_GITIGNORE=1 with git on PATH), and the fallback must
// list the same, byte for byte; with git on PATH, git must still list the
// recorded golden from the same tree.

const gitFixtureDir = "../../testdata/gitignore"

// gitFixture is the work tree: nested .gitignore files, negations, a
// directory pattern, an anchored pattern, **, an escaped #, trailing
// spaces, CRLF lines, a symbolic link as a .gitignore (git does not follow
// it), a global excludes file's pattern and .git/info/exclude's.
var gitFixture = map[string]string{
	".gitignore":          "# comment\n*.log\n!keep.log\nbuild/\n/rootonly.txt\ndocs/**/*.gen\n\\#hash.txt\ntrailing.txt   \nout/\nlogs/**\n!logs/keep.txt\nx[!0-9].dat\n",
	"keep.log":            "k\n",
	"drop.log":            "d\n",
	"tracked.log":         "t\n", // tracked, though *.log ignores it
	"build/out.bin":       "b\n",
	"build/.gitignore":    "!*\n", // never read: build/ is ignored
	"build/keep.me":       "b\n",
	"src/build":           "a file, not the directory build/ names\n",
	"rootonly.txt":        "r\n",
	"src/rootonly.txt":    "r\n",
	"docs/x.gen":          "g\n",
	"docs/a/b/y.gen":      "g\n",
	"docs/readme.md":      "m\n",
	"#hash.txt":           "h\n",
	"trailing.txt":        "t\n",
	"src/.gitignore":      "*.txt\n!important.txt\n",
	"src/a.txt":           "a\n",
	"src/important.txt":   "i\n", // tracked
	"src/sub/deep.txt":    "d\n",
	"src/main.go":         "package main\n",
	"secret.env":          "s\n", // .git/info/exclude
	"sub/.gitignore":      "!secret.env\n",
	"sub/secret.env":      "s\n",
	"lib/.gitignore":      "tmp\r\n",
	"lib/tmp":             "t\n",
	"lib/tmp2":            "t\n",
	"x.tmp":               "x\n", // the global excludes file
	"notes.txt":           "n\n",
	"vendor/nested/a.go":  "package a\n",
	"sp ace.txt":          "s\n",
	"é.txt":               "e\n",
	"a-b.txt":             "a\n",
	"a/x.txt":             "a\n",
	"out/tracked.txt":     "o\n", // tracked in an ignored directory
	"out/untracked.txt":   "o\n",
	"gone.txt":            "g\n", // tracked, then deleted
	"symig/a.txt":         "a\n",
	"pattern-src":         "*.txt\n",
	"unicode/naïve.txt":   "n\n",
	"deep/er/still/f.txt": "f\n",
	"logs/a.out":          "a\n", // logs/** ignores what is in logs/, not logs/ itself,
	"logs/keep.txt":       "k\n", // so a negation brings this back
	"xa.dat":              "x\n", // x[!0-9].dat: git's negated class
	"x1.dat":              "x\n",
}

// gitFixtureTracked are the files added to the index (with -f).
var gitFixtureTracked = []string{"tracked.log", "src/important.txt", "out/tracked.txt", "gone.txt", "notes.txt", "src/main.go"}

// buildGitFixture writes the work tree under dir, without its .git.
func buildGitFixture(t *testing.T, dir string) {
	t.Helper()
	for name, text := range gitFixture {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range []string{"empty", "vendor/nested/.git/objects", "vendor/nested/.git/refs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	mustWrite(t, filepath.Join(dir, "vendor/nested/.git/HEAD"), "ref: refs/heads/main\n")
	for link, target := range map[string]string{"link": "src", "symig/.gitignore": "../pattern-src"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
}

// gitFixtureEnv gives git and the fallback the same configuration: none
// from the system, a global excludes file at XDG_CONFIG_HOME's default.
func gitFixtureEnv(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", "")
	mustWrite(t, filepath.Join(home, "xdg", "git", "ignore"), "*.tmp\n")
}

func mustWrite(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const infoExclude = "# git ls-files --others --exclude-from=.git/info/exclude\nsecret.env\n"

// gitLsFiles is git's listing of dir, one name a line.
func gitLsFiles(t *testing.T, dir string) string {
	t.Helper()
	out, err := exec.Command("git", "-C", dir, "ls-files", "--cached", "--others", "--exclude-standard", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files in %s: %v", dir, err)
	}
	return strings.ReplaceAll(string(out), "\x00", "\n")
}

// TestRecordGitFixture records the index and git's listings.
func TestRecordGitFixture(t *testing.T) {
	if os.Getenv("READLENS_RECORD_GITIGNORE") == "" {
		t.Skip("set READLENS_RECORD_GITIGNORE=1 (git on PATH) to re-record testdata/gitignore")
	}
	gitFixtureEnv(t)
	dir := t.TempDir()
	buildGitFixture(t, dir)
	git := func(args ...string) {
		if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	git("init", "-q")
	git(append([]string{"add", "-f"}, gitFixtureTracked...)...)
	mustWrite(t, filepath.Join(dir, ".git/info/exclude"), infoExclude)
	if err := os.Remove(filepath.Join(dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join(dir, ".git/index"))
	if err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(gitFixtureDir, "index"), string(index))
	mustWrite(t, filepath.Join(gitFixtureDir, "ls-files.golden"), gitLsFiles(t, dir))
	mustWrite(t, filepath.Join(gitFixtureDir, "ls-files-src.golden"), gitLsFiles(t, filepath.Join(dir, "src")))
	mustWrite(t, filepath.Join(gitFixtureDir, "ls-files-out.golden"), gitLsFiles(t, filepath.Join(dir, "out")))
}

// TestListWithoutGit: the fallback lists the fixture as git did, from the
// top, from a subdirectory and from an ignored directory; git on PATH
// still lists the goldens.
func TestListWithoutGit(t *testing.T) {
	_, gitErr := exec.LookPath("git")
	gitFixtureEnv(t)
	dir := t.TempDir()
	buildGitFixture(t, dir)
	index, err := os.ReadFile(filepath.Join(gitFixtureDir, "index"))
	if err != nil {
		t.Fatal(err)
	}
	// A .git made by hand: what git needs to take it for a repository.
	mustWrite(t, filepath.Join(dir, ".git/HEAD"), "ref: refs/heads/main\n")
	mustWrite(t, filepath.Join(dir, ".git/config"), "[core]\n\trepositoryformatversion = 0\n\tbare = false\n")
	mustWrite(t, filepath.Join(dir, ".git/index"), string(index))
	mustWrite(t, filepath.Join(dir, ".git/info/exclude"), infoExclude)
	for _, d := range []string{".git/objects", ".git/refs/heads"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sub, golden string }{
		{"", "ls-files.golden"},
		{"src", "ls-files-src.golden"},
		{"out", "ls-files-out.golden"},
	} {
		want, err := os.ReadFile(filepath.Join(gitFixtureDir, c.golden))
		if err != nil {
			t.Fatal(err)
		}
		at := filepath.Join(dir, c.sub)
		var got strings.Builder
		err = listWithoutGit(context.Background(), dir, at, func(rel string) error {
			got.WriteString(filepath.ToSlash(rel) + "\n")
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != string(want) {
			t.Errorf("without git, in %q:\n%s\nwant (git's):\n%s", c.sub, got.String(), want)
		}
		if gitErr == nil {
			if g := gitLsFiles(t, at); g != string(want) {
				t.Errorf("git lists %q differently from its recording:\n%s\nwant:\n%s", c.sub, g, want)
			}
		}
	}
	// GitLister falls back when git is not on PATH.
	t.Setenv("PATH", t.TempDir())
	var n int
	ok, err := GitLister(nil)(context.Background(), dir, func(string) error { n++; return nil })
	want, _ := os.ReadFile(filepath.Join(gitFixtureDir, "ls-files.golden"))
	if !ok || err != nil || n != strings.Count(string(want), "\n") {
		t.Errorf("GitLister without git: ok %v, err %v, %d files", ok, err, n)
	}
}
