package reader

import (
	"io"
	"io/fs"
	"os"
	"syscall"
)

// FS is what the engine reads from: the real disk, or a sample tree embedded
// in the binary (the demo). Names are absolute, slash-separated paths.
type FS interface {
	// Open opens name for reading without ever blocking: a FIFO with no writer
	// or a tty must not hang the caller.
	Open(name string) (File, error)
	Stat(name string) (fs.FileInfo, error)  // follows symbolic links
	Lstat(name string) (fs.FileInfo, error) // does not
}

// File is an open file or directory.
type File interface {
	io.ReadCloser
	Stat() (fs.FileInfo, error)
	// ReadDir returns entries in the order the directory yields them, which is
	// the order agents see (opencode's suggestions are unsorted).
	ReadDir(n int) ([]fs.DirEntry, error)
}

// OS is the real file system.
type OS struct{}

func (OS) Open(name string) (File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Readlink reads a symbolic link's target.
func (OS) Readlink(name string) (string, error) { return os.Readlink(name) }

func (OS) Stat(name string) (fs.FileInfo, error)  { return os.Stat(name) }
func (OS) Lstat(name string) (fs.FileInfo, error) { return os.Lstat(name) }

// Errno returns the system error number under err, as the agents' runtimes
// report it (Node's "ENOENT: ..."), or 0.
func Errno(err error) syscall.Errno {
	var e syscall.Errno
	for err != nil {
		if x, ok := err.(syscall.Errno); ok {
			return x
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			break
		}
		err = u.Unwrap()
	}
	switch {
	case err == nil:
	case os.IsNotExist(err):
		e = syscall.ENOENT
	case os.IsPermission(err):
		e = syscall.EACCES
	}
	return e
}

// Readlinker is an FS that can read symbolic links, for tools that resolve
// a path to its real location first (Gemini CLI's realpath, Claude Code's
// device guard) and for readlens's own outside-the-directory check.
type Readlinker interface {
	Readlink(name string) (string, error)
}
