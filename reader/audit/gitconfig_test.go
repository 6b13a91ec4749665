package audit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The configuration's includes are checked against git as the index
// formats are: each case is a home directory of config files and a
// repository at ~/work/repo whose files x.a … x.h an excludes file
// ~/ign-<letter> ignores; the case's config files say which excludes file
// git takes. git's listing of each was recorded (READLENS_RECORD_GITIGNORE=1)
// into testdata/gitconfig/<case>.golden, with the home directory written
// $HOME (git 2.39.5); the fallback must list the same.

const gitConfigDir = "../../testdata/gitconfig"

type configCase struct {
	name  string
	files map[string]string // under the home directory; "repo/" is ~/work/repo/.git/
}

// one.inc and the others set one excludes file each.
var includedFiles = map[string]string{
	"inc/one.inc": "[core]\n\texcludesFile = ~/ign-a\n",
	"inc/b.inc":   "[include]\n\tpath = c.inc\n", // relative to inc/
	"inc/c.inc":   "[core]\n\texcludesFile = ~/ign-c\n",
	"inc/e.inc":   "[core]\n\texcludesFile = ~/ign-e\n",
	"inc/f.inc":   "[core]\n\texcludesFile = ~/ign-f\n",
	"inc/g.inc":   "[core]\n\texcludesFile = ~/ign-g\n",
	"inc/h.inc":   "[core]\n\texcludesFile = ~/ign-h\n",
}

var configCases = []configCase{
	{"include-relative", map[string]string{
		".gitconfig": "[include]\n\tpath = inc/one.inc\n",
	}},
	{"include-nested-in-place", map[string]string{
		// The include comes after the setting it overrides; a missing
		// file is skipped.
		".gitconfig": "[core]\n\texcludesFile = ~/ign-b\n[include]\n\tpath = ~/inc/missing.inc\n\tpath = ~/inc/b.inc\n",
	}},
	{"include-then-set", map[string]string{
		".gitconfig": "[include]\n\tpath = inc/one.inc\n[core]\n\texcludesFile = ~/ign-d\n",
	}},
	{"gitdir-tilde", map[string]string{
		"repo/config": "[core]\n\trepositoryformatversion = 0\n[includeIf \"gitdir:~/work/\"]\n\tpath = ~/inc/one.inc\n",
	}},
	{"gitdir-unanchored", map[string]string{
		".gitconfig": "[core]\n\texcludesFile = ~/ign-d\n[includeIf \"gitdir:~/elsewhere/\"]\n\tpath = inc/one.inc\n[includeIf \"gitdir:repo/.git\"]\n\tpath = inc/e.inc\n[includeIf \"gitdir:rep?/*.git/\"]\n\tpath = inc/one.inc\n",
	}},
	{"gitdir-dot", map[string]string{
		".gitconfig": "[includeIf \"gitdir:./work/*/.git\"]\n\tpath = inc/f.inc\n",
	}},
	{"gitdir-case", map[string]string{
		".gitconfig": "[includeIf \"gitdir/i:~/WORK/\"]\n\tpath = inc/g.inc\n[includeIf \"gitdir:~/WORK/\"]\n\tpath = inc/one.inc\n",
	}},
	{"onbranch", map[string]string{
		"repo/config": "[core]\n\trepositoryformatversion = 0\n[includeIf \"onbranch:ma*\"]\n\tpath = ../../../inc/h.inc\n[includeIf \"onbranch:feature/\"]\n\tpath = ../../../inc/one.inc\n",
	}},
	{"worktree-config", map[string]string{
		"repo/config":          "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tworktreeConfig = true\n",
		"repo/config.worktree": "[include]\n\tpath = ../../../inc/e.inc\n",
	}},
	{"hasconfig-remote-url", map[string]string{
		// The URL is in a file read after the condition's.
		".gitconfig":  "[includeIf \"hasconfig:remote.*.url:https://example.com/*\"]\n\tpath = inc/one.inc\n[includeIf \"hasconfig:remote.*.url:https://example.com/team/**\"]\n\tpath = inc/h.inc\n",
		"repo/config": "[core]\n\trepositoryformatversion = 0\n[remote \"origin\"]\n\turl = https://example.com/team/app.git\n",
	}},
	{"hasconfig-url-in-include", map[string]string{
		".gitconfig":     "[includeIf \"gitdir:~/work/\"]\n\tpath = inc/remote.inc\n[includeIf \"hasconfig:remote.*.url:**\"]\n\tpath = inc/one.inc\n",
		"inc/remote.inc": "[remote \"x\"]\n\turl = https://example.com/x\n",
	}},
	{"include-cycle", map[string]string{
		".gitconfig": "[include]\n\tpath = loop.inc\n",
		"loop.inc":   "[include]\n\tpath = loop.inc\n",
	}},
}

// buildConfigCase makes the home directory and the repository; it gives
// the repository's top.
func buildConfigCase(t *testing.T, c configCase) (home, top string) {
	t.Helper()
	home = t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", "")
	os.Unsetenv("GIT_CONFIG_GLOBAL") // restored by Setenv's cleanup
	top = filepath.Join(home, "work", "repo")
	files := map[string]string{
		"repo/HEAD":   "ref: refs/heads/main\n",
		"repo/config": "[core]\n\trepositoryformatversion = 0\n",
	}
	for name, text := range includedFiles {
		files[name] = text
	}
	for name, text := range c.files {
		files[name] = text
	}
	for name, text := range files {
		p := filepath.Join(home, filepath.FromSlash(name))
		if rest, ok := strings.CutPrefix(name, "repo/"); ok {
			p = filepath.Join(top, ".git", filepath.FromSlash(rest))
		}
		mustWrite(t, p, text)
	}
	for _, d := range []string{".git/objects", ".git/refs/heads"} {
		if err := os.MkdirAll(filepath.Join(top, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range "abcdefgh" {
		mustWrite(t, filepath.Join(home, "ign-"+string(l)), "*."+string(l)+"\n")
		mustWrite(t, filepath.Join(top, "x."+string(l)), "x\n")
	}
	mustWrite(t, filepath.Join(top, "keep.txt"), "k\n")
	return home, top
}

// gitListing is git's listing of top, or its error, with home as $HOME.
func gitListing(home, top string) string {
	cmd := exec.Command("git", "-C", top, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return strings.ReplaceAll(stderr.String(), home, "$HOME")
	}
	return strings.ReplaceAll(string(out), "\x00", "\n")
}

// TestRecordGitConfig records git's listing of each case.
func TestRecordGitConfig(t *testing.T) {
	if os.Getenv("READLENS_RECORD_GITIGNORE") == "" {
		t.Skip("set READLENS_RECORD_GITIGNORE=1 (git on PATH) to re-record testdata/gitconfig")
	}
	for _, c := range configCases {
		home, top := buildConfigCase(t, c)
		mustWrite(t, filepath.Join(gitConfigDir, c.name+".golden"), gitListing(home, top))
	}
}

// TestListConfigIncludes: the fallback follows [include] and [includeIf]
// to the excludes file git takes, and stops on a cycle as git does.
func TestListConfigIncludes(t *testing.T) {
	_, gitErr := exec.LookPath("git")
	for _, c := range configCases {
		t.Run(c.name, func(t *testing.T) {
			home, top := buildConfigCase(t, c)
			want, err := os.ReadFile(filepath.Join(gitConfigDir, c.name+".golden"))
			if err != nil {
				t.Fatal(err)
			}
			var got strings.Builder
			err = listWithoutGit(context.Background(), top, top, func(rel string) error {
				got.WriteString(filepath.ToSlash(rel) + "\n")
				return nil
			})
			if err != nil {
				// git's words, after the fallback's own.
				msg, ok := strings.CutPrefix(err.Error(), "reading git's configuration without git: ")
				if !ok {
					t.Fatal(err)
				}
				got.Reset()
				got.WriteString("fatal: " + strings.ReplaceAll(msg, home, "$HOME") + "\n")
			}
			if got.String() != string(want) {
				t.Errorf("without git:\n%s\nwant (git's):\n%s", got.String(), want)
			}
			if gitErr == nil {
				if g := gitListing(home, top); g != string(want) {
					t.Errorf("git lists the case differently from its recording:\n%s\nwant:\n%s", g, want)
				}
			}
		})
	}
}

// TestWildmatch: git's wildmatch with WM_PATHNAME, on cases most of which
// are git's own (t3070-wildmatch.sh); the last two are gitdir/i:'s fold.
func TestWildmatch(t *testing.T) {
	for _, c := range []struct {
		pattern, text string
		fold, want    bool
	}{
		{"foo", "foo", false, true},
		{"foo", "bar", false, false},
		{"???", "foo", false, true},
		{"*f", "foo", false, false},
		{"foo/*", "foo/bar/baz", false, false},
		{"foo/**", "foo/bar/baz", false, true},
		{"**/foo", "foo", false, true},
		{"**/foo", "XXX/foo", false, true},
		{"**/foo", "bar/baz/foo", false, true},
		{"*/foo", "bar/baz/foo", false, false},
		{"**/bar*", "foo/bar/baz", false, false},
		{"**/bar/*", "deep/foo/bar/baz", false, true},
		{"**/bar/**", "deep/foo/bar/baz/", false, true},
		{"foo/**/bar", "foo/bar", false, true},
		{"foo/**/bar", "foo/x/y/bar", false, true},
		{"foo**bar", "foo/bar", false, false},
		{"foo?bar", "foo/bar", false, false},
		{"foo[/]bar", "foo/bar", false, false},
		{"[!a-c]x", "dx", false, true},
		{"[^a-c]x", "bx", false, false},
		{"[[:digit:]]", "7", false, true},
		{"[]]", "]", false, true},
		{"[a-", "a", false, false},
		{"\\*", "*", false, true},
		{"\\*", "x", false, false},
		{"/Home/*/.git", "/home/u/.git", true, true},
		{"/Home/*/.git", "/home/u/.git", false, false},
	} {
		if got := wildmatch(c.pattern, c.text, c.fold); got != c.want {
			t.Errorf("wildmatch(%q, %q, fold %v) = %v, want %v", c.pattern, c.text, c.fold, got, c.want)
		}
	}
}
