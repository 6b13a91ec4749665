//go:build !unix

package cli

import (
	"os"

	"github.com/charmbracelet/x/term"
)

// foreground reports a terminal: there are no background jobs here that a
// terminal stops for asking.
func foreground(f *os.File) bool { return term.IsTerminal(f.Fd()) }
