package tui

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
)

// Run shows the inspector until the user quits (more holds options of
// the program for tests: a size and a colour profile for a pipe).
func Run(ctx context.Context, o Options, in io.Reader, out io.Writer, more ...tea.ProgramOption) error {
	p := tea.NewProgram(New(o), append([]tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out)}, more...)...)
	final, err := p.Run()
	if m, ok := final.(*Model); ok {
		// The terminal keeps kitty's images after their placeholders are
		// gone: they are freed once the screen is the shell's again.
		if release := m.KittyRelease(); release != "" {
			_, _ = io.WriteString(out, release)
		}
	}
	return err
}
