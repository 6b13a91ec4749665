package cli

import (
	"os"
	"path/filepath"

	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/session"
	"github.com/readlens/readlens/tui"
	"github.com/spf13/cobra"
)

// inspectFlags are the options of the inspector (readlens [PATH]).
type inspectFlags struct {
	profile string
	demo    bool
	theme   string
}

// runInspector opens the TUI on PATH: a directory to pick from, or a file
// to read at once.
func runInspector(cmd *cobra.Command, pos []string, f inspectFlags) error {
	if _, err := all.Lookup(f.profile); err != nil {
		return usageErr("%v", err)
	}
	if f.theme != "" && f.theme != "dark" && f.theme != "light" {
		return usageErr("--theme must be dark or light, not %q", f.theme)
	}
	if !terminals(cmd) {
		return usageErr("the inspector needs a terminal; to print a read, use readlens read PATH")
	}
	o, err := inspectorOptions(pos, f)
	if err != nil {
		return err
	}
	return tui.Run(cmd.Context(), o, cmd.InOrStdin(), cmd.OutOrStdout())
}

// terminals reports whether the command reads from and writes to a
// terminal: the inspector needs both.
func terminals(cmd *cobra.Command) bool {
	in, inOK := cmd.InOrStdin().(*os.File)
	out, outOK := cmd.OutOrStdout().(*os.File)
	return inOK && outOK && term.IsTerminal(in.Fd()) && term.IsTerminal(out.Fd())
}

// inspectSession opens the inspector on a session: a card per read, as
// recorded; r runs one again at the session's working directory (or at
// --cwd, where the project is now).
func inspectSession(cmd *cobra.Command, path string, f sessionFlags) error {
	wd, err := os.Getwd()
	if err != nil {
		return usageErr("%v", err)
	}
	dir, err := movedTo(f.cwd)
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return usageErr("%v", err)
	}
	here := wd
	if dir != "" {
		here = dir
	}
	o := tui.Options{Dir: wd, Cwd: wd, Home: os.Getenv("HOME"), Session: &tui.SessionFile{Path: abs, Agent: f.agent, Dir: dir, Here: here}}
	withGraphics(&o)
	return tui.Run(cmd.Context(), o, cmd.InOrStdin(), cmd.OutOrStdout())
}

// inspectorOptions is what the inspector opens on: the demo, a directory
// to pick from, or a file read at once (one the agent cannot read too: its
// answer is the card).
func inspectorOptions(pos []string, f inspectFlags) (tui.Options, error) {
	var o tui.Options
	switch {
	case f.demo:
		o = tui.Demo()
	default:
		wd, err := os.Getwd()
		if err != nil {
			return o, usageErr("%v", err)
		}
		o = tui.Options{Dir: wd, Cwd: wd, Home: os.Getenv("HOME")}
		if len(pos) == 1 {
			p, err := filepath.Abs(pos[0])
			if err != nil {
				return o, usageErr("%v", err)
			}
			st, err := os.Stat(p)
			switch {
			case err != nil:
				// The agent answers for a path it cannot read (missing,
				// denied): open on that answer, as for any file.
				o.Dir = filepath.Dir(p)
				if d, derr := os.Stat(o.Dir); derr != nil || !d.IsDir() {
					o.Dir = wd
				}
				o.Reads = []tui.Read{{Path: p}}
			case st.IsDir():
				o.Dir, o.Cwd = p, p
			default:
				o.Dir = filepath.Dir(p)
				o.Reads = []tui.Read{{Path: p}}
			}
		}
	}
	o.Profile, o.Theme = f.profile, f.theme
	withGraphics(&o)
	return o, nil
}

// withGraphics has the inspector draw pictures as the terminal's
// environment suggests (render.GraphicsFor; it runs on a terminal) and
// ask the terminal, whose answer settles it.
func withGraphics(o *tui.Options) {
	env := os.Environ()
	o.Graphics, o.AskGraphics = render.GraphicsFor(env, true), render.GraphicsAskable(env, true)
}

func newDemoCmd() *cobra.Command {
	var f inspectFlags
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Open the inspector on a sample tree built into readlens",
		Long: `Open the inspector on a small project embedded in the binary, with a card
already read for each thing a read tool cuts or refuses: a Go file past the
line cap, a minified file past the byte cap, CRLF line endings, invisible
characters, a binary file and an image.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.demo = true
			return runInspector(cmd, nil, f)
		},
	}
	cmd.Flags().StringVarP(&f.profile, "profile", "p", all.Default, "the agent whose read tool runs first")
	addThemeFlag(cmd, &f.theme)
	return cmd
}

// addThemeFlag is the inspector's --theme.
func addThemeFlag(cmd *cobra.Command, theme *string) {
	cmd.Flags().StringVar(theme, "theme", "", "dark or light (default: the terminal's background)")
	_ = cmd.RegisterFlagCompletionFunc("theme", cobra.FixedCompletions([]string{"dark", "light"}, cobra.ShellCompDirectiveNoFileComp))
}

// inspectSessions opens the inspector on a list of sessions: enter opens
// one as its transcript.
func inspectSessions(cmd *cobra.Command, l *session.Listing, dir string) error {
	list := tui.Sessions{Dir: dir}
	for _, s := range l.Sessions {
		list.Entries = append(list.Entries, tui.SessionEntry{
			Row: render.ListedSession{Agent: s.AgentName, When: s.Time.In(sessionZone).Format("2006-01-02 15:04"),
				Reads: s.Reads, Partial: s.Partial, Prompt: s.Prompt},
			File: tui.SessionFile{Path: s.File, Agent: s.Agent, Here: dir},
		})
	}
	o := tui.Options{Dir: dir, Cwd: dir, Home: os.Getenv("HOME"), Sessions: &list}
	withGraphics(&o)
	return tui.Run(cmd.Context(), o, cmd.InOrStdin(), cmd.OutOrStdout())
}
