package python

import (
	"io/fs"
	"path"
	"strings"
)

// FS is the file system realpath walks.
type FS interface {
	Lstat(name string) (fs.FileInfo, error)
}

// Readlinker is an FS that reads symbolic links.
type Readlinker interface {
	Readlink(name string) (string, error)
}

// Realpath is Python's os.path.realpath(p) (strict=False) for an absolute p:
// every symbolic link resolved, ".." applied to the resolved path, parts that
// do not exist kept as written, and a link loop left unresolved from there.
//
// It needs an FS that reads links (OS does); on one that cannot, links are
// left as they are.
func Realpath(fsys FS, p string) string {
	out, _ := joinReal(fsys, "/", p, map[string]*string{})
	return out
}

func joinReal(fsys FS, base, rest string, seen map[string]*string) (string, bool) {
	if strings.HasPrefix(rest, "/") {
		rest, base = rest[1:], "/"
	}
	for rest != "" {
		var name string
		name, rest, _ = strings.Cut(rest, "/")
		switch name {
		case "", ".":
			continue
		case "..":
			base = path.Dir(base)
			continue
		}
		next := path.Join(base, name)
		st, err := fsys.Lstat(next)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			base = next
			continue
		}
		if r, ok := seen[next]; ok {
			if r != nil {
				base = *r
				continue
			}
			return path.Join(next, rest), false // a loop
		}
		rl, ok := fsys.(Readlinker)
		if !ok {
			base = next
			continue
		}
		target, err := rl.Readlink(next)
		if err != nil {
			base = next
			continue
		}
		seen[next] = nil
		resolved, ok := joinReal(fsys, base, target, seen)
		if !ok {
			return path.Join(resolved, rest), false
		}
		seen[next] = &resolved
		base = resolved
	}
	return base, true
}
