package reader

import "golang.org/x/sys/unix"

// ioctlGetTermios is the request that asks a descriptor for its terminal
// settings: it succeeds on a terminal only.
const ioctlGetTermios = unix.TCGETS

// onProcfs says whether an open descriptor is a file of procfs.
func onProcfs(fd int) bool {
	var sfs unix.Statfs_t
	return unix.Fstatfs(fd, &sfs) == nil && sfs.Type == unix.PROC_SUPER_MAGIC
}
