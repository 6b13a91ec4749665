package reader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	pathpkg "path"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Agents open FIFOs, devices and /proc files like any file, and some never
// come back: a FIFO with no writer blocks the open, /dev/zero never ends.
// readlens must answer within a second and read no more than it can hold,
// so it probes such a file without blocking and tells the profile what the
// agent would meet.

// Probe is what a non-blocking, capped look at a file found.
type Probe struct {
	What    string // "FIFO", "socket", "terminal", "character device", ...
	Ends    bool   // it ended within the cap: the agent reads Data like any file
	Endless bool   // it filled the cap and kept going: the agent would read without end
	Waits   bool   // it gave nothing and did not end: the agent would block
	Data    []byte // what it held, when it ended
	Err     error  // it could not be opened, as the agent's open fails (a socket: ENXIO)
	// Log names the kernel log it is ("/dev/kmsg", "/proc/kmsg"): never
	// read, since it never ends and a read of /proc/kmsg takes messages
	// from the system logger.
	Log string
}

const (
	probeCap    = 8 << 20         // more than this and the file is taken for endless
	probeBudget = 1 * time.Second // every special file gets its answer within this
)

// prober is implemented by file systems that hold special files.
type prober interface {
	probe(path string, st fs.FileInfo) Probe
}

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

// probeFile looks at a special file without blocking: open opens it
// non-blocking and hands its descriptor to use, or returns the open's error.
func probeFile(path string, st fs.FileInfo, open func(use func(fd int)) error) Probe {
	mode := st.Mode()
	switch {
	case ownDescriptor(path):
		// The agent's standard input, or one of its descriptors: what that is
		// depends on how the agent runs, not on anything readlens can open.
		return Probe{What: "descriptor", Waits: true}
	case mode&fs.ModeNamedPipe != 0:
		// Never read: it would take the data from whoever is meant to have it.
		return Probe{What: "FIFO", Waits: true}
	case mode&fs.ModeSocket != 0:
		return Probe{What: "socket", Err: &fs.PathError{Op: "open", Path: path, Err: syscall.ENXIO}}
	}
	what := "file that reports size 0"
	switch {
	case mode&fs.ModeCharDevice != 0:
		what = "character device"
	case mode&fs.ModeDevice != 0:
		what = "block device"
	}
	p := Probe{What: what}
	err := open(func(fd int) { p = probeFd(fd, path, what) })
	if err != nil {
		return Probe{What: what, Err: err}
	}
	return p
}

// probeFd reads an open, non-blocking descriptor within the probe's cap and
// budget.
func probeFd(fd int, path, what string) Probe {
	if _, err := unix.IoctlGetTermios(fd, unix.TCGETS); err == nil {
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
	var sfs unix.Statfs_t
	procfs := unix.Fstatfs(fd, &sfs) == nil && sfs.Type == unix.PROC_SUPER_MAGIC
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

// ownDescriptor names a path that is a descriptor of the reading process:
// /dev/stdin, /dev/fd/0, /proc/self/fd/1 and the like.
func ownDescriptor(path string) bool {
	switch path {
	case "/dev/stdin", "/dev/stdout", "/dev/stderr":
		return true
	}
	return strings.HasPrefix(path, "/dev/fd/") || strings.HasPrefix(path, "/proc/self/fd/") || strings.HasPrefix(path, "/proc/thread-self/fd/")
}

// hangNote is readlens's own sentence for a probe the agent would not come
// back from.
func hangNote(agent string, p *Probe) string {
	switch {
	case p.Log == "/proc/kmsg":
		return agent + " would read the kernel log here (/proc/kmsg), which has no end: it gives each message once, then waits for the next one, " +
			"and every message it took would be lost to any other reader of /proc/kmsg, such as a system logger. readlens does not read it"
	case p.Log != "":
		return agent + " would read the kernel log here (" + p.Log + "), which has no end: after the messages logged so far, each read waits for the next one. readlens does not read it"
	case p.What == "descriptor":
		return agent + " would read one of its own descriptors here (its standard input, say): what that holds depends on how the agent runs, and a pipe that never closes blocks it"
	case p.What == "FIFO":
		return agent + " would block here: a FIFO, which it opens and reads like a file, waiting for a writer and then for the writer to close"
	case p.What == "terminal":
		return agent + " would block here: a terminal, which it reads until end of input"
	case p.Endless:
		return agent + " would read without end here: this " + p.What + " never ends (readlens stopped at " + fmt.Sprintf("%d MiB", probeCap>>20) + ")"
	case p.Waits:
		return agent + " would block here: this " + p.What + " has nothing to read and does not end"
	}
	return agent + " would not return here: a " + p.What
}

// WouldHang is the result for a file the agent would never finish reading:
// there is no tool output, only readlens's own note.
func WouldHang(agent string, f *Found) *Outcome {
	if f.Probe != nil {
		return &Outcome{Note: hangNote(agent, f.Probe)}
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
	return &Outcome{Note: agent + " would not return here: the path is " + what}
}
