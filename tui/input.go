package tui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/render"
)

// input is a one-line text field that edits at its end: all the picker's
// filter and the offset form need, with no blinking cursor to make frames
// differ.
type input struct {
	value  string
	accept func(rune) bool // nil accepts anything printable
}

// update applies a key; it reports whether the key was the field's.
func (in *input) update(msg tea.KeyPressMsg) bool {
	switch msg.String() {
	case "backspace", "ctrl+h":
		if in.value != "" {
			r := []rune(in.value)
			in.value = string(r[:len(r)-1])
		}
		return true
	case "ctrl+u":
		in.value = ""
		return true
	case "ctrl+w":
		v := strings.TrimRight(in.value, "/ ")
		if i := strings.LastIndexAny(v, "/ "); i >= 0 {
			in.value = v[:i+1]
		} else {
			in.value = ""
		}
		return true
	}
	if msg.Text == "" || msg.Mod.Contains(tea.ModCtrl) || msg.Mod.Contains(tea.ModAlt) {
		return false
	}
	for _, r := range msg.Text {
		if in.accept != nil && !in.accept(r) {
			return false
		}
	}
	in.value += msg.Text
	return true
}

// paste adds pasted text, on one line.
func (in *input) paste(s string) {
	s = strings.NewReplacer("\n", "", "\r", "").Replace(s)
	for _, r := range s {
		if in.accept != nil && !in.accept(r) {
			return
		}
	}
	in.value += s
}

// view draws the field in width cells, its end always in sight.
func (in *input) view(width int, focused bool, cursor lipgloss.Style) string {
	v := render.Plain(in.value)
	caret := ""
	if focused {
		caret = cursor.Render(" ")
	}
	room := max(width-1, 0)
	if w := ansi.StringWidth(v); w > room {
		v = ansi.TruncateLeft(v, w-room, "")
	}
	return v + caret
}

func digits(r rune) bool { return r >= '0' && r <= '9' || r == '-' }
