package audit

import (
	"bytes"
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Without git on PATH, a work tree is listed as `git ls-files --cached
// --others --exclude-standard` lists it, from git's own files: the tracked
// files are the index's entries (read by gitindex.go, a split index joined
// to its shared one, a sparse index's directories expanded from their
// trees; so a tracked file that a .gitignore matches is listed, as git
// lists it), and
// the untracked ones come from a walk that applies the ignore rules with
// go-git's gitignore patterns, in git's order of precedence:
// core.excludesFile (found through the config's includes, gitconfig.go;
// or $XDG_CONFIG_HOME/git/ignore), .git/info/exclude,
// then each directory's .gitignore, the deeper ones winning. Like git, the
// walk does not enter an ignored directory (so a negation cannot bring a
// file back out of one), skips every entry named .git, lists only regular
// files and symbolic links, and lists an untracked nested repository as
// its directory, "name/". git prints the untracked files first, sorted by
// their bytes, then the index's entries in the index's order; so does this.

// patternFileMax is git's own limit on a .gitignore (PATTERN_MAX_FILE_SIZE):
// a larger file is ignored, as git ignores it with a warning.
const patternFileMax = 100 << 20

// listWithoutGit lists dir, which is in the work tree whose top holds a
// .git entry.
func listWithoutGit(ctx context.Context, top, dir string, yield func(rel string) error) error {
	gitDir, commonDir, err := gitDirs(top)
	if err != nil {
		return err
	}
	hashSize := sha1.Size
	if f := configValue(filepath.Join(commonDir, "config"), "extensions", "objectformat"); strings.EqualFold(f, "sha256") {
		hashSize = sha256.Size
	}
	tracked, err := readIndex(gitDir, commonDir, hashSize)
	if err != nil {
		return err
	}
	prefix := ""
	if r, err := filepath.Rel(top, dir); err == nil && r != "." {
		prefix = filepath.ToSlash(r) + "/"
	}
	var ps []gitignore.Pattern
	name, err := excludesFile(top, gitDir, commonDir)
	if err != nil {
		return fmt.Errorf("reading git's configuration without git: %v", err)
	}
	if name != "" {
		ps = append(ps, readPatterns(name, nil)...)
	}
	ps = append(ps, readPatterns(filepath.Join(commonDir, "info", "exclude"), nil)...)
	w := &noGitWalk{ctx: ctx, top: top, tracked: tracked}
	// The .gitignore files from the top down to dir, stopping, as git
	// stops, at a directory that is ignored: nothing under it is untracked.
	parts := strings.Split(strings.TrimSuffix(prefix, "/"), "/")
	ignoredDir := false
	for i := 0; prefix != "" && i < len(parts); i++ {
		ps = append(ps, readPatterns(filepath.Join(top, filepath.Join(parts[:i]...), ".gitignore"), parts[:i])...)
		if gitignore.NewMatcher(ps).Match(parts[:i+1], true) {
			ignoredDir = true
			break
		}
	}
	if !ignoredDir {
		if err := w.walk(strings.TrimSuffix(prefix, "/"), ps, prefix == ""); err != nil {
			return err
		}
	}
	sort.Strings(w.others)
	for _, name := range w.others {
		if err := yield(filepath.FromSlash(strings.TrimPrefix(name, prefix))); err != nil {
			return err
		}
	}
	for _, name := range tracked {
		if strings.HasPrefix(name, prefix) {
			if err := yield(filepath.FromSlash(strings.TrimPrefix(name, prefix))); err != nil {
				return err
			}
		}
	}
	return nil
}

// noGitWalk gathers the untracked files that are not ignored.
type noGitWalk struct {
	ctx     context.Context
	top     string
	tracked []string // sorted by bytes, as the index is
	others  []string // slash-separated, relative to top
}

// walk reads the directory rel (relative to top, "" for top) with ps, the
// patterns of the files above it, and adds its own .gitignore's.
func (w *noGitWalk) walk(rel string, ps []gitignore.Pattern, isTop bool) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	var parts []string
	if rel != "" {
		parts = strings.Split(rel, "/")
	}
	abs := filepath.Join(w.top, filepath.FromSlash(rel))
	ps = append(ps[:len(ps):len(ps)], readPatterns(filepath.Join(abs, ".gitignore"), parts)...)
	m := gitignore.NewMatcher(ps)
	entries, err := os.ReadDir(abs)
	if err != nil && isTop {
		return err
	}
	// An unreadable directory below the top lists nothing, as git warns
	// and goes on.
	for _, e := range entries {
		if e.Name() == ".git" {
			continue
		}
		path := append(parts[:len(parts):len(parts)], e.Name())
		name := strings.Join(path, "/")
		switch t := e.Type(); {
		case t.IsDir():
			if w.isTracked(name) || m.Match(path, true) {
				continue // a submodule, or an ignored directory
			}
			if isRepository(filepath.Join(abs, e.Name())) && !w.holdsTracked(name) {
				w.others = append(w.others, name+"/")
				continue
			}
			if err := w.walk(name, ps, false); err != nil {
				return err
			}
		case t.IsRegular() || t&fs.ModeSymlink != 0:
			if !w.isTracked(name) && !m.Match(path, false) {
				w.others = append(w.others, name)
			}
		}
	}
	return nil
}

func (w *noGitWalk) isTracked(name string) bool {
	i := sort.SearchStrings(w.tracked, name)
	return i < len(w.tracked) && w.tracked[i] == name
}

// holdsTracked says the index has a file under the directory name: git
// then walks into it even when it holds a repository of its own.
func (w *noGitWalk) holdsTracked(name string) bool {
	i := sort.SearchStrings(w.tracked, name+"/")
	return i < len(w.tracked) && strings.HasPrefix(w.tracked[i], name+"/")
}

// isRepository says dir holds a .git that git takes for a repository: a
// "gitdir:" file, or a directory with HEAD, objects and refs.
func isRepository(dir string) bool {
	dotGit := filepath.Join(dir, ".git")
	fi, err := os.Lstat(dotGit)
	switch {
	case err != nil:
		return false
	case fi.Mode().IsRegular():
		b, err := readSmall(dotGit, 4096)
		return err == nil && bytes.HasPrefix(b, []byte("gitdir: "))
	case !fi.IsDir():
		return false
	}
	for _, name := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(dotGit, name)); err != nil {
			return false
		}
	}
	return true
}

// gitDirs finds the git directory of the work tree at top, and the common
// directory a linked worktree shares with its main one (where info/exclude
// and config live).
func gitDirs(top string) (gitDir, commonDir string, err error) {
	gitDir = filepath.Join(top, ".git")
	fi, err := os.Stat(gitDir)
	if err != nil {
		return "", "", err
	}
	if !fi.IsDir() {
		b, err := readSmall(gitDir, 4096)
		if err != nil {
			return "", "", err
		}
		d, ok := strings.CutPrefix(strings.TrimRight(string(b), "\r\n"), "gitdir: ")
		if !ok {
			return "", "", fmt.Errorf("%s: not a git file (no \"gitdir: \")", gitDir)
		}
		if !filepath.IsAbs(d) {
			d = filepath.Join(top, d)
		}
		gitDir = d
	}
	commonDir = gitDir
	if b, err := readSmall(filepath.Join(gitDir, "commondir"), 4096); err == nil {
		c := strings.TrimRight(string(b), "\r\n")
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		commonDir = c
	}
	return gitDir, commonDir, nil
}

// readIndex is the index's paths, each once (an unmerged path has an entry
// per stage), sorted by their bytes as the index is, with a split index
// joined to its shared index and a sparse index's directories expanded.
// No index (a repository with nothing added yet) is no tracked file.
func readIndex(gitDir, commonDir string, hashSize int) ([]string, error) {
	idx, err := readIndexFile(filepath.Join(gitDir, "index"), hashSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	entries := idx.entries
	if idx.link != nil {
		if entries, err = joinSplitIndex(idx, gitDir, hashSize); err != nil {
			return nil, err
		}
	}
	if entries, err = expandSparse(entries, commonDir, hashSize); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.name)
	}
	// A split index's added entries come after the shared ones.
	sort.Strings(names)
	return slices.Compact(names), nil
}

// readPatterns reads a pattern file as git does: a regular file (git does
// not follow a symbolic link to a .gitignore), a UTF-8 BOM dropped, lines
// split at LF with one CR before it dropped, blank lines and lines that
// begin with # skipped; trailing spaces are go-git's to trim.
func readPatterns(name string, domain []string) []gitignore.Pattern {
	fi, err := os.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > patternFileMax {
		return nil
	}
	b, err := readSmall(name, patternFileMax)
	if err != nil {
		return nil
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	var ps []gitignore.Pattern
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" || line[0] == '#' || strings.TrimSpace(line) == "" {
			continue
		}
		ps = append(ps, contentsOnlyIf(gitignore.ParsePattern(bangClass(line), domain), line, domain))
	}
	return ps
}

// bangClass writes git's negated class [!…] as Go's filepath.Match
// writes it, [^…] (git takes both).
func bangClass(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		b.WriteByte(c)
		switch {
		case c == '\\' && i+1 < len(line):
			i++
			b.WriteByte(line[i]) // an escaped [ opens no class
		case c == '[' && i+1 < len(line) && line[i+1] == '!':
			b.WriteByte('^')
			i++
		}
	}
	return b.String()
}

// contentsOnly is a pattern that ends in /** (with no other **): git
// matches what is inside the directory it names, not the directory
// itself, so `logs/**` then `!logs/keep.txt` lists logs/keep.txt; go-git's
// pattern matches the directory too, which would hide it.
type contentsOnly struct {
	gitignore.Pattern
	depth int // the directory's path elements: its domain's, then its own
}

func (p contentsOnly) Match(path []string, isDir bool) gitignore.MatchResult {
	if len(path) == p.depth {
		return gitignore.NoMatch
	}
	return p.Pattern.Match(path, isDir)
}

// contentsOnlyIf wraps p when its line (as written) ends in /**.
func contentsOnlyIf(p gitignore.Pattern, line string, domain []string) gitignore.Pattern {
	t := strings.TrimPrefix(strings.TrimRight(line, " "), "!")
	dir, ok := strings.CutSuffix(t, "/**")
	if !ok || strings.Contains(dir, "**") {
		return p
	}
	depth := len(domain)
	for _, part := range strings.Split(dir, "/") {
		if part != "" {
			depth++
		}
	}
	return contentsOnly{Pattern: p, depth: depth}
}

// readSmall reads at most max bytes of a file.
func readSmall(name string, max int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max))
}
