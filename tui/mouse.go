package tui

import tea "charm.land/bubbletea/v2"

// click acts on a left click: a tab switches the agent, a picker row is
// selected (then opened), a card is selected and toggled.
func (m *Model) click(ms tea.Mouse) tea.Cmd {
	l := m.layout()
	y := ms.Y - l.bodyTop
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
	case l.cardW > 0 && ms.X >= l.cardX:
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

// wheel scrolls whichever pane the pointer is over.
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
	m.tr.top += step
}
