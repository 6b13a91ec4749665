//go:build unix

package reader

import (
	"errors"
	"io"
	"math"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// zeros skips a hole of the file where it stands (lseek's SEEK_DATA), or
// says where the next one starts (SEEK_HOLE). A file system that keeps no
// holes reports data to the end.
func (c *countingFile) zeros() (n, data int64) {
	f, ok := c.File.(*os.File)
	if !ok {
		return 0, math.MaxInt64
	}
	at, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, math.MaxInt64 // a pipe, a device: nothing to seek
	}
	defer func() {
		if n == 0 {
			f.Seek(at, io.SeekStart)
		}
	}()
	next, err := f.Seek(at, unix.SEEK_DATA)
	if errors.Is(err, syscall.ENXIO) {
		// No data follows: the rest of the file is a hole, if there is a rest.
		next, err = f.Seek(0, io.SeekEnd)
	}
	if err != nil {
		return 0, math.MaxInt64
	}
	if next-at >= holeMin {
		if _, err := f.Seek(next, io.SeekStart); err != nil {
			return 0, math.MaxInt64
		}
		c.skip(next - at)
		c.holes += next - at
		return next - at, 0
	}
	end, err := f.Seek(next, unix.SEEK_HOLE)
	if err != nil {
		return 0, math.MaxInt64
	}
	return 0, end - at
}
