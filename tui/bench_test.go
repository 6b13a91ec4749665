package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// benchDemo is the demo at 120x40 with its 2000-line card selected and
// expanded, drawn once so the card's rows are cached.
func benchDemo(b *testing.B) *Model {
	m := New(Demo())
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	press(m, "g", "ctrl+e")
	m.View()
	return m
}

// BenchmarkScrollStep is one row of scrolling through an expanded
// 2000-line card: the frame that follows a wheel tick (budget: 2 ms).
func BenchmarkScrollStep(b *testing.B) {
	m := benchDemo(b)
	for b.Loop() {
		drive(m, tea.MouseWheelMsg{X: 60, Y: 20, Button: tea.MouseWheelDown})
		m.View()
		if m.tr.top > 1900 {
			m.tr.top = 0
		}
	}
}

// BenchmarkExpandFrame is the first frame after ctrl+e on the 2000-line
// card, drawing it from nothing (budget: one 60 Hz frame, 16 ms).
func BenchmarkExpandFrame(b *testing.B) {
	m := benchDemo(b)
	for b.Loop() {
		press(m, "ctrl+e") // collapse
		press(m, "ctrl+e") // expand: the card is drawn again
		m.View()
	}
}

// BenchmarkProfileSwitch is asking the other agent what the selected card
// asked, the read included, and drawing the result.
func BenchmarkProfileSwitch(b *testing.B) {
	m := benchDemo(b)
	for b.Loop() {
		press(m, "g", "p")
		m.View()
		m.tr.remove(len(m.tr.cards) - 1)
		m.profile = 0
	}
}
