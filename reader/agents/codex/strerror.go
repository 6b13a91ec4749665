package codex

import (
	"fmt"
	"strings"
	"syscall"

	"github.com/readlens/readlens/reader"
)

// rustIOError is Rust's Display for an io::Error from the OS, "<message>
// (os error N)", the message strerror's. Codex's linux-x64 binary is
// linked with musl, whose messages are not glibc's (or Go's): ELOOP is
// "Symbolic link loop", not "Too many levels of symbolic links".
func rustIOError(err error) string {
	e := reader.Errno(err)
	if e == 0 {
		return err.Error()
	}
	msg, ok := muslStrerror[e]
	if !ok { // not an error a read meets: Go's words, capitalized
		msg = e.Error()
		if msg != "" {
			msg = strings.ToUpper(msg[:1]) + msg[1:]
		}
	}
	return fmt.Sprintf("%s (os error %d)", msg, int(e))
}

// muslStrerror is musl 1.2's strerror (src/errno/__strerror.h, as the
// codex 0.105.0 binary holds it) for the errors opening and reading a
// file can meet.
var muslStrerror = map[syscall.Errno]string{
	syscall.EPERM:        "Operation not permitted",
	syscall.ENOENT:       "No such file or directory",
	syscall.EINTR:        "Interrupted system call",
	syscall.EIO:          "I/O error",
	syscall.ENXIO:        "No such device or address",
	syscall.EBADF:        "Bad file descriptor",
	syscall.EAGAIN:       "Resource temporarily unavailable",
	syscall.ENOMEM:       "Out of memory",
	syscall.EACCES:       "Permission denied",
	syscall.EFAULT:       "Bad address",
	syscall.EBUSY:        "Resource busy",
	syscall.ENODEV:       "No such device",
	syscall.ENOTDIR:      "Not a directory",
	syscall.EISDIR:       "Is a directory",
	syscall.EINVAL:       "Invalid argument",
	syscall.ENFILE:       "Too many open files in system",
	syscall.EMFILE:       "No file descriptors available",
	syscall.ETXTBSY:      "Text file busy",
	syscall.EFBIG:        "File too large",
	syscall.ENOSPC:       "No space left on device",
	syscall.EROFS:        "Read-only file system",
	syscall.ENAMETOOLONG: "Filename too long",
	syscall.ELOOP:        "Symbolic link loop",
	syscall.EOVERFLOW:    "Value too large for data type",
	syscall.ESTALE:       "Stale file handle",
	syscall.EOPNOTSUPP:   "Not supported",
	syscall.ETIMEDOUT:    "Operation timed out",
	syscall.EDEADLK:      "Resource deadlock would occur",
	syscall.ENOLCK:       "No locks available",
	syscall.ENOSYS:       "Function not implemented",
}
