package reader

import (
	"errors"
	"fmt"
	"io/fs"
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
