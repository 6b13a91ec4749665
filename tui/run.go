package tui

import (
	"context"
	"io"

	tea "charm.land/bubbletea/v2"
)

// Run shows the inspector until the user quits.
func Run(ctx context.Context, o Options, in io.Reader, out io.Writer) error {
	p := tea.NewProgram(New(o), tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out))
	_, err := p.Run()
	return err
}
