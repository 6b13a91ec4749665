package reader

import (
	"io/fs"
	"testing"

	"golang.org/x/sys/unix"
)

// TestKernelLog: the kernel's logs are known by what they are, not by the
// name they were reached by: /dev/kmsg is the character device 1:11,
// /proc/kmsg procfs's file named kmsg.
func TestKernelLog(t *testing.T) {
	kmsg := unix.Mkdev(1, 11)
	for _, c := range []struct {
		mode   fs.FileMode
		rdev   uint64
		procfs bool
		name   string
		want   string
	}{
		{fs.ModeDevice | fs.ModeCharDevice, kmsg, false, "/dev/kmsg", "/dev/kmsg"},
		{fs.ModeDevice | fs.ModeCharDevice, kmsg, false, "/tmp/renamed", "/dev/kmsg"},
		{fs.ModeDevice | fs.ModeCharDevice, unix.Mkdev(1, 5), false, "/dev/kmsg", ""}, // /dev/zero by another name
		{fs.ModeDevice, kmsg, false, "/dev/kmsg", ""},                                 // a block device 1:11
		{0, 0, true, "/proc/kmsg", "/proc/kmsg"},
		{0, 0, true, "/host/proc/kmsg", "/proc/kmsg"},
		{0, 0, false, "/proc/kmsg", ""}, // not procfs: a file of that name
		{0, 0, true, "/proc/kcore", ""},
		{0, 0, false, "/tmp/kmsg", ""},
	} {
		if got := kernelLog(c.mode, c.rdev, c.procfs, c.name); got != c.want {
			t.Errorf("kernelLog(%v, %d:%d, procfs %v, %q) = %q, want %q", c.mode, unix.Major(c.rdev), unix.Minor(c.rdev), c.procfs, c.name, got, c.want)
		}
	}
}

// TestKernelLogNote: the note for a kernel log says what the agent would
// meet, and that readlens did not read it.
func TestKernelLogNote(t *testing.T) {
	for log, want := range map[string]string{
		"/dev/kmsg": "pi would read the kernel log here (/dev/kmsg), which has no end: after the messages logged so far, each read waits for the next one. readlens does not read it",
		"/proc/kmsg": "pi would read the kernel log here (/proc/kmsg), which has no end: it gives each message once, then waits for the next one, " +
			"and every message it took would be lost to any other reader of /proc/kmsg, such as a system logger. readlens does not read it",
	} {
		f := &Found{Kind: KindSpecial, Probe: &Probe{What: "kernel log", Log: log, Waits: true}}
		if got := WouldHang("pi", f).Note; got != want {
			t.Errorf("%s:\n got %q\nwant %q", log, got, want)
		}
	}
}
