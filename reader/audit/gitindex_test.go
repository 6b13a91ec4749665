package audit

import (
	"bytes"
	"context"
	"crypto/sha1"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The index formats the plain fixture does not use, each recorded with
// git (READLENS_RECORD_GITIGNORE=1, git on PATH) into
// testdata/gitindex/<case>: the .git directory git left (as dotgit/,
// without hooks, logs and loose objects, which listing does not read) and
// git's listing (git 2.39.5). The fallback must list each as git did.

const gitIndexDir = "../../testdata/gitindex"

// indexCase is a repository made by git commands.
type indexCase struct {
	name    string
	tracked []string   // committed or added, in this order
	outside []string   // directories a sparse checkout leaves out of the work tree
	other   []string   // untracked files
	init    []string   // git init's flags
	setup   [][]string // git's arguments; "write", a file's name and its text; or "age"
}

// indexCases: a split index (version 4, with entries deleted, replaced
// and added since the shared index was written), a sparse index (two
// directories outside the cone, one nested, next to names that sort
// around "dir/"), a SHA-256 repository, and a SHA-256 sparse index, which
// the fallback refuses.
var indexCases = []indexCase{
	{
		name:    "split",
		tracked: manyFiles(30),
		other:   []string{"untracked.txt"},
		setup: [][]string{
			{"config", "index.version", "4"},
			{"age"}, // files older than the index: no entry is racily clean, so most stay unreplaced
			{"add", "."},
			{"update-index", "--split-index"}, // the shared index now holds all 30
			{"rm", "-q", "--cached", "d/f03.txt"},
			{"rm", "-q", "--cached", "f00.txt"},
			{"write", "d/f05.txt", "changed\n"},
			{"write", "new.txt", "new\n"},
			{"add", "new.txt", "d/f05.txt"}, // f05 is replaced, new.txt added
		},
	},
	{
		name:    "sparse",
		tracked: sparseFiles,
		outside: []string{"docs", "lib"},
		other:   []string{"new.txt", "src/new.go"},
		setup: append(commitAll(),
			[]string{"sparse-checkout", "set", "--cone", "--sparse-index", "src"},
		),
	},
	{
		name:    "sha256",
		tracked: []string{"a.txt", "b/c.txt", "b-c.txt"},
		other:   []string{"z.txt"},
		init:    []string{"--object-format=sha256"},
		setup:   [][]string{{"add", "."}},
	},
	{
		name:    "sha256-sparse",
		tracked: sparseFiles,
		outside: []string{"docs", "lib"},
		init:    []string{"--object-format=sha256"},
		setup: append(commitAll(),
			[]string{"sparse-checkout", "set", "--cone", "--sparse-index", "src"},
		),
	},
}

var sparseFiles = []string{"a.txt", "src/main.go", "src/sub/x.go", "docs/guide.md", "docs/img/logo.svg", "lib/y.c", "lib/deep/er/z.c", "lib-a.txt", "lib0.txt", "docs.txt"}

func manyFiles(n int) []string {
	var names []string
	for i := range n {
		dir := ""
		if i%2 == 1 {
			dir = "d/"
		}
		names = append(names, dir+"f"+string(rune('0'+i/10))+string(rune('0'+i%10))+".txt")
	}
	return names
}

// commitAll adds and commits, and packs, so a sparse index's trees are in
// one pack and the refs in packed-refs.
func commitAll() [][]string {
	return [][]string{
		{"add", "."},
		{"-c", "user.name=readlens", "-c", "user.email=readlens@example.com", "commit", "-q", "-m", "fixture"},
		{"repack", "-q", "-a", "-d"},
		{"prune-packed"},
		{"pack-refs", "--all"},
	}
}

// buildIndexCase writes the work tree as git leaves it: the tracked files
// (each holding its name) but those a sparse checkout leaves out, the
// files the setup writes and the untracked ones.
func buildIndexCase(t *testing.T, dir string, c indexCase) {
	t.Helper()
	for _, name := range c.tracked {
		out := false
		for _, o := range c.outside {
			out = out || strings.HasPrefix(name, o+"/")
		}
		if !out {
			mustWrite(t, filepath.Join(dir, filepath.FromSlash(name)), name+"\n")
		}
	}
	for _, step := range c.setup {
		if step[0] == "write" {
			mustWrite(t, filepath.Join(dir, filepath.FromSlash(step[1])), step[2])
		}
	}
	for _, name := range c.other {
		mustWrite(t, filepath.Join(dir, filepath.FromSlash(name)), name+"\n")
	}
}

// TestRecordGitIndex records each case's .git and git's listing.
func TestRecordGitIndex(t *testing.T) {
	if os.Getenv("READLENS_RECORD_GITIGNORE") == "" {
		t.Skip("set READLENS_RECORD_GITIGNORE=1 (git on PATH) to re-record testdata/gitindex")
	}
	gitFixtureEnv(t)
	t.Setenv("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
	t.Setenv("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
	for _, c := range indexCases {
		dir := t.TempDir()
		for _, name := range c.tracked {
			mustWrite(t, filepath.Join(dir, filepath.FromSlash(name)), name+"\n")
		}
		git := func(args ...string) {
			if out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput(); err != nil {
				t.Fatalf("%s: git %v: %v: %s", c.name, args, err, out)
			}
		}
		git(append([]string{"init", "-q", "-b", "main"}, c.init...)...)
		for _, step := range c.setup {
			switch step[0] {
			case "write":
				mustWrite(t, filepath.Join(dir, filepath.FromSlash(step[1])), step[2])
			case "age":
				old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
				for _, name := range c.tracked {
					if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(name)), old, old); err != nil {
						t.Fatal(err)
					}
				}
			default:
				git(step...)
			}
		}
		for _, name := range c.other {
			mustWrite(t, filepath.Join(dir, filepath.FromSlash(name)), name+"\n")
		}
		out := filepath.Join(gitIndexDir, c.name)
		if err := os.RemoveAll(out); err != nil {
			t.Fatal(err)
		}
		copyDotGit(t, filepath.Join(dir, ".git"), filepath.Join(out, "dotgit"))
		mustWrite(t, filepath.Join(out, "ls-files.golden"), gitLsFilesOrError(dir))
	}
}

// copyDotGit copies what listing reads, and what git needs to take the
// copy for a repository.
func copyDotGit(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		switch {
		case rel == "hooks" || rel == "logs":
			return filepath.SkipDir
		case rel == "description" || rel == "COMMIT_EDITMSG" || d.IsDir():
			return nil
		case strings.HasPrefix(rel, "objects"+string(filepath.Separator)) && !strings.Contains(rel, "pack"):
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		mustWrite(t, filepath.Join(to, rel), string(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// gitLsFilesOrError is git's listing, or git's error.
func gitLsFilesOrError(dir string) string {
	out, err := exec.Command("git", "-C", dir, "ls-files", "--cached", "--others", "--exclude-standard", "-z").CombinedOutput()
	if err != nil {
		return "error: " + err.Error() + ": " + string(out)
	}
	return strings.ReplaceAll(string(out), "\x00", "\n")
}

// TestListIndexFormats: the fallback lists each recorded repository as
// git did; git on PATH still lists it so from the recorded .git.
func TestListIndexFormats(t *testing.T) {
	_, gitErr := exec.LookPath("git")
	gitFixtureEnv(t)
	for _, c := range indexCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			buildIndexCase(t, dir, c)
			copyDotGit(t, filepath.Join(gitIndexDir, c.name, "dotgit"), filepath.Join(dir, ".git"))
			for _, d := range []string{".git/objects", ".git/refs/heads"} {
				if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(filepath.Join(gitIndexDir, c.name, "ls-files.golden"))
			if err != nil {
				t.Fatal(err)
			}
			before := treeState(t, dir)
			var got strings.Builder
			err = listWithoutGit(context.Background(), dir, dir, func(rel string) error {
				got.WriteString(filepath.ToSlash(rel) + "\n")
				return nil
			})
			if after := treeState(t, dir); after != before {
				t.Errorf("listing wrote to the repository:\n%s\nwas:\n%s", after, before)
			}
			if c.name == "sha256-sparse" {
				wantErr := filepath.Join(dir, ".git") + ": a sparse index in a SHA-256 repository: without git, readlens cannot read its trees (go-git v5, as built, reads SHA-1 objects only)"
				if err == nil || err.Error() != wantErr {
					t.Errorf("without git: %v, want the error %q", err, wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			} else if got.String() != string(want) {
				t.Errorf("without git:\n%s\nwant (git's):\n%s", got.String(), want)
			}
			if gitErr == nil {
				if g := gitLsFilesOrError(dir); g != string(want) {
					t.Errorf("git lists the copy differently from its recording:\n%s\nwant:\n%s", g, want)
				}
			}
		})
	}
}

// TestReadIndexDamaged: a damaged index is an error that says what is
// wrong, never a listing of what could be read.
func TestReadIndexDamaged(t *testing.T) {
	good, err := os.ReadFile(filepath.Join(gitIndexDir, "sha256", "dotgit", "index"))
	if err != nil {
		t.Fatal(err)
	}
	flipped := append([]byte{}, good...)
	flipped[len(flipped)/2] ^= 1
	for _, c := range []struct {
		name  string
		index []byte
		why   string
	}{
		{"flipped", flipped, "its checksum does not match"},
		{"cut", good[:len(good)/2], "cut short"},
		{"signature", append([]byte("DIRX"), good[4:]...), "no DIRC signature"},
		{"version", append(append([]byte("DIRC"), 0, 0, 0, 9), good[8:]...), "index version 9"},
		{"sha1 read as sha256", nil, ""},
		{"unknown extension", unknownExtension(t), `it uses the extension "sdiz", which readlens does not understand`},
	} {
		name := filepath.Join(t.TempDir(), "index")
		if c.index == nil {
			// A SHA-256 index read with 20-byte names goes wrong
			// somewhere, and says so.
			c.index = good
		}
		mustWrite(t, name, string(c.index))
		hashSize := 32
		if c.why == "" || c.name == "unknown extension" {
			hashSize = 20
		}
		_, err := readIndexFile(name, hashSize)
		want := "reading the git index " + name + " without git: " + c.why
		if err == nil || (c.why != "" && err.Error() != want) || (c.why == "" && !strings.HasPrefix(err.Error(), want)) {
			t.Errorf("%s: %v, want %q", c.name, err, want)
		}
	}
}

// unknownExtension is the sparse fixture's index with its "sdir"
// extension renamed "sdiz", a needed extension no git knows, and its
// checksum made again.
func unknownExtension(t *testing.T) []byte {
	b, err := os.ReadFile(filepath.Join(gitIndexDir, "sparse", "dotgit", "index"))
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.LastIndex(b, []byte("sdir"))
	if i < 0 {
		t.Fatal("no sdir extension in the sparse fixture")
	}
	b = append([]byte{}, b[:len(b)-sha1.Size]...)
	b[i+3] = 'z'
	sum := sha1.Sum(b)
	return append(b, sum[:]...)
}

// treeState is every entry under dir with its size and time: readlens
// never writes to the tree it inspects (go-git's object storage included).
func treeState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v %d %d\n", p, fi.Mode(), fi.Size(), fi.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
