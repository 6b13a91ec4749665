package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// TestImageCardDrawsThePicture: an image card shows the image the model
// receives in half blocks, in the colours the terminal reports, with what
// the file was and what was sent under it. The read kept the pixels, so
// drawing decodes nothing.
func TestImageCardDrawsThePicture(t *testing.T) {
	m := fixtureModel(t, "pi", "images/big.png")
	c := m.tr.cards[0]
	if c.res == nil || len(c.res.Attachments) != 1 || c.res.Attachments[0].Pixels == nil {
		t.Fatalf("the read kept no pixels: %+v", c.res)
	}
	raw := m.View().Content
	if !strings.Contains(raw, "▀") || !strings.Contains(raw, "\x1b[38;2;") {
		t.Fatalf("no 24-bit half-block picture on screen:\n%s", screen(m))
	}
	if s := screen(m); !strings.Contains(s, "▣ 3000×2000 · 22.7 KiB → 2000×1333 · image/png · ≈") {
		t.Errorf("no caption:\n%s", s)
	}
	drive(m, tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
	for _, row := range strings.Split(m.View().Content, "\n") {
		_, pic, _ := strings.Cut(row, "▌\x1b[m ") // the card's part of the row
		if strings.Contains(pic, "▀") && (strings.Contains(pic, "8;2;") || !strings.Contains(pic, "\x1b[38;5;")) {
			t.Fatalf("a 256-colour terminal's picture is not in its palette: %q", row)
		}
	}
	drive(m, tea.ColorProfileMsg{Profile: colorprofile.Ascii})
	if raw = m.View().Content; !strings.Contains(raw, "█") {
		t.Errorf("no plain picture without colour:\n%s", screen(m))
	}
}

// TestTextOnlyModel: i reads again as for a model without image input, so
// Cline refuses the image; i again reads it as for one that takes images.
func TestTextOnlyModel(t *testing.T) {
	m := fixtureModel(t, "cline", "media/pic.png")
	c := m.tr.cards[0]
	if c.res == nil || len(c.res.Attachments) != 1 || !strings.Contains(c.res.Output, "Successfully read image") {
		t.Fatalf("cline's default model takes images; got %+v", c.res)
	}
	press(m, "i")
	if c = m.tr.cards[0]; c.res == nil || !strings.Contains(c.res.Output, "Current model does not support image input") || len(c.res.Attachments) != 0 {
		t.Fatalf("after i: %+v", c.res)
	}
	if !strings.Contains(screen(m), "text-only") {
		t.Errorf("the status does not say the model takes no images:\n%s", screen(m))
	}
	press(m, "i")
	if c = m.tr.cards[0]; c.res == nil || len(c.res.Attachments) != 1 {
		t.Fatalf("after i again: %+v", c.res)
	}
}
