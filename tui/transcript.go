package tui

import (
	"strings"

	"github.com/readlens/readlens/theme"
)

// transcript is the cards, one under the other, scrolled as one column of
// rows with the selected card kept in sight.
type transcript struct {
	cards []*card
	sel   int
	top   int // the first row shown
}

// span is where a card's rows sit in the column.
type span struct{ start, end int }

// layout draws every card (from their caches) and says where each sits. A
// blank row separates cards.
func (t *transcript) layout(st *theme.Styles, width int, env callEnv) ([]string, []span) {
	var rows []string
	spans := make([]span, len(t.cards))
	for i, c := range t.cards {
		if i > 0 {
			rows = append(rows, "")
		}
		start := len(rows)
		rows = append(rows, c.rows(st, width, i == t.sel, env)...)
		spans[i] = span{start, len(rows)}
	}
	return rows, spans
}

// view draws the rows in sight: height rows, each at most width cells.
func (t *transcript) view(st *theme.Styles, width, height int, env callEnv, empty string) string {
	if len(t.cards) == 0 {
		return st.Hint.Render(empty)
	}
	rows, _ := t.layout(st, width, env)
	t.top = min(max(t.top, 0), max(len(rows)-height, 0))
	end := min(t.top+height, len(rows))
	return strings.Join(rows[t.top:end], "\n")
}

// reveal scrolls so that the selected card's first rows are in sight.
func (t *transcript) reveal(st *theme.Styles, width, height int, env callEnv) {
	if t.sel < 0 || t.sel >= len(t.cards) {
		return
	}
	_, spans := t.layout(st, width, env)
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
	_, spans := t.layout(st, width, env)
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

func (t *transcript) add(c *card) {
	t.cards = append(t.cards, c)
	t.sel = len(t.cards) - 1
}

func (t *transcript) remove(i int) {
	if c := t.cards[i]; c.cancel != nil {
		c.cancel() // leaving a card stops its read
	}
	t.cards = append(t.cards[:i], t.cards[i+1:]...)
	t.sel = min(t.sel, len(t.cards)-1)
}
