package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// Card draws one read as a card: the call line, a blank row, then the
// result, every row behind the card's left edge (an accent bar when the card
// is selected). No row is wider than width. A nil result is a call still
// running.
func Card(st *theme.Styles, width int, c ToolCall, r *reader.Result, o Options, selected bool) string {
	edge, inner := edgeFor(st, width, selected)
	rows := []string{Call(st, inner, c)}
	if r != nil {
		rows = append(rows, "")
		rows = append(rows, strings.Split(Result(st, inner, r, o), "\n")...)
	}
	for i, row := range rows {
		rows[i] = edge + row
	}
	return strings.Join(rows, "\n")
}

// edgeFor is a card's left edge and the width left inside it; a terminal too
// narrow for an edge gets none.
func edgeFor(st *theme.Styles, width int, selected bool) (string, int) {
	if width < 4 {
		return "", max(width, 1)
	}
	bar := st.Unselected.String()
	if selected {
		bar = st.Selected.String()
	}
	return bar + " ", width - ansi.StringWidth(bar) - 1
}
