package cli

import (
	"io"
	"os"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// hasDarkBackground asks a terminal for its background colour: raw mode,
// ESC]11;? and a wait of up to 2 s for the answer, on in and then on out.
var hasDarkBackground = lipgloss.HasDarkBackground

// darkBackground says whether to draw for a dark background, as help and
// read --render do. It asks the terminal only when asking is harmless and
// the answer is used: in and out are a terminal readlens has in the
// foreground (a background job that asks is stopped by SIGTTOU), and out
// shows colours (under NO_COLOR or TERM=dumb there is nothing to choose).
// Otherwise it says dark, as lipgloss does when a terminal does not answer.
// Errors never ask (internal/fang).
func darkBackground(in io.Reader, out io.Writer) bool {
	inFile, ok := in.(*os.File)
	outFile, ok2 := out.(*os.File)
	if !ok || !ok2 || !foreground(inFile) || !foreground(outFile) {
		return true
	}
	if colorprofile.Detect(outFile, os.Environ()) <= colorprofile.Ascii {
		return true
	}
	return hasDarkBackground(inFile, outFile)
}
