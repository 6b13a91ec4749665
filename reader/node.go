package reader

import (
	"fmt"
	"io/fs"
	"syscall"
)

// nodeError words a system error the way Node does:
// "ENOENT: no such file or directory, access '/abs/path'".
func nodeError(err error, call, path string) string {
	e := Errno(err)
	name, text := uvError(e)
	if name == "" {
		return fmt.Sprint(err)
	}
	if path == "" {
		return fmt.Sprintf("%s: %s, %s", name, text, call)
	}
	return fmt.Sprintf("%s: %s, %s '%s'", name, text, call, path)
}

// uvError is libuv's name and description of an errno.
func uvError(e syscall.Errno) (string, string) {
	switch e {
	case syscall.ENOENT:
		return "ENOENT", "no such file or directory"
	case syscall.EACCES:
		return "EACCES", "permission denied"
	case syscall.EPERM:
		return "EPERM", "operation not permitted"
	case syscall.ENOTDIR:
		return "ENOTDIR", "not a directory"
	case syscall.EISDIR:
		return "EISDIR", "illegal operation on a directory"
	case syscall.ELOOP:
		return "ELOOP", "too many symbolic links encountered"
	case syscall.ENAMETOOLONG:
		return "ENAMETOOLONG", "name too long"
	case syscall.ENXIO:
		return "ENXIO", "no such device or address"
	case syscall.EIO:
		return "EIO", "i/o error"
	case syscall.EBUSY:
		return "EBUSY", "resource busy or locked"
	case syscall.EAGAIN:
		return "EAGAIN", "resource temporarily unavailable"
	}
	return "", ""
}

// wouldHang is the result for a file the agent would never finish reading:
// there is no tool output, only readlens's own note.
func wouldHang(agent string, f *Found) *outcome {
	if f.Probe != nil {
		return &outcome{note: hangNote(agent, f.Probe)}
	}
	what := "a special file"
	switch mode := f.Mode; {
	case mode&fs.ModeNamedPipe != 0:
		what = "a FIFO (with no writer it blocks forever)"
	case mode&fs.ModeSocket != 0:
		what = "a socket"
	case mode&fs.ModeCharDevice != 0:
		what = "a character device (it may block or never end)"
	case mode&fs.ModeDevice != 0:
		what = "a block device"
	}
	return &outcome{note: agent + " would not return here: the path is " + what}
}
