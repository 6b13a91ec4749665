package reader

import (
	"errors"
	"io"
	"io/fs"
	"path"
	"strings"
	"syscall"
)

// Mount serves an io/fs tree, such as a sample embedded in the binary, at an
// absolute path, so the engine reads it exactly as it reads the disk.
// Everything outside that path does not exist.
func Mount(fsys fs.FS, at string) FS { return mounted{fsys: fsys, at: path.Clean(at)} }

type mounted struct {
	fsys fs.FS
	at   string
}

func (m mounted) rel(op, name string) (string, error) {
	clean := path.Clean(name)
	switch {
	case clean == m.at:
		return ".", nil
	case strings.HasPrefix(clean, m.at+"/"):
		return clean[len(m.at)+1:], nil
	}
	return "", &fs.PathError{Op: op, Path: name, Err: syscall.ENOENT}
}

// pathErr names the absolute path in errors, as the disk's errors do.
func pathErr(err error, op, name string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		e := pe.Err
		if errors.Is(e, fs.ErrNotExist) {
			e = syscall.ENOENT
		}
		return &fs.PathError{Op: op, Path: name, Err: e}
	}
	return err
}

func (m mounted) Open(name string) (File, error) {
	rel, err := m.rel("open", name)
	if err != nil {
		return nil, err
	}
	f, err := m.fsys.Open(rel)
	if err != nil {
		return nil, pathErr(err, "open", name)
	}
	return mountedFile{f}, nil
}

func (m mounted) Stat(name string) (fs.FileInfo, error) {
	rel, err := m.rel("stat", name)
	if err != nil {
		return nil, err
	}
	st, err := fs.Stat(m.fsys, rel)
	if err != nil {
		return nil, pathErr(err, "stat", name)
	}
	return st, nil
}

// Lstat is Stat: an io/fs tree has no symbolic links.
func (m mounted) Lstat(name string) (fs.FileInfo, error) { return m.Stat(name) }

type mountedFile struct{ fs.File }

func (f mountedFile) ReadDir(n int) ([]fs.DirEntry, error) {
	if d, ok := f.File.(fs.ReadDirFile); ok {
		return d.ReadDir(n)
	}
	return nil, &fs.PathError{Op: "readdir", Err: syscall.ENOTDIR}
}

func (f mountedFile) Seek(offset int64, whence int) (int64, error) {
	if s, ok := f.File.(io.Seeker); ok {
		return s.Seek(offset, whence)
	}
	return 0, errors.ErrUnsupported
}
