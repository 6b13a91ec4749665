package node

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
)

// Error words a system error the way Node does:
// "ENOENT: no such file or directory, access '/abs/path'". A failed read
// names no path ("EINVAL: invalid argument, read"): Node reads from a
// descriptor. An error Go recorded as a failed read (an *fs.PathError whose
// Op is "read") is worded as one, whatever call the caller named.
func Error(err error, call, path string) string {
	var e syscall.Errno
	switch {
	case errors.As(err, &e):
	case errors.Is(err, fs.ErrNotExist): // a file system without errnos (the demo's)
		e = syscall.ENOENT
	case errors.Is(err, fs.ErrPermission):
		e = syscall.EACCES
	}
	name, text := uvError(e)
	if name == "" {
		return fmt.Sprint(err)
	}
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) && pe.Op == "read" {
		call = "read"
	}
	if path == "" || call == "read" {
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
	case syscall.EINVAL:
		return "EINVAL", "invalid argument"
	}
	return "", ""
}

// BunPathMax is the longest path Bun hands the system, in bytes.
const BunPathMax = 4096

// BunPathError is Bun's refusal of a path before any call reaches the
// file system, "" for a path it takes: a NUL byte in it, or more than
// BunPathMax bytes.
func BunPathError(p string) string {
	switch {
	case strings.ContainsRune(p, 0):
		return "The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received " + Quote(p)
	case len(p) > BunPathMax:
		return "ENAMETOOLONG: name too long, open"
	}
	return ""
}
