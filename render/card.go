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
	cr := NewCard(st, width, c, r, o, selected)
	return strings.Join(cr.Rows(0, cr.Len()), "\n")
}

// CardRows is a card's rows at one width, built on demand: a screen of a
// card costs a screen of rows, however long its result (see Body).
type CardRows struct {
	edge string
	head []string
	body *Body // nil while the call runs
}

// NewCard indexes a card for drawing at width.
func NewCard(st *theme.Styles, width int, c ToolCall, r *reader.Result, o Options, selected bool) *CardRows {
	var body *Body
	if r != nil {
		body = NewBody(st, BodyWidth(st, width, selected), r, o)
	}
	return CardWith(st, width, c, body, selected)
}

// BodyWidth is the width a card's result is drawn at, inside its edge.
func BodyWidth(st *theme.Styles, width int, selected bool) int {
	_, inner := edgeFor(st, width, selected)
	return inner
}

// CardWith frames a body indexed at BodyWidth (nil while the call runs):
// a card whose selection changes keeps its body's index.
func CardWith(st *theme.Styles, width int, c ToolCall, body *Body, selected bool) *CardRows {
	edge, inner := edgeFor(st, width, selected)
	cr := &CardRows{edge: edge, head: []string{edge + callRow(st, inner, c)}, body: body}
	if body != nil {
		cr.head = append(cr.head, edge)
	}
	return cr
}

// Body is the card's result rows (nil while the call runs); they start
// at row Head.
func (c *CardRows) Body() *Body { return c.body }

// Head is how many rows come before the body: the call line and a blank.
func (c *CardRows) Head() int { return len(c.head) }

// Len is how many rows the card has.
func (c *CardRows) Len() int {
	if c.body == nil {
		return len(c.head)
	}
	return len(c.head) + c.body.Len()
}

// Rows builds the card's rows from (inclusive) to to (exclusive).
func (c *CardRows) Rows(from, to int) []string {
	from, to = max(from, 0), min(to, c.Len())
	var out []string
	if from < len(c.head) {
		out = append(out, c.head[from:min(to, len(c.head))]...)
	}
	if c.body != nil && to > len(c.head) {
		for _, row := range c.body.Rows(from-len(c.head), to-len(c.head)) {
			out = append(out, c.edge+row)
		}
	}
	return out
}

// Pictures are the card's pictures, placed among its rows and columns.
func (c *CardRows) Pictures() []Placed {
	if c.body == nil {
		return nil
	}
	out := c.body.Pictures()
	for i := range out {
		out[i].Row += len(c.head)
		out[i].Col += ansi.StringWidth(c.edge)
	}
	return out
}

// callRow is the call line with the card's agent named at its right end:
// opencode, dmcc and opencode-legacy draw the same call line, and a card
// must say whose it is. Too narrow a card keeps the call line alone.
func callRow(st *theme.Styles, width int, c ToolCall) string {
	if c.Profile == "" {
		return Call(st, width, c)
	}
	badge := st.Badge.Render(" " + Plain(c.Profile) + " ")
	bw := ansi.StringWidth(badge)
	if width < bw+minCallWidth {
		return Call(st, width, c)
	}
	line := Call(st, width-bw-1, c)
	return line + strings.Repeat(" ", width-bw-ansi.StringWidth(line)) + badge
}

// minCallWidth is the room a call line keeps beside the badge.
const minCallWidth = 16

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
