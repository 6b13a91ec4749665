package render

import (
	"strings"
	"sync"

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
// card costs a screen of rows, however long its result (see Body), and a
// card off the screen costs only its count of rows.
type CardRows struct {
	edge  string
	headN int
	build func() []string // the head's rows, edges included; nil once built
	head  []string
	body  *Body // nil while the call runs
}

// NewCard indexes a card for drawing at width.
func NewCard(st *theme.Styles, width int, c ToolCall, r *reader.Result, o Options, selected bool) *CardRows {
	var body *Body
	if r != nil {
		body = NewBody(st, BodyWidth(st, width, selected), r, o)
	}
	return CardWith(st, width, c, body, selected, Extra{})
}

// BodyWidth is the width a card's result is drawn at, inside its edge.
func BodyWidth(st *theme.Styles, width int, selected bool) int {
	_, inner := edgeFor(st, width, selected)
	return inner
}

// Extra are rows under a card's call line, drawn at BodyWidth (what a
// session says of a recorded read): N of them, built by Build when the
// card's head is first drawn.
type Extra struct {
	N     int
	Build func() []string
}

// CardWith frames a body indexed at BodyWidth (nil while the call runs):
// a card whose selection changes keeps its body's index. Its head (the
// call line, extra, a blank row) is drawn when first shown.
func CardWith(st *theme.Styles, width int, c ToolCall, body *Body, selected bool, extra Extra) *CardRows {
	edge, inner := edgeFor(st, width, selected)
	cr := &CardRows{edge: edge, headN: 1 + extra.N, body: body}
	if body != nil {
		cr.headN++
	}
	cr.build = func() []string {
		head := make([]string, 0, cr.headN)
		head = append(head, edge+callRow(st, inner, c))
		if extra.N > 0 {
			rows := extra.Build()
			for i := range extra.N { // exactly N, as counted
				row := ""
				if i < len(rows) {
					row = rows[i]
				}
				head = append(head, edge+row)
			}
		}
		if body != nil {
			head = append(head, edge)
		}
		return head
	}
	return cr
}

// Rows frames rows drawn at BodyWidth as a card with no call: a
// session's head, a tool call that is not a read.
func Rows(st *theme.Styles, width int, rows Extra, selected bool) *CardRows {
	edge, _ := edgeFor(st, width, selected)
	cr := &CardRows{edge: edge, headN: rows.N}
	cr.build = func() []string {
		head := make([]string, rows.N)
		built := rows.Build()
		for i := range head {
			head[i] = edge
			if i < len(built) {
				head[i] += built[i]
			}
		}
		return head
	}
	return cr
}

// Body is the card's result rows (nil while the call runs); they start
// at row Head.
func (c *CardRows) Body() *Body { return c.body }

// Head is how many rows come before the body: the call line and a blank.
func (c *CardRows) Head() int { return c.headN }

// Len is how many rows the card has.
func (c *CardRows) Len() int {
	if c.body == nil {
		return c.headN
	}
	return c.headN + c.body.Len()
}

// Rows builds the card's rows from (inclusive) to to (exclusive).
func (c *CardRows) Rows(from, to int) []string {
	from, to = max(from, 0), min(to, c.Len())
	var out []string
	if from < c.headN {
		if c.build != nil {
			c.head, c.build = c.build(), nil
		}
		out = append(out, c.head[from:min(to, c.headN)]...)
	}
	if c.body != nil && to > c.headN {
		for _, row := range c.body.Rows(from-c.headN, to-c.headN) {
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
	e := edgesOf(st)
	if selected {
		return e.selected, width - e.selectedW
	}
	return e.unselected, width - e.unselectedW
}

// edges are a theme's two card edges, drawn once: a transcript of a
// hundred thousand cards asks for them on every frame.
type edges struct {
	selected, unselected   string
	selectedW, unselectedW int
}

var edgeCache sync.Map // *theme.Styles -> *edges

func edgesOf(st *theme.Styles) *edges {
	if e, ok := edgeCache.Load(st); ok {
		return e.(*edges)
	}
	sel, unsel := st.Selected.String()+" ", st.Unselected.String()+" "
	e := &edges{sel, unsel, ansi.StringWidth(sel), ansi.StringWidth(unsel)}
	edgeCache.Store(st, e)
	return e
}
