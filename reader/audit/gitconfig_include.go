package audit

import (
	"path/filepath"
	"strings"
)

// includeIf's conditions, as git-config(1) gives them:
//
//   - gitdir:PATTERN matches the repository's git directory (its real
//     path, then, failing that, its path as found) against PATTERN with
//     wildmatch: ~/ expanded; ./ at the start taken from the directory of
//     the config file that holds the condition (matched literally up to
//     there); a pattern not absolute otherwise gets **/ in front; one
//     ending in / gets ** after. gitdir/i: matches without case.
//   - onbranch:PATTERN matches the branch HEAD names (a symbolic ref
//     under refs/heads/), with ** after a trailing /.
//   - hasconfig:remote.*.url:PATTERN matches the value of any
//     remote.<name>.url in the whole configuration (as written, no URL
//     rewritten), found by a first pass that takes every such condition
//     as true and refuses a remote URL in a file an includeIf brings in.
//
// Any other condition is false, as in git.

// condition says whether includeIf's subsection cond holds; file is the
// config file it is in.
func (cr *configReader) condition(cond, file string) (bool, error) {
	switch {
	case strings.HasPrefix(cond, "gitdir:"):
		return cr.gitdirMatches(strings.TrimPrefix(cond, "gitdir:"), file, false), nil
	case strings.HasPrefix(cond, "gitdir/i:"):
		return cr.gitdirMatches(strings.TrimPrefix(cond, "gitdir/i:"), file, true), nil
	case strings.HasPrefix(cond, "onbranch:"):
		branch, ok := headBranch(cr.gitDir)
		return ok && wildmatch(starStarForDir(strings.TrimPrefix(cond, "onbranch:")), branch, false), nil
	case strings.HasPrefix(cond, "hasconfig:remote.*.url:"):
		if cr.unconditional {
			return true, nil
		}
		if err := cr.readURLs(); err != nil {
			return false, err
		}
		for _, u := range cr.urls {
			if wildmatch(strings.TrimPrefix(cond, "hasconfig:remote.*.url:"), u, false) {
				return true, nil
			}
		}
	}
	return false, nil
}

// readURLs gathers every remote.<name>.url, once.
func (cr *configReader) readURLs() error {
	if cr.urlsRead {
		return nil
	}
	cr.urlsRead = true
	pass := &configReader{files: cr.files, gitDir: cr.gitDir, home: cr.home, unconditional: true}
	pass.set = func(e configEntry) error {
		if e.is("remote", "url") {
			cr.urls = append(cr.urls, e.value)
		}
		return nil
	}
	return pass.readAll()
}

func (cr *configReader) gitdirMatches(pattern, file string, fold bool) bool {
	if cr.gitDir == "" {
		return false
	}
	pattern, ok := expandHome(pattern, cr.home)
	if !ok {
		return false
	}
	prefix := 0
	if strings.HasPrefix(pattern, "./") {
		dir := filepath.Dir(realPath(file))
		pattern = dir + pattern[1:]
		prefix = len(dir) + 1
	} else if !filepath.IsAbs(pattern) {
		pattern = "**/" + pattern
	}
	pattern = starStarForDir(pattern)
	abs, _ := filepath.Abs(cr.gitDir)
	for _, text := range []string{realPath(cr.gitDir), abs} {
		if len(text) < prefix {
			continue
		}
		lit, rest := text[:prefix], text[prefix:]
		if fold && !strings.EqualFold(lit, pattern[:prefix]) || !fold && lit != pattern[:prefix] {
			continue
		}
		if wildmatch(pattern[prefix:], rest, fold) {
			return true
		}
	}
	return false
}

// starStarForDir adds ** to a pattern that ends in /: "foo/" matches foo
// and everything in it.
func starStarForDir(pattern string) string {
	if strings.HasSuffix(pattern, "/") {
		return pattern + "**"
	}
	return pattern
}

// realPath is name absolute with its symbolic links resolved, or as
// absolute as it can be made.
func realPath(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return name
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	return abs
}

// headBranch is the branch gitDir's HEAD names, when it names one.
func headBranch(gitDir string) (string, bool) {
	b, err := readSmall(filepath.Join(gitDir, "HEAD"), 4096)
	if err != nil {
		return "", false
	}
	ref, ok := strings.CutPrefix(strings.TrimRight(string(b), "\r\n"), "ref: ")
	if !ok {
		return "", false
	}
	return strings.CutPrefix(strings.TrimSpace(ref), "refs/heads/")
}
