package node

import (
	"path"
	"strings"
)

// The JavaScript agents resolve and print paths with Node's POSIX path
// module, whose corners differ from Go's: dirname("/a/b/") is "/a",
// extname(".bashrc") is "", relative(a, a) is "".

// Resolve is path.resolve(from, to): absolute, normalised, no trailing
// slash.
func Resolve(from, to string) string {
	if strings.HasPrefix(to, "/") {
		return path.Clean(to)
	}
	return path.Clean(from + "/" + to)
}

// Join is path.join for a directory and a name.
func Join(dir, name string) string { return path.Join(dir, name) }

func trimSlashes(p string) string {
	for len(p) > 1 && strings.HasSuffix(p, "/") {
		p = p[:len(p)-1]
	}
	return p
}

// Dirname is path.dirname: trailing slashes do not make a directory.
func Dirname(p string) string {
	if p == "" {
		return "."
	}
	p = trimSlashes(p)
	i := strings.LastIndexByte(p, '/')
	switch {
	case i < 0:
		return "."
	case i == 0:
		return "/"
	}
	return trimSlashes(p[:i])
}

// Basename is path.basename.
func Basename(p string) string {
	p = trimSlashes(p)
	if p == "/" {
		return ""
	}
	return p[strings.LastIndexByte(p, '/')+1:]
}

// Extname is path.extname, ported from Node's loop: the last dot and what
// follows it, except for a leading dot (".bashrc" has none) and "..".
func Extname(p string) string {
	startDot, startPart, end := -1, 0, -1
	matchedSlash := true
	preDot := 0 // 0: nothing before the dot; 1: only dots; -1: something else
	for i := len(p) - 1; i >= 0; i-- {
		c := p[i]
		if c == '/' {
			if !matchedSlash {
				startPart = i + 1
				break
			}
			continue
		}
		if end == -1 {
			matchedSlash = false
			end = i + 1
		}
		switch {
		case c == '.' && startDot == -1:
			startDot = i
		case c == '.':
			if preDot != 1 {
				preDot = 1
			}
		case startDot != -1:
			preDot = -1
		}
	}
	if startDot == -1 || end == -1 || preDot == 0 ||
		(preDot == 1 && startDot == end-1 && startDot == startPart+1) {
		return ""
	}
	return p[startDot:end]
}

// Relative is path.relative(from, to) for absolute paths.
func Relative(from, to string) string {
	from, to = path.Clean(from), path.Clean(to)
	if from == to {
		return ""
	}
	split := func(p string) []string {
		if p == "/" {
			return nil
		}
		return strings.Split(p[1:], "/")
	}
	f, t := split(from), split(to)
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	parts := make([]string, 0, len(f)-i+len(t)-i)
	for range f[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	return strings.Join(parts, "/")
}

// IsAbs is path.isAbsolute.
func IsAbs(p string) bool { return strings.HasPrefix(p, "/") }
