package tui

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// finder is the field that searches the selected card ("/") or goes to a
// line of the file (":").
type finder struct {
	kind  rune // '/' or ':'
	field input
}

// match is the last text found, to go on from with ] and [.
type match struct {
	id   int    // the card's
	src  int    // the source row it is in
	text string // what was searched
}

func (f *finder) view(st *theme.Styles, width int) string {
	hint := "   enter finds · esc cancels"
	if f.kind == ':' {
		hint = "   enter goes to the line · esc cancels"
	}
	return ansi.Truncate(st.Filter.Render(string(f.kind))+f.field.view(40, true, st.Cursor)+st.Hint.Render(hint), width, "…")
}

func (m *Model) findKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Cancel):
		m.find, m.focus = nil, focusTranscript
	case key.Matches(msg, m.keys.Submit):
		f := m.find
		m.find, m.focus = nil, focusTranscript
		if f.kind == ':' {
			return m.goToLine(f.field.value)
		}
		return m.search(f.field.value, 0, false)
	default:
		m.find.field.update(msg)
	}
	return nil
}

// search finds text in the selected card from source row from on (or back),
// expanding the card and scrolling the match to the top of the screen.
func (m *Model) search(text string, from int, backwards bool) tea.Cmd {
	c := m.tr.selected()
	if c == nil || c.result() == nil || text == "" {
		return nil
	}
	m.expand(c)
	body := m.selectedRows().Body()
	src, row := body.Search(text, from, backwards)
	if src < 0 {
		return m.say(fmt.Sprintf("%q: no more in this card", text))
	}
	m.match = match{c.id, src, text}
	m.scrollTo(row)
	return nil
}

// goToLine scrolls the selected card to a line of the file, or says that
// the model never saw it.
func (m *Model) goToLine(s string) tea.Cmd {
	c := m.tr.selected()
	n, err := strconv.Atoi(s)
	if c == nil || c.result() == nil || err != nil || n < 1 {
		return m.say(fmt.Sprintf("%q is not a line number", s))
	}
	t := c.result().Truncation
	m.expand(c)
	row, ok := m.selectedRows().Body().RowOfLine(n)
	if !ok {
		seen := render.ShownLines(t)
		if seen == "" {
			seen = "none of the file"
		}
		return m.say(fmt.Sprintf("line %d is not in what the model saw: %s", n, seen))
	}
	m.scrollTo(row)
	return nil
}

// expand opens c if it is collapsed.
func (m *Model) expand(c *card) {
	if !c.expanded {
		c.expanded = true
		c.invalidate()
	}
}

// scrollTo puts the selected card's body row at the top of the screen.
func (m *Model) scrollTo(bodyRow int) {
	l := m.layout()
	spans, _ := m.tr.layout(m.st, l.cardW, m.env())
	m.tr.top = spans[m.tr.sel].start + m.selectedRows().Head() + bodyRow
}

// selectedRows is the selected card's drawing at the transcript's width.
func (m *Model) selectedRows() *render.CardRows {
	return m.tr.selected().rows(m.st, m.layout().cardW, true, m.env())
}
