package python

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"syscall"
	"unicode"
)

// The Python tools (dmcc, envelope) see paths, names and errors through
// CPython's posixpath and OSError, whose corners differ from Node's and Go's:
// dirname("/a/b/") is "/a/b", splitext("..png") has no extension,
// "İ".lower() is two code points.

// Dirname is posixpath.dirname: everything before the last slash, trailing
// slashes dropped unless it is all slashes.
func Dirname(p string) string {
	i := strings.LastIndexByte(p, '/') + 1
	head := p[:i]
	if head != "" && strings.Trim(head, "/") != "" {
		head = strings.TrimRight(head, "/")
	}
	return head
}

// Basename is posixpath.basename: everything after the last slash ("" for
// a path that ends in one).
func Basename(p string) string {
	return p[strings.LastIndexByte(p, '/')+1:]
}

// Join is posixpath.join of a directory and a name.
func Join(dir, name string) string {
	if dir == "" || strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + "/" + name
}

// Ext is the extension posixpath.splitext finds: the last dot of the base
// name on, unless only dots come before it (".bashrc" and "..png" have none).
func Ext(p string) string {
	base := Basename(p)
	dot := strings.LastIndexByte(base, '.')
	if dot <= 0 || strings.Trim(base[:dot], ".") == "" {
		return ""
	}
	return base[dot:]
}

// Relpath is os.path.relpath(target, start) for absolute paths: "." when
// they are the same.
func Relpath(start, target string) string {
	s, t := pySplit(start), pySplit(target)
	i := 0
	for i < len(s) && i < len(t) && s[i] == t[i] {
		i++
	}
	rel := slices.Repeat([]string{".."}, len(s)-i)
	if rel = append(rel, t[i:]...); len(rel) == 0 {
		return "."
	}
	return strings.Join(rel, "/")
}

// pySplit is a normalized absolute path's components.
func pySplit(p string) []string {
	if p = path.Clean(p); p == "/" {
		return nil
	}
	return strings.Split(p[1:], "/")
}

// Lower is str.lower(): Unicode's full lowercase mapping, which differs
// from Go's simple mapping for U+0130 and for a final capital sigma.
func Lower(s string) string {
	if !strings.ContainsAny(s, "\u0130\u03a3") {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch {
		case r == '\u0130':
			b.WriteString("i\u0307")
		case r == '\u03a3' && finalSigma(rs, i):
			b.WriteRune('\u03c2')
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma condition at rs[i]: a cased letter
// before it and none after it, skipping case-ignorable characters.
func finalSigma(rs []rune, i int) bool {
	cased := func(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }
	ignorable := func(r rune) bool {
		return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) || strings.ContainsRune("'.:\u00b7\u2019", r)
	}
	before := false
	for j := i - 1; j >= 0; j-- {
		if !ignorable(rs[j]) {
			before = cased(rs[j])
			break
		}
	}
	if !before {
		return false
	}
	for j := i + 1; j < len(rs); j++ {
		if !ignorable(rs[j]) {
			return !cased(rs[j])
		}
	}
	return true
}

// Repr is repr() of a str: single quotes unless the text holds one and no
// double quote, backslash escapes for what is not printable.
func Repr(s string) string {
	q := byte('\'')
	if strings.ContainsRune(s, '\'') && !strings.ContainsRune(s, '"') {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == ' ' || unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// OSError is str() of the OSError CPython raises for a failed call on
// path: "[Errno 2] No such file or directory: '/abs/path'".
func OSError(err error, p string) string {
	var e syscall.Errno
	switch {
	case errors.As(err, &e):
	case errors.Is(err, fs.ErrNotExist):
		e = syscall.ENOENT
	case errors.Is(err, fs.ErrPermission):
		e = syscall.EACCES
	default:
		return fmt.Sprint(err)
	}
	msg := e.Error() // glibc's strerror, in Go's lower case
	return fmt.Sprintf("[Errno %d] %s%s: %s", int(e), strings.ToUpper(msg[:1]), msg[1:], Repr(p))
}

// Abspath is os.path.abspath(os.path.join(cwd, p)) for a relative p.
func Abspath(cwd, p string) string { return path.Clean(cwd + "/" + p) }
