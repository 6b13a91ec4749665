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
	return !within(root, real), real
}

// pyRealpath is Python's os.path.realpath(p) (strict=False) for an absolute p:
// every symbolic link resolved, ".." applied to the resolved path, parts that
// do not exist kept as written, and a link loop left unresolved from there.
//
// It needs an FS that reads links (OS does); on one that cannot, links are
// left as they are.
func pyRealpath(fsys FS, p string) string {
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
			base = nodeDirname(base)
			continue
		}
		next := nodeJoin(base, name)
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
			return nodeJoin(next, rest), false // a loop
		}
		rl, ok := fsys.(interface{ Readlink(string) (string, error) })
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
			return nodeJoin(resolved, rest), false
		}
		seen[next] = &resolved
		base = resolved
	}
	return base, true
}

// within reports whether the real path p is root or inside it; a sibling
// that merely starts with root's name ("/srv/app-evil") is not.
func within(root, p string) bool {
	return root == "/" || p == root || strings.HasPrefix(p, root+"/")
}
