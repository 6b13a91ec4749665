package tui

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
)

// Run shows the inspector until the user quits.
func Run(ctx context.Context, o Options, in io.Reader, out io.Writer) error {
	p := tea.NewProgram(New(o), tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out))
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
