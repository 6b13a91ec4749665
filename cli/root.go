// Package cli is readlens's command line: the inspector, read, compare,
// audit, profiles, session and demo, with their flags, exit codes and help.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/readlens/readlens/internal/fang"
	// Maps the code and the heap's first chunk in before the other
	// initializers fault them in page by page.
	_ "github.com/readlens/readlens/internal/prefault"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/render"
	"github.com/spf13/cobra"
)

// Exit codes.
const (
	exitOK        = 0
	exitToolError = 1 // the tool returned an error; its text is on stdout
	exitUsage     = 2 // readlens could not run the call
	exitNoAnswer  = 3 // the agent would never return (a FIFO, a device)
)

// version is set at build time with -ldflags "-X github.com/readlens/readlens/cli.version=v1.2.3";
// otherwise it comes from the build info (see buildVersion).
var version string

// buildVersion is what --version says without -ldflags: the module's
// version for `go install ...@v1.2.3`, the pseudo-version Go stamps on a
// build from a checkout, or "devel", with the commit when Go recorded one.
func buildVersion(info *debug.BuildInfo, ok bool) (v, commit string) {
	if !ok {
		return "devel", ""
	}
	v = info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			commit = s.Value
		}
	}
	return v, commit
}

// exitError carries an exit code; a silent one prints nothing.
type exitError struct {
	code   int
	err    error
	silent bool
}

func (e *exitError) Error() string { return e.err.Error() }

// Run is the whole command line, with its streams, so tests can drive it;
// it returns the exit code.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	opts := []fang.Option{fang.WithErrorHandler(func(w io.Writer, _ fang.Styles, err error) {
		var e *exitError
		if errors.As(err, &e) && e.silent {
			return
		}
		// Plain, one line, unpadded: errors are read in pipes and logs too.
		// They can hold a file's name: nothing in it reaches the terminal raw.
		fmt.Fprintf(w, "readlens: %s\n", render.Plain(err.Error()))
		if !errors.As(err, &e) {
			fmt.Fprintln(w, "Try 'readlens --help'.")
		}
	})}
	v, commit := version, ""
	if v == "" {
		v, commit = buildVersion(debug.ReadBuildInfo())
	}
	opts = append(opts, fang.WithVersion(v), fang.WithCommit(commit),
		fang.WithDarkBackground(func() bool { return darkBackground(stdin, stdout) }))
	err := fang.Execute(ctx, root, opts...)
	var e *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &e):
		return e.code
	}
	return exitUsage // flag and argument errors
}

func newRoot() *cobra.Command {
	var f inspectFlags
	root := &cobra.Command{
		Use:   "readlens [PATH]",
		Short: "See exactly what a coding agent's read tool hands to the model",
		Long: `readlens runs the read tool of a coding agent (opencode, pi, ...) on a file,
byte for byte the way the agent does, and shows you the result: the line
numbers, the caps, the truncation notices, the errors.

With no command it opens the inspector: pick a file, see the call and its
result drawn as the agent's TUI draws them, press ctrl+e to expand a card, n
to continue where the tool stopped, p to ask another agent the same thing.`,
		Example: `  # the inspector, on a sample tree built into readlens
  readlens demo

  # the inspector on this directory, or on one file
  readlens
  readlens src/app.ts

  # what opencode's read tool returns for a file
  readlens read main.go

  # the same call through pi's tool, starting at line 100
  readlens read main.go --profile pi --offset 100

  # raw tool arguments, exactly as the model sends them
  readlens read --profile pi --args '{"path":"main.go","limit":20}'

  # everything readlens knows about the call, as JSON
  readlens read main.go --json

  # every agent on one file: who sees it whole, the calls to read it all
  readlens compare big.log

  # which files of this repository each agent cuts, refuses or garbles
  readlens audit --fail-on cut,refused

  # every read of a Claude Code session, each run again with readlens
  readlens session ~/.claude/projects/-home-me-app/<id>.jsonl --check`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, pos []string) error {
			return runInspector(cmd, pos, f)
		},
	}
	root.Flags().StringVarP(&f.profile, "profile", "p", all.Default, "the agent whose read tool runs first")
	root.Flags().BoolVar(&f.demo, "demo", false, "open the sample tree built into readlens (as readlens demo)")
	addThemeFlag(root, &f.theme)
	root.AddCommand(newReadCmd(), newCompareCmd(), newAuditCmd(), newSessionCmd(), newProfilesCmd(), newDemoCmd())
	return root
}

func usageErr(format string, a ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, a...)}
}
