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
//   - hasconfig:remote.*.url: is not followed: it needs every remote URL of
//     the whole configuration first. Without git, such an include is
//     skipped. Any other condition is false, as in git.

// condition says whether includeIf's subsection cond holds; file is the
// config file it is in.
func (cr *configReader) condition(cond, file string) bool {
	switch {
	case strings.HasPrefix(cond, "gitdir:"):
		return cr.gitdirMatches(strings.TrimPrefix(cond, "gitdir:"), file, false)
	case strings.HasPrefix(cond, "gitdir/i:"):
		return cr.gitdirMatches(strings.TrimPrefix(cond, "gitdir/i:"), file, true)
	case strings.HasPrefix(cond, "onbranch:"):
		branch, ok := headBranch(cr.gitDir)
		return ok && wildmatch(starStarForDir(strings.TrimPrefix(cond, "onbranch:")), branch, false)
	}
	return false
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
