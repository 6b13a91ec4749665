package tui

import tea "charm.land/bubbletea/v2"

// click acts on a left click: a tab switches the agent, a picker row is
// selected (then opened), a card is selected and toggled. Where a list
// holds the cards' place (the compare view, the audit's findings, the
// sessions), a click in it is the list's; a click elsewhere leaves the
// compare and audit views first, as esc does, and then acts.
func (m *Model) click(ms tea.Mouse) tea.Cmd {
	l := m.layout()
	y := ms.Y - l.bodyTop
	inCards := l.cardW > 0 && ms.X >= l.cardX && y >= 0 && y < l.bodyHeight
	switch m.focus {
	case focusCompare:
		if inCards {
			return m.compareClick(l, y)
		}
		m.closeCompare()
	case focusAudit:
		if inCards {
			return m.auditClick(y)
		}
		m.focus = focusTranscript // the run goes on; a shows it again
	case focusSessions:
		return nil // the list is the screen: its keys choose
	}
	switch {
	case ms.Y == 0:
		_, tabs := m.tabs()
		for _, t := range tabs {
			if ms.X >= t.x0 && ms.X < t.x1 {
				return m.switchProfile(t.profile)
			}
		}
	case y < 0 || y >= l.bodyHeight:
	case l.pickW > 0 && ms.X < l.pickW:
		m.focus = focusPicker
		const listTop = 2 // the directory and the filter rows
		i := m.picker.top + y - listTop
		if y < listTop || i >= len(m.picker.matches()) {
			return nil
		}
		if i == m.picker.cursor {
			return m.pickerKey(tea.KeyPressMsg{Code: tea.KeyEnter})
		}
		m.picker.cursor = i
	case inCards:
		i := m.tr.cardAt(m.st, l.cardW, m.env(), y)
		if i < 0 {
			return nil
		}
		m.focus = focusTranscript
		m.tr.sel = i
		m.follow()
		c := m.tr.cards[i]
		c.expanded = !c.expanded
		c.invalidate()
		m.reveal()
		return tea.Batch(m.highlightSelected(), m.askUnseen(c))
	}
	return nil
}

// wheel scrolls whichever pane the pointer is over; over a list in the
// cards' place it moves the list's selection.
func (m *Model) wheel(ms tea.Mouse) {
	l := m.layout()
	step := 3
	if ms.Button == tea.MouseWheelUp {
		step = -3
	}
	if l.pickW > 0 && ms.X < l.pickW {
		m.picker.move(step)
		return
	}
	switch m.focus {
	case focusCompare:
		m.cmp.move(m.cmp.sel + step/3) // a row is several lines already
	case focusAudit:
		m.aud.move(m.aud.sel + step)
	case focusSessions:
		p := m.sessions
		p.cursor = max(min(p.cursor+step, len(p.list.Entries)-1), 0)
	default:
		m.tr.top += step
	}
}
