package tui

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// card is one read: the call, its result once it arrives, and how it is
// shown. Its drawing is cached per width and state.
type card struct {
	id      int
	profile string
	tool    string
	args    json.RawMessage
	// path, offset and limit are the call's convenience form: switching the
	// agent re-asks the same thing in the other tool's arguments.
	path          string
	offset, limit *int

	res     *reader.Result
	measure *render.Measure // res measured for drawing, made with it
	err     error           // readlens could not run the call at all
	cancel  context.CancelFunc
	ctx     context.Context // the read's: closing the card stops what it started
	// progress is what the running read has read so far, since began.
	progress atomic.Int64
	began    time.Time

	view render.View
	hl   []string // the result's lines highlighted, for the pretty view
	// unseen is what the read left out of the file, shaded when expanded;
	// asked for once (unseenAsked), when the card is first expanded.
	unseen *reader.Unseen

	// A session's card: a call as recorded (rec), or rows with no call
	// line (fixed: the session's head, a call that is not a read).
	rec   *recorded
	fixed func(st *theme.Styles, width int) render.Extra

	cache struct {
		key  cacheKey
		rows *render.CardRows
		body *bodyCache // made when the card is drawn, dropped when it is shed
	}
	// size is how many rows the card had when last drawn (for cache.key):
	// a session's card off screen keeps this alone (shed), so that the
	// transcript's layout needs not draw it again.
	size struct {
		n  int32
		ok bool
	}
	// The flags together, after size: a long session's hundred thousand
	// cards are each a size class smaller for it.
	expanded    bool
	hlDark      bool // the theme hl was made in
	unseenAsked bool
	drawn       bool // among the transcript's cards drawn last (transcript.drew)
}

// bodyCache is a card's result measured for drawing, and for what.
type bodyCache struct {
	key  bodyKey
	body *render.Body
}

type cacheKey struct {
	body     bodyKey
	width    int
	selected bool
}

// bodyKey is what a result's rows depend on: not the selection, so moving
// it over a long card does not measure its rows again.
type bodyKey struct {
	st       *theme.Styles
	width    int
	view     render.View
	depth    render.Depth
	graphics render.Graphics
	expanded bool
	hl       bool
}

func (c *card) running() bool {
	return c.res == nil && c.err == nil && c.fixed == nil && c.rec == nil
}

// result is the card's result: a session's card that was shed makes its
// own again from the call, reading its text back from the session.
func (c *card) result() *reader.Result {
	if c.res == nil && c.rec != nil && c.fixed == nil {
		c.res = recordedResult(c.rec.call)
	}
	return c.res
}

// shed drops what a session's card can make again (its result's text,
// its drawing), keeping its height: the transcript of a long session
// holds the text of the cards it draws, not of every card.
func (c *card) shed() {
	if c.rec == nil || c.fixed != nil {
		return
	}
	c.res, c.measure, c.unseen = nil, nil, nil
	c.cache.rows, c.cache.body = nil, nil
}

// highlighted is the highlighting to draw with: none until it arrives, and
// none from the other theme.
func (c *card) highlighted(st *theme.Styles) []string {
	if c.view != render.PrettyView || c.hl == nil || c.hlDark != st.Dark {
		return nil
	}
	return c.hl
}

// rows is the card's drawing, from its cache when nothing changed: an
// index of its rows, which builds only those asked for. A running card
// says how far its read has come.
func (c *card) rows(st *theme.Styles, width int, selected bool, env callEnv) *render.CardRows {
	key := c.key(st, width, selected, env)
	if c.cache.rows != nil && c.cache.key == key {
		return c.cache.rows
	}
	rows := c.draw(st, key, env)
	c.size.n, c.size.ok = int32(rows.Len()), true
	return rows
}

// key is what the card's drawing depends on.
func (c *card) key(st *theme.Styles, width int, selected bool, env callEnv) cacheKey {
	hl := c.highlighted(st)
	bk := bodyKey{st: st, width: render.BodyWidth(st, width, selected), view: c.view, depth: env.depth, graphics: env.graphics, expanded: c.expanded, hl: hl != nil}
	return cacheKey{bk, width, selected}
}

// height is how many rows the card has, drawing it only when its size for
// key is not known; a session's card not on screen is shed once measured.
func (c *card) height(st *theme.Styles, width int, selected bool, env callEnv) int {
	key := c.key(st, width, selected, env)
	if c.size.ok && c.cache.key == key {
		return int(c.size.n)
	}
	n := c.rows(st, width, selected, env).Len()
	if !c.drawn {
		c.shed()
	}
	return n
}

func (c *card) draw(st *theme.Styles, key cacheKey, env callEnv) *render.CardRows {
	bk, width, selected := key.body, key.width, key.selected
	hl := c.highlighted(st)
	if c.fixed != nil {
		c.cache.key = key
		c.cache.rows = render.Rows(st, width, c.fixed(st, bk.width), selected)
		return c.cache.rows
	}
	call := render.ToolCall{Profile: c.profile, Tool: c.tool, Args: c.args, Cwd: env.cwd, Home: env.home}
	res := c.result()
	switch {
	case c.err != nil:
		call.State = render.Failed
		res = &reader.Result{Note: c.err.Error()}
	case res == nil:
		call.State = render.Running
		res = &reader.Result{Note: env.progress(c)}
	case res.IsError:
		call.State = render.Failed
	default:
		call.State = render.Done
	}
	if c.cache.body == nil || c.cache.body.key != bk {
		opts := render.Options{Expanded: c.expanded, View: c.view, Highlighted: hl, Measure: c.measure, Depth: env.depth, Unseen: c.unseen, Graphics: env.graphics}
		c.cache.body = &bodyCache{bk, render.NewBody(st, bk.width, res, opts)}
	}
	var extra render.Extra
	if c.rec != nil {
		extra = c.recordedRows(st, bk.width)
	}
	c.cache.key = key
	c.cache.rows = render.CardWith(st, width, call, c.cache.body.body, selected, extra)
	return c.cache.rows
}

// invalidate drops the cached drawing after the card changed.
func (c *card) invalidate() { c.cache.rows, c.cache.body, c.size.ok = nil, nil, false }

// callEnv is what a card's rows need besides the card: the directories
// call lines shorten paths against, and how a running read's progress reads.
type callEnv struct {
	cwd, home string
	progress  func(c *card) string
	depth     render.Depth    // pictures' colours
	graphics  render.Graphics // and how they are drawn
}
