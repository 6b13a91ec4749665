//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package reader

import "golang.org/x/sys/unix"

// ioctlGetTermios is the request that asks a descriptor for its terminal
// settings: it succeeds on a terminal only.
const ioctlGetTermios = unix.TIOCGETA

// onProcfs says whether an open descriptor is a file of procfs: these
// systems have none that readlens knows (Linux's kernel logs live there).
func onProcfs(int) bool { return false }
