//go:build unix

package crush

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestCrushSocket: a socket cannot be opened (ENXIO). The tool says so in
// a Go error, worded by the function that opened it: os.ReadFile for an
// image by its extension, readTextFile for the rest. Each answer is what
// crush 37f36e9 gave for the same names (a socket is no committed fixture).
func TestCrushSocket(t *testing.T) {
	dir, err := os.MkdirTemp("", "crsock") // short: a socket's path has a small limit
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	for _, name := range []string{"sock.txt", "sock.png"} {
		fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
		if err != nil {
			t.Skip(err)
		}
		err = syscall.Bind(fd, &syscall.SockaddrUnix{Name: filepath.Join(dir, name)})
		syscall.Close(fd)
		if err != nil {
			t.Skip(err)
		}
	}
	for _, c := range []struct{ name, want string }{
		{"sock.txt", "error reading file: open " + dir + "/sock.txt: no such device or address"},
		{"sock.png", "error reading image file: open " + dir + "/sock.png: no such device or address"},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile,
			Args: []byte(`{"file_path":"` + filepath.Join(dir, c.name) + `"}`), Cwd: dir})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || !res.IsError {
			t.Errorf("%s: %q (error %v)", c.name, res.Output, res.IsError)
		}
	}
}
