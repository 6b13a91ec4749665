package reader

import (
	"fmt"
	"io/fs"
	"strings"
	"syscall"
	"time"
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
