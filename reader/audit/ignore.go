package audit

import (
	"bytes"
	"os"
	"strings"
)

// git's ignore rules, as its dir.c reads and matches them, for the listing
// without git (nogit.go). Every line of a pattern file is one pattern; the
// last pattern that matches a path decides, a negation ("!") un-ignoring it.

// ignorePattern is one line of a .gitignore, an info/exclude or the user's
// excludes file.
type ignorePattern struct {
	text string // without its "!" and its trailing "/"
	// base is the directory of the .gitignore it came from, relative to the
	// top, slash-separated and ending in "/"; "" for the top and for the
	// other pattern files.
	base      string
	negative  bool
	mustBeDir bool // it ended in "/": it matches a directory only
	noDir     bool // no "/" in it: it matches a name at any depth
	literal   int  // the bytes before its first wildcard (simple_length)
}

// readPatterns reads a pattern file as git does: a regular file (git does
// not follow a symbolic link to a .gitignore), a UTF-8 BOM dropped, lines
// split at LF, empty lines and lines that begin with # skipped, one CR
// before the LF dropped, then the trailing spaces not escaped by "\".
func readPatterns(name, base string) []ignorePattern {
	fi, err := os.Lstat(name)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() > patternFileMax {
		return nil
	}
	b, err := readSmall(name, patternFileMax)
	if err != nil {
		return nil
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	var ps []ignorePattern
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		line = trimTrailingSpaces(strings.TrimSuffix(line, "\r"))
		if i := strings.IndexByte(line, 0); i >= 0 {
			line = line[:i] // git holds a pattern as a C string
		}
		if p, ok := parsePattern(line, base); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// trimTrailingSpaces drops the spaces (not tabs) that end line, unless a
// "\" escapes the first of them; a "\" that ends the line leaves it as it is.
func trimTrailingSpaces(line string) string {
	lastSpace := -1
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i == len(line) {
				return line
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		return line[:lastSpace]
	}
	return line
}

// parsePattern is git's parse_path_pattern; false for a pattern that can
// match nothing (an empty one).
func parsePattern(line, base string) (ignorePattern, bool) {
	p := ignorePattern{base: base}
	if strings.HasPrefix(line, "!") {
		p.negative = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.mustBeDir = true
		line = line[:len(line)-1]
	}
	if line == "" {
		return p, false
	}
	p.text = line
	p.noDir = !strings.Contains(line, "/")
	p.literal = len(line)
	for i := 0; i < len(line); i++ {
		if isGlobSpecial(line[i]) {
			p.literal = i
			break
		}
	}
	return p, true
}

// isIgnored says whether the last of ps that matches path (slash-separated,
// relative to the top) ignores it; fold is core.ignoreCase.
func isIgnored(ps []ignorePattern, path string, isDir, fold bool) bool {
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i].matches(path, isDir, fold) {
			return !ps[i].negative
		}
	}
	return false
}

func (p *ignorePattern) matches(path string, isDir, fold bool) bool {
	if p.mustBeDir && !isDir {
		return false
	}
	flags := 0
	if fold {
		flags = wmCasefold
	}
	if p.noDir {
		// match_basename: the last element, without WM_PATHNAME.
		name := path[strings.LastIndexByte(path, '/')+1:]
		return dowild(p.text, name, flags) == wmMatch
	}
	return p.matchPathname(path, flags|wmPathname, fold)
}

// matchPathname is git's match_pathname: path must lie under the
// pattern's base; the pattern's literal start is compared as bytes and
// the rest matched with wildmatch, so a "**" just after it starts the
// pattern wildmatch sees ("ab**/c" ignores abz/y/c).
func (p *ignorePattern) matchPathname(path string, flags int, fold bool) bool {
	pat, literal := p.text, p.literal
	if pat[0] == '/' {
		pat, literal = pat[1:], literal-1
	}
	if base := strings.TrimSuffix(p.base, "/"); base != "" {
		if len(path) < len(base)+1 || path[len(base)] != '/' || !equalPath(path[:len(base)], base, fold) {
			return false
		}
		path = path[len(base)+1:]
	}
	if literal > 0 {
		if literal > len(path) || !equalPath(pat[:literal], path[:literal], fold) {
			return false
		}
		pat, path = pat[literal:], path[literal:]
		if pat == "" && path == "" {
			return true
		}
	}
	return dowild(pat, path, flags) == wmMatch
}

// equalPath compares names as git's fspathncmp: byte for byte, or
// without ASCII case under core.ignoreCase.
func equalPath(a, b string, fold bool) bool {
	if !fold {
		return a == b
	}
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}
