package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/readlens/readlens/reader"
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

// chooseProfiles is --profiles of compare and audit: every profile when
// none is named, else the ones named, in their order, each once.
func chooseProfiles(names []string) (reader.Profiles, error) {
	if len(names) == 0 {
		return all.Profiles, nil
	}
	var ps reader.Profiles
	seen := map[string]bool{}
	for _, name := range names {
		p, err := all.Lookup(strings.TrimSpace(name))
		if err != nil {
			return nil, usageErr("--profiles: %v", err)
		}
		if n := p.Info().Name; !seen[n] {
			seen[n] = true
			ps = append(ps, p)
		}
	}
	return ps, nil
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
