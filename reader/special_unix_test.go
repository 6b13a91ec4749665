//go:build unix

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
