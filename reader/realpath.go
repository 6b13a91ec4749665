package reader

import (
	"io/fs"
	"strings"
)

// realPath resolves every symbolic link in an absolute path, as realpath(3)
// does; ok is false when some part cannot be resolved.
func realPath(fsys FS, path string) (string, bool) {
	rl, ok := fsys.(interface{ Readlink(string) (string, error) })
	if !ok {
		return path, false
	}
	resolved := "/"
	rest := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for hops := 0; len(rest) > 0; {
		name := rest[0]
		rest = rest[1:]
		if name == "" || name == "." {
			continue
		}
		if name == ".." {
			resolved = nodeDirname(resolved)
			continue
		}
		next := nodeJoin(resolved, name)
		st, err := fsys.Lstat(next)
		if err != nil {
			return path, false
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			continue
		}
		if hops++; hops > 40 {
			return path, false
		}
		target, err := rl.Readlink(next)
		if err != nil {
			return path, false
		}
		if strings.HasPrefix(target, "/") {
			resolved = "/"
		}
		rest = append(strings.Split(target, "/"), rest...)
	}
	return resolved, true
}

// within reports whether path is dir or lies under it: on a separator
// boundary, so that /work/root-evil is not inside /work/root.
func within(path, dir string) bool {
	return path == dir || dir == "/" || strings.HasPrefix(path, dir+"/")
}

// outside reports whether a path, its links resolved, leaves dir, and
// where it really is.
func outside(fsys FS, path, dir string) (bool, string) {
	real, ok := realPath(fsys, path)
	if !ok {
		real = nodeResolve("/", path) // a missing or dangling path: as written
	}
	root, ok := realPath(fsys, dir)
	if !ok {
		root = dir
	}
	return !within(real, root), real
}
