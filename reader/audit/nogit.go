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
)

// Without git on PATH, a work tree is listed as `git ls-files --cached
// --others --exclude-standard` lists it, from git's own files: the tracked
// files are the index's entries (read by gitindex.go, a split index joined
// to its shared one, a sparse index's directories expanded from their
// trees; so a tracked file that a .gitignore matches is listed, as git
// lists it), and the untracked ones come from a walk that applies git's
// ignore rules (ignore.go) in git's order of precedence: core.excludesFile
// (found through the config's includes, gitconfig.go; or
// $XDG_CONFIG_HOME/git/ignore), .git/info/exclude, then each directory's
// .gitignore, the deeper ones winning, without case under core.ignoreCase.
// Like git, the walk does not enter an ignored directory (so a negation
// cannot bring a file back out of one) or a submodule, skips every entry
// named .git, lists only regular files and symbolic links, and lists an
// untracked nested repository as its directory, "name/". git prints the
// untracked files first, sorted by their bytes, then the index's entries
// in the index's order; so does this.

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
	tracked, gitlinks, err := readIndex(gitDir, commonDir, hashSize)
	if err != nil {
		return err
	}
	prefix := ""
	if r, err := filepath.Rel(top, dir); err == nil && r != "." {
		prefix = filepath.ToSlash(r) + "/"
	}
	var ps []ignorePattern
	cfg, err := readGitSettings(top, gitDir, commonDir)
	if err != nil {
		return fmt.Errorf("reading git's configuration without git: %v", err)
	}
	if cfg.excludesFile != "" {
		ps = append(ps, readPatterns(cfg.excludesFile, "")...)
	}
	ps = append(ps, readPatterns(filepath.Join(commonDir, "info", "exclude"), "")...)
	w := &noGitWalk{ctx: ctx, top: top, tracked: tracked, gitlinks: gitlinks, fold: cfg.ignoreCase}
	if w.fold {
		w.folded = foldedSet(tracked)
	}
	// The .gitignore files from the top down to dir, stopping, as git
	// stops, at a directory that is ignored: nothing under it is untracked.
	parts := strings.Split(strings.TrimSuffix(prefix, "/"), "/")
	ignoredDir := false
	for i := 0; prefix != "" && i < len(parts); i++ {
		base := ""
		if i > 0 {
			base = strings.Join(parts[:i], "/") + "/"
		}
		ps = append(ps, readPatterns(filepath.Join(top, filepath.FromSlash(base), ".gitignore"), base)...)
		if isIgnored(ps, strings.Join(parts[:i+1], "/"), true, w.fold) {
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
	ctx      context.Context
	top      string
	tracked  []string        // sorted by bytes, as the index is
	gitlinks map[string]bool // the tracked names that are submodules
	fold     bool            // core.ignoreCase
	folded   map[string]bool // tracked, lower-cased, under fold
	others   []string        // slash-separated, relative to top
}

// walk reads the directory rel (relative to top, "" for top) with ps, the
// patterns of the files above it, and adds its own .gitignore's.
func (w *noGitWalk) walk(rel string, ps []ignorePattern, isTop bool) error {
	if err := w.ctx.Err(); err != nil {
		return err
	}
	base := ""
	if rel != "" {
		base = rel + "/"
	}
	abs := filepath.Join(w.top, filepath.FromSlash(rel))
	ps = append(ps[:len(ps):len(ps)], readPatterns(filepath.Join(abs, ".gitignore"), base)...)
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
		name := base + e.Name()
		switch t := e.Type(); {
		case t.IsDir():
			// A tracked file now a directory is walked, as git walks it;
			// a submodule is not.
			if w.gitlinks[name] || isIgnored(ps, name, true, w.fold) {
				continue
			}
			if isRepository(filepath.Join(abs, e.Name())) && !w.holdsTracked(name) {
				w.others = append(w.others, name+"/")
				continue
			}
			if err := w.walk(name, ps, false); err != nil {
				return err
			}
		case t.IsRegular() || t&fs.ModeSymlink != 0:
			if !w.isTracked(name) && !isIgnored(ps, name, false, w.fold) {
				w.others = append(w.others, name)
			}
		}
	}
	return nil
}

// isTracked says the index holds name: without case under core.ignoreCase,
// as git then looks a name up.
func (w *noGitWalk) isTracked(name string) bool {
	if w.fold {
		return w.folded[lowerASCIIString(name)]
	}
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
// gitlinks are the paths that are submodules (mode 160000).
func readIndex(gitDir, commonDir string, hashSize int) (names []string, gitlinks map[string]bool, err error) {
	idx, err := readIndexFile(filepath.Join(gitDir, "index"), hashSize)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	entries := idx.entries
	if idx.link != nil {
		if entries, err = joinSplitIndex(idx, gitDir, hashSize); err != nil {
			return nil, nil, err
		}
	}
	if entries, err = expandSparse(entries, commonDir, hashSize); err != nil {
		return nil, nil, err
	}
	names = make([]string, 0, len(entries))
	gitlinks = map[string]bool{}
	for _, e := range entries {
		names = append(names, e.name)
		if e.mode&0o170000 == 0o160000 {
			gitlinks[e.name] = true
		}
	}
	// A split index's added entries come after the shared ones.
	sort.Strings(names)
	return slices.Compact(names), gitlinks, nil
}

// foldedSet is names lower-cased (ASCII), for looking a name up without case.
func foldedSet(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[lowerASCIIString(n)] = true
	}
	return m
}

func lowerASCIIString(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lowerASCII(c)
	}
	return string(b)
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
