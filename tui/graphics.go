package tui

import (
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/readlens/readlens/render"
)

// kittyImages sends the terminal the kitty images of the cards' pictures
// that it does not hold yet (render.Kitty): the frame holds only their
// placeholders, text the renderer draws and redraws like any other, and
// the image behind them goes out once, beside the frame, as bubbletea
// writes raw output. A picture drawn at another size is another image.
// Nil when there is nothing to send.
func (m *Model) kittyImages() tea.Cmd {
	if m.graphics != render.Kitty || m.cmp != nil || m.depth != render.TrueColor {
		return nil // kitty's placeholders are named in 24-bit colour
	}
	l := m.layout()
	if l.cardW <= 0 || l.bodyHeight <= 0 {
		return nil
	}
	cards := m.pictured(l.cardW)
	var out strings.Builder
	out.WriteString(m.kittyGone) // before the sends: one write, in order
	m.kittyGone = ""
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

// graphicsAnswer takes the terminal's answers to render.GraphicsQuery:
// kitty's OK, remembered, and then DA1, which closes the query and
// settles the protocol (render.Answered). Only kitty's is drawn here;
// a terminal that answers sixel gets half blocks, as the next frame
// would draw over its images. Answers nobody asked for change nothing.
func (m *Model) graphicsAnswer(msg tea.Msg) {
	if !m.opts.AskGraphics || m.answered {
		return
	}
	switch msg := msg.(type) {
	case uv.KittyGraphicsEvent:
		if msg.Options.ID == render.KittyQueryID && string(msg.Payload) == "OK" {
			m.kittyOK = true
		}
	case uv.PrimaryDeviceAttributesEvent:
		m.answered = true
		g := render.HalfBlocks
		if render.Answered(m.opts.Graphics, m.kittyOK, msg) == render.Kitty {
			g = render.Kitty
		}
		m.setGraphics(g)
	}
}

// setGraphics draws pictures with g from now on: kitty's images (sent
// as they are needed) or half blocks.
func (m *Model) setGraphics(g render.Graphics) {
	if g == m.graphics {
		return
	}
	m.graphics = g
	if g == render.Kitty {
		m.kittySent = map[uint32]bool{}
	} else {
		// Sent on a guess to a terminal that says it has no kitty images:
		// there is nothing to delete there.
		m.kittySent, m.kittyGone = nil, ""
	}
	for _, c := range m.tr.cards {
		c.invalidate()
	}
}

// releaseUnused frees the kitty images that no open card shows, after
// a card is closed: the deletes go out with the next images sent
// (kittyImages). Images of the other size a card is drawn at (selected
// or not, narrower after a resize) go too, and are sent again if that
// size comes back. A reopened card's image is sent again.
func (m *Model) releaseUnused() {
	if m.graphics != render.Kitty || len(m.kittySent) == 0 {
		return
	}
	used := map[uint32]bool{}
	if l := m.layout(); l.cardW > 0 {
		for _, cr := range m.pictured(l.cardW) {
			for _, p := range cr.Pictures() {
				used[p.Picture.KittyID()] = true
			}
		}
	}
	var gone []uint32
	for id := range m.kittySent {
		if !used[id] {
			gone = append(gone, id)
			delete(m.kittySent, id)
		}
	}
	m.kittyGone += kittyDelete(gone)
}

// KittyRelease is what frees the kitty images the inspector sent (and
// those whose deletes are still to go out), for when it quits: a delete
// of each by its number. Images of other programs are left alone. Empty
// when none was sent.
func (m *Model) KittyRelease() string {
	ids := make([]uint32, 0, len(m.kittySent))
	for id := range m.kittySent {
		ids = append(ids, id)
	}
	return m.kittyGone + kittyDelete(ids)
}

// kittyDelete deletes kitty images by number, placements and data (a=d,
// d=I), quietly (q=2), in order of number.
func kittyDelete(ids []uint32) string {
	slices.Sort(ids)
	var b strings.Builder
	for _, id := range ids {
		b.WriteString("\x1b_Ga=d,d=I,i=" + strconv.FormatUint(uint64(id), 10) + ",q=2\x1b\\")
	}
	return b.String()
}

// pictured are the drawings of the cards that can hold pictures: a
// session's cards cannot (the session keeps no image bytes), and are not
// drawn for this.
func (m *Model) pictured(width int) []*render.CardRows {
	var out []*render.CardRows
	env := m.env()
	for i, c := range m.tr.cards {
		if c.rec == nil {
			out = append(out, c.rows(m.st, width, i == m.tr.sel, env))
		}
	}
	return out
}
