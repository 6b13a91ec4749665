package tui

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// Reading and highlighting run in commands, never in Update: a frame never
// waits on a file or on chroma.

type readDoneMsg struct {
	id      int
	res     *reader.Result
	measure *render.Measure
	err     error
}

// readCmd reads, then measures the result for drawing: a pass over the
// whole output that would otherwise fall on the frame that expands it.
func readCmd(ctx context.Context, st *theme.Styles, id int, req reader.Request) tea.Cmd {
	return func() tea.Msg {
		res, err := reader.Read(ctx, req)
		if ctx.Err() != nil {
			return nil // the card was closed: nobody waits for it
		}
		var m *render.Measure
		if res != nil {
			m = render.Measured(st, res)
		}
		return readDoneMsg{id: id, res: res, measure: m, err: err}
	}
}

type highlightedMsg struct {
	id   int
	dark bool
	rows []string
}

// highlightMaxLines bounds what the pretty view colours: chroma manages
// about 15,000 lines a second, and a two-million-line card would hold a
// coloured copy of every line. The lines past it are drawn plain.
var highlightMaxLines = 20_000

func highlightCmd(st *theme.Styles, id int, res *reader.Result) tea.Cmd {
	return func() tea.Msg {
		rows := render.HighlightResult(st, res, highlightMaxLines)
		if rows == nil {
			rows = []string{} // no lexer: plain it stays, and nobody asks again
		}
		return highlightedMsg{id: id, dark: st.Dark, rows: rows}
	}
}

// statusMsg clears a transient status once it is old.
type statusClearMsg struct{ seq int }

type unseenMsg struct {
	id     int
	res    *reader.Result
	unseen *reader.Unseen
}

// unseenCmd reads what res left out of its file, for the expanded card.
func unseenCmd(ctx context.Context, id int, req reader.Request, res *reader.Result) tea.Cmd {
	return func() tea.Msg {
		u, err := reader.ReadUnseen(ctx, req, res)
		if err != nil || u == nil {
			return nil
		}
		return unseenMsg{id, res, u}
	}
}
