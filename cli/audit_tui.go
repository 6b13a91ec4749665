package cli

import (
	"os"

	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/tui"
	"github.com/spf13/cobra"
)

// auditInspector runs the audit in the inspector's audit view. The view
// lists every finding: the flags that decide what a CI run prints or fails
// on are for the other forms.
func auditInspector(cmd *cobra.Command, f auditFlags, opts audit.Options) error {
	for _, flag := range []string{"format", "fail-on", "baseline", "write-baseline"} {
		if cmd.Flags().Changed(flag) {
			return usageErr("--tui lists every finding in the inspector: --%s is for the printed forms", flag)
		}
	}
	in, inOK := cmd.InOrStdin().(*os.File)
	out, outOK := cmd.OutOrStdout().(*os.File)
	if !inOK || !outOK || !term.IsTerminal(in.Fd()) || !term.IsTerminal(out.Fd()) {
		return usageErr("--tui needs a terminal; without it, audit prints its findings")
	}
	defer tuneGC()()
	o := tui.Options{FS: auditFS, Dir: opts.Root, Cwd: opts.Root, Home: os.Getenv("HOME"), Audit: &opts}
	return tui.Run(cmd.Context(), o, in, out)
}
