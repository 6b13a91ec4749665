package node

import (
	"io/fs"
	"syscall"
	"testing"
)

// TestErrorWords: libuv's words, with the path for a call that names one
// and without it for a read, which Node makes on a descriptor (as Node 20
// threw them: fs.promises.access, fs.readFile on /proc/self/clear_refs).
func TestErrorWords(t *testing.T) {
	for _, c := range []struct {
		err              error
		call, path, want string
	}{
		{&fs.PathError{Op: "stat", Path: "/x", Err: syscall.ENOENT}, "access", "/x", "ENOENT: no such file or directory, access '/x'"},
		{&fs.PathError{Op: "read", Path: "/proc/self/clear_refs", Err: syscall.EINVAL}, "open", "/proc/self/clear_refs", "EINVAL: invalid argument, read"},
		{syscall.EINVAL, "read", "/x", "EINVAL: invalid argument, read"},
		{&fs.PathError{Op: "open", Path: "/s", Err: syscall.ENXIO}, "open", "/s", "ENXIO: no such device or address, open '/s'"},
	} {
		if got := Error(c.err, c.call, c.path); got != c.want {
			t.Errorf("Error(%v, %q) = %q, want %q", c.err, c.call, got, c.want)
		}
	}
}
