package reader

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"

	"github.com/readlens/readlens/reader/node"
)

// RealPath is nodeRealpath for callers that only need to know whether the
// path resolved: every link followed (at most 40 hops), or ok false.
func RealPath(fsys FS, path string) (string, bool) {
	r, err := nodeRealpath(fsys, path)
	if err != nil {
		return path, false
	}
	return r, true
}

// outside reports whether a path, its links resolved, leaves dir, and
// where it really is.
func outside(fsys FS, path, dir string) (bool, string) {
	real, ok := RealPath(fsys, path)
	if !ok {
		real = node.Resolve("/", path) // a missing or dangling path: as written
	}
	root, ok := RealPath(fsys, dir)
	if !ok {
		root = dir
	}
	return !Within(root, real), real
}

// Within reports whether the real path p is root or inside it; a sibling
// that merely starts with root's name ("/srv/app-evil") is not.
func Within(root, p string) bool {
	return root == "/" || p == root || strings.HasPrefix(p, root+"/")
}

// ErrRealpathLoop is robustRealpath's own error for a symbolic-link cycle.
var ErrRealpathLoop = errors.New("infinite recursion")

// nodeRealpath is fs.realpathSync: every symbolic link in p resolved, the
// way libuv's realpath(3) does. Components are walked with Lstat; an FS
// that cannot read links has none. A snapshot keeps the answer for the run,
// as it keeps the stats it is made of.
func nodeRealpath(fsys FS, p string) (string, error) {
	if s, ok := fsys.(realpathKeeper); ok {
		return s.realpath(p)
	}
	return walkRealpath(fsys, p)
}

// realpathKeeper is an FS that keeps real paths: a snapshot.
type realpathKeeper interface {
	realpath(p string) (string, error)
}

func walkRealpath(fsys FS, p string) (string, error) {
	rl, _ := fsys.(Readlinker)
	resolved := "/"
	rest := splitPath(p)
	hops := 0
	for len(rest) > 0 {
		name := rest[0]
		rest = rest[1:]
		next := node.Join(resolved, name)
		st, err := fsys.Lstat(next)
		if err != nil {
			return "", &fs.PathError{Op: "realpath", Path: p, Err: errnoOf(err)}
		}
		if st.Mode()&fs.ModeSymlink == 0 || rl == nil {
			if len(rest) > 0 && !st.IsDir() && st.Mode()&fs.ModeSymlink == 0 {
				return "", &fs.PathError{Op: "realpath", Path: p, Err: syscall.ENOTDIR}
			}
			resolved = next
			continue
		}
		if hops++; hops > 40 {
			return "", &fs.PathError{Op: "stat", Path: p, Err: syscall.ELOOP}
		}
		target, err := rl.Readlink(next)
		if err != nil {
			// realpathSync reads the link it just saw with lstat and names it:
			// a link swapped for a directory in between is EINVAL, readlink
			// '<that link>'.
			return "", &fs.PathError{Op: "readlink", Path: next, Err: errnoOf(err)}
		}
		if node.IsAbs(target) {
			resolved = "/"
		}
		rest = append(splitPath(target), rest...)
	}
	return resolved, nil
}

func splitPath(p string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			switch s := p[start:i]; s {
			case "", ".":
			case "..":
				out = append(out, s)
			default:
				out = append(out, s)
			}
			start = i + 1
		}
	}
	return out
}

func errnoOf(err error) error {
	if e := Errno(err); e != 0 {
		return e
	}
	return err
}

// RobustRealpath is Gemini CLI 0.61.0's robustRealpath: realpath, and for a
// path that does not exist, the real path of its deepest existing parent
// with the rest appended; a dangling link is followed to its target.
func RobustRealpath(fsys FS, p string, visited map[string]bool) (string, error) {
	if visited[p] {
		return "", ErrRealpathLoop
	}
	visited[p] = true
	r, err := nodeRealpath(fsys, p)
	if err == nil {
		return r, nil
	}
	switch Errno(err) {
	case syscall.ENOENT, syscall.EISDIR, syscall.ENAMETOOLONG, syscall.ENOTDIR:
	default:
		return "", err
	}
	if st, lerr := fsys.Lstat(p); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
		if rl, ok := fsys.(Readlinker); ok {
			if target, err := rl.Readlink(p); err == nil {
				return RobustRealpath(fsys, node.Resolve(node.Dirname(p), target), visited)
			}
		}
	}
	parent := node.Dirname(p)
	if parent == p {
		return p, nil
	}
	rp, err := RobustRealpath(fsys, parent, visited)
	if err != nil {
		return "", err
	}
	return node.Join(rp, node.Basename(p)), nil
}
