package tui

import (
	"slices"
	"strings"

	"github.com/readlens/readlens/theme"
)

// transcript is the cards, one under the other, scrolled as one column of
// rows with the selected card kept in sight.
type transcript struct {
	cards  []*card
	sel    int
	top    int      // the first row shown
	closed []closed // the cards closed, the last last, for reopening
	// drawn are the cards drawn last, the latest last: a session's card
	// that falls out of them is shed (card.shed), so that a transcript of
	// a hundred thousand reads holds the text of a screenful or two.
	drawn []*card
}

// maxDrawn is how many cards keep their drawing after they scroll away.
const maxDrawn = 64

// closed is a card that was closed and where it stood.
type closed struct {
	c  *card
	at int
}

// maxClosed is how many closed cards can be reopened.
const maxClosed = 20

// span is where a card's rows sit in the column.
type span struct{ start, end int }

// layout says where each card sits in the column, and how many rows the
// column has, from the cards' heights: no row is built, and a card is
// drawn only when its height for this width is not known. A blank row
// separates cards.
func (t *transcript) layout(st *theme.Styles, width int, env callEnv) ([]span, int) {
	spans := make([]span, len(t.cards))
	n := 0
	for i, c := range t.cards {
		if i > 0 {
			n++
		}
		spans[i] = span{n, n + c.height(st, width, i == t.sel, env)}
		n = spans[i].end
	}
	return spans, n
}

// drew marks c as drawn now, shedding the card drawn longest ago when
// more than maxDrawn are.
func (t *transcript) drew(c *card) {
	if i := slices.Index(t.drawn, c); i >= 0 {
		t.drawn = slices.Delete(t.drawn, i, i+1)
	}
	c.drawn = true
	t.drawn = append(t.drawn, c)
	if len(t.drawn) > maxDrawn {
		old := t.drawn[0]
		t.drawn = slices.Delete(t.drawn, 0, 1)
		old.drawn = false
		old.shed()
	}
}

// view draws the rows in sight: height rows, each at most width cells.
// Only those rows are built.
func (t *transcript) view(st *theme.Styles, width, height int, env callEnv, empty string) string {
	if len(t.cards) == 0 {
		return st.Hint.Render(empty)
	}
	spans, n := t.layout(st, width, env)
	t.top = min(max(t.top, 0), max(n-height, 0))
	end := min(t.top+height, n)
	rows := make([]string, 0, end-t.top)
	for i, s := range spans {
		if blank := s.start - 1; i > 0 && blank >= t.top && blank < end {
			rows = append(rows, "") // the row between this card and the last
		}
		if s.end > t.top && s.start < end {
			c := t.cards[i]
			t.drew(c)
			rows = append(rows, c.rows(st, width, i == t.sel, env).Rows(t.top-s.start, end-s.start)...)
		}
	}
	return strings.Join(rows, "\n")
}

// reveal scrolls so that the selected card's first rows are in sight.
func (t *transcript) reveal(st *theme.Styles, width, height int, env callEnv) {
	if t.sel < 0 || t.sel >= len(t.cards) {
		return
	}
	spans, _ := t.layout(st, width, env)
	s := spans[t.sel]
	switch {
	case s.start < t.top:
		t.top = s.start
	case s.end > t.top+height:
		// Show as much of the card as fits, its top first.
		t.top = max(s.start, s.end-height)
		if s.end-s.start > height {
			t.top = s.start
		}
	}
}

// cardAt is the card drawn on row y of the view, or -1.
func (t *transcript) cardAt(st *theme.Styles, width int, env callEnv, y int) int {
	spans, _ := t.layout(st, width, env)
	row := t.top + y
	for i, s := range spans {
		if row >= s.start && row < s.end {
			return i
		}
	}
	return -1
}

func (t *transcript) selected() *card {
	if t.sel < 0 || t.sel >= len(t.cards) {
		return nil
	}
	return t.cards[t.sel]
}

func (t *transcript) byID(id int) *card {
	for _, c := range t.cards {
		if c.id == id {
			return c
		}
	}
	return nil
}

// add puts c at index at (the end when at is out of range) and selects it.
func (t *transcript) add(c *card, at int) {
	if at < 0 || at > len(t.cards) {
		at = len(t.cards)
	}
	t.cards = slices.Insert(t.cards, at, c)
	t.sel = at
}

func (t *transcript) remove(i int) {
	c := t.cards[i]
	if c.cancel != nil {
		c.cancel() // leaving a card stops its read
		c.cancel = nil
	}
	if t.closed = append(t.closed, closed{c, i}); len(t.closed) > maxClosed {
		t.closed = t.closed[1:]
	}
	t.cards = append(t.cards[:i], t.cards[i+1:]...)
	t.sel = min(t.sel, len(t.cards)-1)
}

// reopen puts the last closed card back where it stood; nil when none is
// left.
func (t *transcript) reopen() *card {
	if len(t.closed) == 0 {
		return nil
	}
	last := t.closed[len(t.closed)-1]
	t.closed = t.closed[:len(t.closed)-1]
	t.add(last.c, last.at)
	return last.c
}
