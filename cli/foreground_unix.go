//go:build unix

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// foreground reports a terminal whose foreground process group is
// readlens's own: not a pipe or a file, not the terminal of a shell that
// readlens is a background job of, not another session's terminal.
func foreground(f *os.File) bool {
	pgrp, err := unix.IoctlGetInt(int(f.Fd()), unix.TIOCGPGRP)
	return err == nil && pgrp == unix.Getpgrp()
}
