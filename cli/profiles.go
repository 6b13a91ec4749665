package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/readlens/readlens/reader/agents/all"
	"github.com/spf13/cobra"
)

func newProfilesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "profiles",
		Short: "List the agents readlens reproduces, with their parameters and limits",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			writeProfiles(cmd.OutOrStdout())
			return nil
		},
	}
}

func writeProfiles(w io.Writer) {
	for i, name := range all.Names() {
		p, _ := all.Lookup(name)
		info := p.Info()
		if i > 0 {
			fmt.Fprintln(w)
		}
		def := ""
		if name == all.Default {
			def = " (default)"
		}
		fmt.Fprintf(w, "%s%s: %s %s, tool %q\n", info.Name, def, info.Agent, info.Release, info.Tool)
		fmt.Fprintf(w, "  source: %s\n  spec: %s\n  recordings: %s\n", info.Source, info.Spec, info.Recordings)
		fmt.Fprintln(w, "  parameters:")
		for _, prm := range info.Params {
			req := ""
			if prm.Required {
				req = ", required"
			}
			fmt.Fprintf(w, "    %s (%s%s): %s\n", prm.Name, prm.Type, req, prm.Doc)
		}
		fmt.Fprintln(w, "  limits:")
		for _, l := range info.Limits {
			fmt.Fprintf(w, "    %s\n", l)
		}
		if len(info.Notes) > 0 {
			fmt.Fprintln(w, "  known differences:")
			for _, n := range info.Notes {
				fmt.Fprintf(w, "    %s\n", strings.TrimSpace(n))
			}
		}
	}
}
