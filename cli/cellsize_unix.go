//go:build unix

package cli

import (
	"os"

	"golang.org/x/sys/unix"
)

// cellPixels is a terminal cell's size in pixels, from the window size the
// terminal reports (TIOCGWINSZ); 10×20 when it reports none.
func cellPixels(f *os.File) (int, int) {
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 || ws.Row == 0 || ws.Xpixel == 0 || ws.Ypixel == 0 {
		return 10, 20
	}
	return int(ws.Xpixel / ws.Col), int(ws.Ypixel / ws.Row)
}
