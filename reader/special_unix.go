//go:build unix

package reader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	pathpkg "path"
	"time"

	"golang.org/x/sys/unix"
)

func (OS) probe(path string, st fs.FileInfo) Probe {
	return probeFile(path, st, func(use func(fd int)) error {
		fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
		if err != nil {
			return &fs.PathError{Op: "open", Path: path, Err: err}
		}
		defer unix.Close(fd)
		use(fd)
		return nil
	})
}

// probeFd reads an open, non-blocking descriptor within the probe's cap and
// budget.
func probeFd(fd int, path, what string) Probe {
	if _, err := unix.IoctlGetTermios(fd, ioctlGetTermios); err == nil {
		// Never read: the keystrokes belong to whoever types them.
		return Probe{What: "terminal", Waits: true}
	}
	if log := kernelLogOf(fd, path); log != "" {
		// Never read: it never ends, and a read of /proc/kmsg takes the
		// messages it returns from whoever else reads it. Opening it is
		// harmless, and fails as the agent's open would.
		return Probe{What: "kernel log", Log: log, Waits: true}
	}
	p := Probe{What: what}
	buf := make([]byte, 0, 64<<10)
	deadline := time.Now().Add(probeBudget)
	for {
		if len(buf) == cap(buf) {
			if cap(buf) >= probeCap {
				p.Endless = true
				return p
			}
			buf = append(buf[:cap(buf)], make([]byte, cap(buf))...)[:len(buf)]
		}
		n, err := unix.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case n > 0:
			buf = buf[:len(buf)+n]
		case err == nil: // the end
			p.Ends, p.Data = true, buf
			return p
		case errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EINTR):
			if time.Now().After(deadline) {
				// Something trickles in but never ends, or nothing comes at all.
				p.Endless, p.Waits = len(buf) > 0, len(buf) == 0
				return p
			}
			time.Sleep(5 * time.Millisecond)
		default:
			p.Err = &fs.PathError{Op: "read", Path: path, Err: err}
			return p
		}
	}
}

// kernelLogOf names the kernel log an open descriptor is, "" for any other
// file: it looks at what was opened, not at the name it was reached by.
func kernelLogOf(fd int, path string) string {
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil {
		return ""
	}
	var mode fs.FileMode
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFCHR:
		mode = fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		mode = fs.ModeDevice
	case unix.S_IFREG:
	default:
		mode = fs.ModeIrregular
	}
	procfs := onProcfs(fd)
	name := path
	if procfs {
		// The name procfs gives the open file, whatever link led to it.
		if real, err := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", fd)); err == nil {
			name = real
		}
	}
	return kernelLog(mode, uint64(st.Rdev), procfs, name)
}

// kernelLog names the kernel log a file is, "" for any other file:
// /dev/kmsg is the character device 1:11 under any name, /proc/kmsg the
// file procfs calls kmsg (it has no other) wherever procfs is mounted.
func kernelLog(mode fs.FileMode, rdev uint64, procfs bool, name string) string {
	switch {
	case mode&fs.ModeCharDevice != 0 && unix.Major(rdev) == 1 && unix.Minor(rdev) == 11:
		return "/dev/kmsg"
	case procfs && mode.IsRegular() && pathpkg.Base(name) == "kmsg":
		return "/proc/kmsg"
	}
	return ""
}
