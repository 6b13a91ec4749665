package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/render"
)

// kittyImages sends the terminal the kitty images of the cards' pictures
// that it does not hold yet (render.Kitty): the frame holds only their
// placeholders, text the renderer draws and redraws like any other, and
// the image behind them goes out once, beside the frame, as bubbletea
// writes raw output. A picture drawn at another size is another image.
// Nil when there is nothing to send.
func (m *Model) kittyImages() tea.Cmd {
	if m.kittySent == nil || m.cmp != nil || m.depth != render.TrueColor {
		return nil // kitty's placeholders are named in 24-bit colour
	}
	l := m.layout()
	if l.cardW <= 0 || l.bodyHeight <= 0 {
		return nil
	}
	cards, _, _ := m.tr.layout(m.st, l.cardW, m.env())
	var out strings.Builder
	for _, cr := range cards {
		for _, p := range cr.Pictures() {
			if id := p.Picture.KittyID(); !m.kittySent[id] {
				m.kittySent[id] = true
				out.WriteString(p.Picture.KittyImage())
			}
		}
	}
	if out.Len() == 0 {
		return nil
	}
	return tea.Raw(out.String())
}
