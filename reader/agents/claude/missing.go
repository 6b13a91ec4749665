package claude

import (
	"io/fs"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330's answers for paths that are not readable files.

// ccMissing is "File does not exist." with the working directory and at
// most one suggestion: the same path re-rooted under the working directory
// when it lies in the directory above it (BPe), else a sibling with the same
// name and another extension (sJe).
func ccMissing(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*ccCall)
	switch reader.Errno(f.Err) {
	case syscall.ENOENT:
	case syscall.ELOOP:
		return reader.Fail("Refusing to read " + p.Path + ": where it leads on disk could not be determined (a link on the way could not be examined, or the links do not resolve).")
	default:
		return reader.Fail(node.Error(f.Err, "open", p.Path))
	}
	msg := "File does not exist. Note: your current working directory is " + c.cwd + "."
	if s := ccReroot(c.fs, c.cwd, p.Path); s != "" {
		msg += " Did you mean " + s + "?"
	} else if s := ccSibling(p.Path, f); s != "" {
		msg += " Did you mean " + s + "?"
	}
	return reader.Fail(ccEscape(msg))
}

func ccReroot(fsys reader.FS, cwd, path string) string {
	parent := node.Dirname(cwd)
	g := path
	if real, ok := reader.RealPath(fsys, node.Dirname(path)); ok {
		g = node.Join(real, node.Basename(path))
	}
	h := parent + "/"
	if parent == "/" {
		h = "/"
	}
	if !strings.HasPrefix(g, h) || strings.HasPrefix(g, cwd+"/") || g == cwd {
		return ""
	}
	v := node.Join(cwd, node.Relative(parent, g))
	if _, err := fsys.Stat(v); err != nil {
		return ""
	}
	return v
}

// ccPlainExt is Claude Code's /^(\.[\p{L}\p{N}_+~#-]{1,32})?$/u, by hand:
// as a Go regexp its rune classes cost 2 ms at every process start.
func ccPlainExt(ext string) bool {
	if ext == "" {
		return true
	}
	n := utf8.RuneCountInString(ext) - 1
	if ext[0] != '.' || n < 1 || n > 32 {
		return false
	}
	for _, r := range ext[1:] {
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) && !strings.ContainsRune("_+~#-", r) {
			return false
		}
	}
	return true
}

func ccSibling(path string, f *reader.Found) string {
	if f.SiblingsErr != nil {
		return ""
	}
	stem := func(name string) string { return strings.TrimSuffix(name, node.Extname(name)) }
	want := stem(node.Basename(path))
	dir := node.Dirname(path)
	for _, name := range f.Siblings {
		if !ccPlainExt(norm.NFC.String(node.Extname(name))) || stem(name) != want || node.Join(dir, name) == path {
			continue
		}
		return name
	}
	return ""
}

// ccSpecial: devices stream (the guard has refused the endless ones by
// name); readlens reads none of them, but /dev/null is known to be empty.
func ccSpecial(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*ccCall)
	real, _ := reader.RealPath(c.fs, p.Path)
	if f.Mode&fs.ModeCharDevice != 0 && real == "/dev/null" {
		o := &reader.Outcome{}
		o.Notice(ccEmpty)
		return o
	}
	return reader.WouldHang("Claude Code", f)
}
