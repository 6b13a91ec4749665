package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/render"
)

// layout is where things are on the screen.
type layout struct {
	bodyTop, bodyHeight int
	pickX, pickW        int // pickW 0: the picker is hidden
	cardX, cardW        int // cardW 0: the transcript is hidden
	footer              []string
}

// narrow is the width under which picker and cards share the screen in turn.
const narrow = 72

func (m *Model) layout() layout {
	var footer []string
	if m.status != "" {
		footer = append(footer, m.st.Status.Render(render.Plain(m.status)))
	} else if s := m.statusLine(); s != "" {
		footer = append(footer, m.st.Status.Render(ansi.Truncate(s, m.width, "…")))
	}
	if m.form != nil {
		footer = append(footer, m.form.view(m.st, m.width))
	}
	if m.find != nil {
		footer = append(footer, m.find.view(m.st, m.width))
	}
	m.help.ShowAll = m.fullHelp
	if m.fullHelp {
		// bubbles lays the full help out one group a column and drops the
		// columns past the width: every key is listed here instead.
		footer = append(footer, m.helpRows()...)
	} else if h := m.help.View(m.helpKeys()); h != "" {
		footer = append(footer, strings.Split(h, "\n")...)
	}
	l := layout{bodyTop: 1, footer: footer}
	l.bodyHeight = max(m.height-1-len(footer), 0)
	if l.bodyHeight == 0 {
		l.footer = footer[:min(len(footer), max(m.height-1, 0))]
	}
	l.pickW, l.cardX, l.cardW = m.columns()
	return l
}

// columns are the picker's width and the cards' column and width: side by
// side when the terminal is wide, else whichever has the focus.
func (m *Model) columns() (pickW, cardX, cardW int) {
	switch {
	case m.focus == focusSessions, m.sess != nil && m.focus != focusPicker:
		// A session's transcript is the screen: tab brings the picker.
		return 0, 0, m.width
	case m.width >= narrow:
		pickW = min(max(m.width*3/10, 24), 40)
		return pickW, pickW + 1, m.width - pickW - 1
	case m.focus == focusPicker:
		return m.width, 0, 0
	}
	return 0, 0, m.width
}

func (m *Model) bodyHeight() int { return m.layout().bodyHeight }

// helpRows is the full help, every key, in as many columns as the width
// holds, filled down first, each column as wide as its widest entry: one
// long entry (the mouse's) widens its own column, not every column.
func (m *Model) helpRows() []string {
	hs := m.help.Styles
	var cells []string
	for _, group := range m.helpKeys().FullHelp() {
		for _, b := range group {
			if !b.Enabled() {
				continue
			}
			h := b.Help()
			cells = append(cells, hs.FullKey.Render(h.Key)+" "+hs.FullDesc.Render(h.Desc))
		}
	}
	const gap = 3
	height, widths := helpColumns(cells, m.width, gap)
	rows := make([]string, height)
	for i, c := range cells {
		r, col := i%height, i/height
		if col > 0 {
			rows[r] += strings.Repeat(" ", gap)
		}
		rows[r] += c + strings.Repeat(" ", widths[col]-ansi.StringWidth(c))
	}
	for i, r := range rows {
		rows[i] = ansi.Truncate(strings.TrimRight(r, " "), m.width, "…")
	}
	return rows
}

// helpColumns lays cells out down first in the fewest rows whose columns,
// each as wide as its widest cell, fit width with gap between them: the
// rows and the columns' widths. One column when none fits.
func helpColumns(cells []string, width, gap int) (height int, widths []int) {
	for height = 1; height < len(cells); height++ {
		widths = widths[:0]
		total := -gap
		for i, c := range cells {
			if i%height == 0 {
				widths = append(widths, 0)
				total += gap
			}
			w := ansi.StringWidth(c)
			if w > widths[len(widths)-1] {
				total += w - widths[len(widths)-1]
				widths[len(widths)-1] = w
			}
		}
		if total <= width {
			return height, widths
		}
	}
	widths = []int{0}
	for _, c := range cells {
		widths[0] = max(widths[0], ansi.StringWidth(c))
	}
	return max(len(cells), 1), widths
}

// capWords name what ended a window, for the status line.
var capWords = map[reader.Cap]string{
	reader.CapLimit: "the call's limit", reader.CapLines: "line cap", reader.CapBytes: "byte cap",
	reader.CapFirstLine: "first line over the byte cap", reader.CapEntries: "entry cap",
	reader.CapBinary: "refused as binary", reader.CapTokens: "token cap",
}

// lineAtTop is the file line on the screen's first row, when that row is
// inside the selected card's result.
func (m *Model) lineAtTop() (int, bool) {
	c := m.tr.selected()
	_, _, cardW := m.columns() // not layout(): the status line is part of it
	if c == nil || !c.expanded || cardW == 0 {
		return 0, false
	}
	spans, _ := m.tr.layout(m.st, cardW, m.env())
	cr := c.rows(m.st, cardW, true, m.env())
	row := m.tr.top - spans[m.tr.sel].start - cr.Head()
	if row < 0 || cr.Body() == nil {
		return 0, false
	}
	return cr.Body().LineAt(row)
}

// statusLine says where the transcript is and what its selected card holds:
// "card 2 of 6 · pi · agent view · lines 1–2000 of 3001 · line cap".
func (m *Model) statusLine() string {
	c := m.tr.selected()
	if m.focus != focusTranscript || c == nil {
		return ""
	}
	parts := []string{fmt.Sprintf("card %d of %d", m.tr.sel+1, len(m.tr.cards)), c.profile, c.view.String() + " view"}
	switch {
	case c.fixed != nil && c.rec == nil:
		parts = append(parts[:1], "the session")
	case c.fixed != nil:
		parts = append(parts[:1], "a tool call that read no file")
	case c.running():
		parts = append(parts, "reading")
	case c.result() != nil && c.result().IsError:
		parts = append(parts, "error")
	case c.result() != nil:
		t := c.result().Truncation
		if n, ok := m.lineAtTop(); ok {
			at := fmt.Sprintf("at line %d", n)
			if t.TotalKnown {
				at += fmt.Sprintf(" of %d", t.TotalLines)
			}
			parts = append(parts, at)
		}
		if lines := render.ShownLines(t); lines != "" {
			parts = append(parts, lines)
		}
		if w := capWords[t.Cap]; w != "" {
			parts = append(parts, w)
		}
		switch {
		case t.Resumes > 0:
			parts = append(parts, fmt.Sprintf("cut in the middle, resumes at line %d", t.Resumes))
		case t.Silent:
			parts = append(parts, "the model was not told")
		}
	}
	if c.rec != nil && c.fixed == nil {
		parts = append(parts, "as recorded: "+c.rec.call.Status(c.profile))
	}
	return strings.Join(parts, " · ")
}

func (m *Model) helpKeys() help.KeyMap {
	switch m.focus {
	case focusPicker:
		return m.keys.pickerHelp()
	case focusForm, focusFind:
		return m.keys.formHelp()
	case focusCompare:
		return m.keys.compareHelp()
	case focusSessions:
		return m.keys.sessionsHelp()
	case focusAudit:
		return m.keys.auditHelp()
	}
	return m.keys.transcriptHelp()
}

// reveal keeps the selected card in sight.
func (m *Model) reveal() {
	l := m.layout()
	if l.cardW > 0 && l.bodyHeight > 0 {
		m.tr.reveal(m.st, l.cardW, l.bodyHeight, m.env())
	}
}

// scrollInCard scrolls one row within the selected card when it is
// expanded and runs past the screen in that direction; it reports whether
// it did (else the arrow moves to the next card).
func (m *Model) scrollInCard(dir int) bool {
	c, l := m.tr.selected(), m.layout()
	if c == nil || !c.expanded || l.cardW == 0 || l.bodyHeight == 0 {
		return false
	}
	spans, _ := m.tr.layout(m.st, l.cardW, m.env())
	s := spans[m.tr.sel]
	switch {
	case dir > 0 && s.end > m.tr.top+l.bodyHeight && s.start <= m.tr.top+l.bodyHeight-1:
		m.tr.top++
	case dir < 0 && s.start < m.tr.top && s.end > m.tr.top:
		m.tr.top--
	default:
		return false
	}
	return true
}

// toEnd scrolls to the last row of the cards.
func (m *Model) toEnd() {
	l := m.layout()
	if l.cardW > 0 && l.bodyHeight > 0 {
		_, n := m.tr.layout(m.st, l.cardW, m.env())
		m.tr.top = max(n-l.bodyHeight, 0)
	}
}

// View draws the screen: the header with the agents as tabs, the picker and
// the cards side by side, the help at the bottom. No row is wider than the
// terminal and there are never more rows than it has.
func (m *Model) View() tea.View {
	v := tea.NewView(m.draw())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "readlens"
	return v
}

func (m *Model) draw() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	l := m.layout()
	rows := []string{m.header()}
	if l.bodyHeight > 0 {
		var pick, cards []string
		if l.pickW > 0 {
			pick = strings.Split(m.picker.view(m.st, l.pickW, l.bodyHeight, m.focus == focusPicker), "\n")
		}
		switch {
		case l.cardW > 0 && m.focus == focusSessions:
			cards = m.sessions.view(m.st, l.cardW, l.bodyHeight)
		case l.cardW > 0 && m.focus == focusAudit:
			cards = strings.Split(m.aud.view(m.st, l.cardW, l.bodyHeight), "\n")
		case l.cardW > 0 && m.cmp != nil:
			cards = strings.Split(m.cmp.view(m.st, l.cardW, l.bodyHeight, m.depth), "\n")
		case l.cardW > 0:
			empty := "Pick a file and press enter: its read appears here as a card."
			cards = strings.Split(m.tr.view(m.st, l.cardW, l.bodyHeight, m.env(), empty), "\n")
		}
		sep := m.st.Gutter.Render("│")
		for i := 0; i < l.bodyHeight; i++ {
			row := ""
			if l.pickW > 0 {
				row = pad(at(pick, i), l.pickW)
			}
			if l.cardW > 0 {
				if l.pickW > 0 {
					row += sep
				}
				row += at(cards, i)
			}
			rows = append(rows, row)
		}
	}
	rows = append(rows, l.footer...)
	for i, r := range rows {
		rows[i] = ansi.Truncate(r, m.width, "")
	}
	return strings.Join(rows[:min(len(rows), m.height)], "\n")
}

func at(rows []string, i int) string {
	if i < len(rows) {
		return rows[i]
	}
	return ""
}

func pad(s string, w int) string {
	s = ansi.Truncate(s, w, "")
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

// tab is an agent's place in the header, for clicks.
type tab struct{ x0, x1, profile int }

// tabs draws the header: the title, then as many agents' tabs as fit, the
// current one always among them, with ‹ and › where some are out of sight.
func (m *Model) tabs() (string, []tab) {
	title := m.st.Title.Render(" readlens ")
	labels := make([]string, len(m.profiles))
	for i, p := range m.profiles {
		style := m.st.Tab
		if i == m.profile {
			style = m.st.TabActive
		}
		labels[i] = style.Render(p)
	}
	room := m.width - ansi.StringWidth(title) - 2 // the two arrows
	lo, hi := m.profile, m.profile+1
	used := ansi.StringWidth(labels[m.profile])
	for grew := true; grew; {
		grew = false
		if hi < len(labels) && used+ansi.StringWidth(labels[hi]) <= room {
			used += ansi.StringWidth(labels[hi])
			hi++
			grew = true
		}
		if lo > 0 && used+ansi.StringWidth(labels[lo-1]) <= room {
			lo--
			used += ansi.StringWidth(labels[lo])
			grew = true
		}
	}
	var b strings.Builder
	b.WriteString(title)
	more := m.st.Hint.Render
	if lo > 0 {
		b.WriteString(more("‹"))
	} else {
		b.WriteString(" ")
	}
	x := ansi.StringWidth(b.String())
	var tabs []tab
	for i := lo; i < hi; i++ {
		w := ansi.StringWidth(labels[i])
		tabs = append(tabs, tab{x, x + w, i})
		b.WriteString(labels[i])
		x += w
	}
	if hi < len(labels) {
		b.WriteString(more("›"))
	}
	return b.String(), tabs
}

func (m *Model) header() string {
	h, _ := m.tabs()
	return h
}
