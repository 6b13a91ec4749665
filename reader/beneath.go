package reader

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"
)

// A profile that refuses paths outside a root (envelope's project root,
// Gemini CLI's workspace) resolves the path and checks it, then the engine
// opens it: between the two, a directory on the way can be swapped for a
// link that leads out. So the engine does not open such a path by name.
// Plan.Within names the directory the read must stay beneath, and every
// step of the read (stat, open, probe, listing) goes through one handle on
// that directory that refuses to leave it: the check and the open are one
// operation. On the disk that is Go's os.Root, which walks the path from
// the directory's descriptor with O_NOFOLLOW and follows a link only while
// it stays inside.
//
// Plan.Path is the real path the profile checked, so in the ordinary case
// no link is met at all; meeting one that leads out, or an absolute one
// (os.Root cannot follow an absolute link without leaving its descriptor),
// means the tree changed under the check. Found.Escaped says so, and the
// profile answers with its own refusal of a path outside its root.

// ErrOutside is the error for a name that leaves Plan.Within when the
// engine opens it.
var ErrOutside = errors.New("the path leads outside the directory the read must stay beneath")

// rooter is a file system that can hand out a view of itself confined to a
// directory (OS does, with os.Root); close releases it.
type rooter interface {
	beneath(dir string) (in FS, close func(), err error)
}

// beneath is the file system a plan's own path is read through: fsys itself
// without a Within directory; else a view that cannot leave dir. A file
// system without links (the demo's embedded tree) needs only to compare
// names.
func beneath(fsys FS, dir string) (FS, func(), error) {
	if dir == "" {
		return fsys, func() {}, nil
	}
	if r, ok := fsys.(rooter); ok {
		return r.beneath(dir)
	}
	return lexical{FS: fsys, dir: path.Clean(dir)}, func() {}, nil
}

// relTo is name relative to dir, or false when name is not dir or beneath it.
func relTo(dir, name string) (string, bool) {
	clean := path.Clean(name)
	switch {
	case clean == dir:
		return ".", true
	case dir == "/":
		return clean[1:], true
	case strings.HasPrefix(clean, dir+"/"):
		return clean[len(dir)+1:], true
	}
	return "", false
}

func outsideErr(op, name string) error {
	return &fs.PathError{Op: op, Path: name, Err: ErrOutside}
}

// lexical confines a file system without links to dir by name alone.
type lexical struct {
	FS
	dir string
}

func (l lexical) Open(name string) (File, error) {
	if _, ok := relTo(l.dir, name); !ok {
		return nil, outsideErr("open", name)
	}
	return l.FS.Open(name)
}

func (l lexical) Stat(name string) (fs.FileInfo, error) {
	if _, ok := relTo(l.dir, name); !ok {
		return nil, outsideErr("stat", name)
	}
	return l.FS.Stat(name)
}

func (l lexical) Lstat(name string) (fs.FileInfo, error) {
	if _, ok := relTo(l.dir, name); !ok {
		return nil, outsideErr("lstat", name)
	}
	return l.FS.Lstat(name)
}

func (OS) beneath(dir string) (FS, func(), error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	subs := &subRoots{}
	return rooted{root: r, dir: path.Clean(dir), subs: subs}, func() { subs.close(); r.Close() }, nil
}

// rooted is the disk beneath one directory, through os.Root. Names are
// absolute, as everywhere in the engine; errors name them as OS's do.
type rooted struct {
	root *os.Root
	dir  string
	subs *subRoots // the directories of the names asked last
}

func (r rooted) Open(name string) (File, error) {
	rel, ok := relTo(r.dir, name)
	if !ok {
		return nil, outsideErr("open", name)
	}
	f, err := r.root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, rootErr(err, "open", name)
	}
	return f, nil
}

func (r rooted) Stat(name string) (fs.FileInfo, error) {
	rel, ok := relTo(r.dir, name)
	if !ok {
		return nil, outsideErr("stat", name)
	}
	if st, ok := r.subs.stat(r.root, rel, true); ok {
		return st, nil
	}
	st, err := r.root.Stat(rel)
	if err != nil {
		return nil, rootErr(err, "stat", name)
	}
	return st, nil
}

func (r rooted) Lstat(name string) (fs.FileInfo, error) {
	rel, ok := relTo(r.dir, name)
	if !ok {
		return nil, outsideErr("lstat", name)
	}
	if st, ok := r.subs.stat(r.root, rel, false); ok {
		return st, nil
	}
	st, err := r.root.Lstat(rel)
	if err != nil {
		return nil, rootErr(err, "lstat", name)
	}
	return st, nil
}

func (r rooted) probe(name string, st fs.FileInfo) Probe {
	rel, ok := relTo(r.dir, name)
	if !ok {
		return Probe{Err: outsideErr("open", name)}
	}
	return probeFile(name, st, func(use func(fd int)) error {
		f, err := r.root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
		if err != nil {
			return rootErr(err, "open", name)
		}
		defer f.Close()
		// The raw descriptor, without f.Fd(), which would make it blocking.
		c, err := f.SyscallConn()
		if err != nil {
			return &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return c.Control(func(fd uintptr) { use(int(fd)) })
	})
}

// rootErr is an os.Root error as OS would report it: the absolute name, the
// plain operation, and ErrOutside for a path that escapes.
func rootErr(err error, op, name string) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	e := pe.Err
	if escapes(e) {
		e = ErrOutside
	}
	return &fs.PathError{Op: op, Path: name, Err: e}
}

// escapes recognises os.Root's refusal of a path that leaves it: package os
// does not export the error, only its text (TestRootEscapeError holds it).
func escapes(err error) bool {
	return err != nil && err.Error() == "path escapes from parent"
}
