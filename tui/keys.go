package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// KeyMap is every key readlens answers, each with its help text.
type KeyMap struct {
	// Anywhere.
	Expand, ExpandAll, Help, Quit key.Binding
	// Toggle expands or collapses the selected card when the cards have
	// the focus (ctrl+e does it anywhere).
	Toggle key.Binding
	// The transcript of cards.
	Up, Down, PageUp, PageDown, Top, Bottom      key.Binding
	View, Next, Edit, Profile, PrevProfile, Copy key.Binding
	Close, Reopen, Rerun, ToPicker               key.Binding
	Find, GoTo, NextMatch, PrevMatch             key.Binding
	Compare, Images, Audit                       key.Binding
	// The path picker.
	PickUp, PickDown, Open, Parent, Complete, Clear key.Binding
	ReadAsIs, Legend, PickCompare                   key.Binding
	// Mouse is never pressed: it says what the mouse does, in the help.
	Mouse key.Binding
	// The offset and limit form.
	Submit, Cancel, Field key.Binding
}

// DefaultKeyMap is readlens's key map.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, help string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, help))
	}
	return KeyMap{
		Expand:    b([]string{"ctrl+e"}, "ctrl+e", "expand/collapse"),
		ExpandAll: b([]string{"ctrl+o"}, "ctrl+o", "expand/collapse all"),
		Help:      b([]string{"?"}, "?", "help"),
		Quit:      b([]string{"ctrl+c", "q"}, "q", "quit"),

		Up:          b([]string{"up", "k"}, "↑/k", "previous card (a row in an expanded one)"),
		Down:        b([]string{"down", "j"}, "↓/j", "next card (a row in an expanded one)"),
		PageUp:      b([]string{"pgup", "b"}, "pgup", "scroll up"),
		PageDown:    b([]string{"pgdown", "f"}, "pgdn", "scroll down"),
		Toggle:      b([]string{"enter", "space"}, "enter", "expand/collapse"),
		Top:         b([]string{"home", "g"}, "g", "first card"),
		Bottom:      b([]string{"end", "G"}, "G", "last card"),
		View:        b([]string{"v"}, "v", "agent/pretty view"),
		Next:        b([]string{"n"}, "n", "continue (next offset)"),
		Edit:        b([]string{"o"}, "o", "line window"),
		Profile:     b([]string{"p", "right", "l"}, "p/→", "next agent"),
		PrevProfile: b([]string{"P", "left", "h"}, "P/←", "previous agent"),
		Copy:        b([]string{"y"}, "y", "copy output"),
		Close:       b([]string{"x"}, "x", "close card"),
		Reopen:      b([]string{"u"}, "u", "reopen closed card"),
		Rerun:       b([]string{"r"}, "r", "read again"),
		ToPicker:    b([]string{"tab"}, "tab", "pick a file"),
		Find:        b([]string{"/"}, "/", "search the card"),
		Compare:     b([]string{"c"}, "c", "every agent on this file"),
		Images:      b([]string{"i"}, "i", "model takes images: on/off"),
		Audit:       b([]string{"a"}, "a", "audit the project: every agent, every file"),
		GoTo:        b([]string{":"}, ":", "go to a line"),
		NextMatch:   b([]string{"]"}, "]", "next match"),
		PrevMatch:   b([]string{"["}, "[", "previous match"),

		PickUp:   b([]string{"up", "ctrl+p"}, "↑", "up"),
		PickDown: b([]string{"down", "ctrl+n"}, "↓", "down"),
		Open:     b([]string{"enter"}, "enter", "read / open"),
		ReadAsIs: b([]string{"ctrl+r"}, "ctrl+r", "read as the agent (a directory too)"),
		// Letters filter the listing, so compare takes a chord here.
		PickCompare: b([]string{"alt+c", "ctrl+k"}, "alt+c", "every agent on this file"),
		// Legend is never pressed: it explains the picker's marks in the help.
		Legend:   b([]string{"legend"}, "▸ ▣ ◆ ◇", "directory, image or PDF, binary, FIFO or device"),
		Mouse:    b([]string{"mouse"}, "mouse", "click a card: expand · click a tab: that agent · wheel: scroll"),
		Parent:   b([]string{"left"}, "←", "parent dir"),
		Complete: b([]string{"tab"}, "tab", "complete / to cards"),
		Clear:    b([]string{"esc"}, "esc", "clear / to cards"),

		Submit: b([]string{"enter"}, "enter", "read"),
		Cancel: b([]string{"esc"}, "esc", "cancel"),
		Field:  b([]string{"tab", "shift+tab"}, "tab", "next field"),
	}
}

// keyHelp is the help a focus shows: short on one row, full on several.
type keyHelp struct {
	short []key.Binding
	full  [][]key.Binding
}

func (h keyHelp) ShortHelp() []key.Binding  { return h.short }
func (h keyHelp) FullHelp() [][]key.Binding { return h.full }

func (k KeyMap) transcriptHelp() keyHelp {
	return keyHelp{
		short: []key.Binding{k.Expand, k.View, k.Next, k.Profile, k.ToPicker, k.Help, k.Quit},
		full: [][]key.Binding{
			{k.Expand, k.Toggle, k.ExpandAll, k.View, k.Copy, k.Close, k.Reopen},
			{k.Next, k.Edit, k.Profile, k.PrevProfile, k.Rerun, k.Compare, k.Images, k.Audit},
			{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
			{k.Find, k.NextMatch, k.PrevMatch, k.GoTo},
			{k.ToPicker, k.Help, k.Quit, k.Mouse},
		},
	}
}

func (k KeyMap) pickerHelp() keyHelp {
	return keyHelp{
		short: []key.Binding{k.Open, k.Parent, k.Complete, k.Expand, k.Help},
		full: [][]key.Binding{
			{k.PickUp, k.PickDown, k.Open, k.ReadAsIs, k.Parent},
			{k.Complete, k.Clear, k.PickCompare, k.Legend},
			{k.Expand, k.ExpandAll, k.Help},
		},
	}
}

func (k KeyMap) compareHelp() keyHelp {
	back := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back"))
	return k.listHelp(back)
}

// rowMove is the row a list's moving key selects from sel, page rows a
// page, the last row last (the list bounds it); false for other keys.
func (k KeyMap) rowMove(msg tea.KeyPressMsg, sel, last, page int) (int, bool) {
	switch {
	case key.Matches(msg, k.Up):
		return sel - 1, true
	case key.Matches(msg, k.Down):
		return sel + 1, true
	case key.Matches(msg, k.PageUp):
		return sel - page, true
	case key.Matches(msg, k.PageDown):
		return sel + page, true
	case key.Matches(msg, k.Top):
		return 0, true
	case key.Matches(msg, k.Bottom):
		return last, true
	}
	return sel, false
}

// listHelp is the help of a list in the cards' place, whose rows the
// cards' moving keys move through (the compare view, the audit's
// findings): those keys in a list's words, enter, and back.
func (k KeyMap) listHelp(back key.Binding) keyHelp {
	as := func(b key.Binding, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(b.Help().Key, desc))
	}
	up, down := as(k.Up, "previous row"), as(k.Down, "next row")
	open := key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open that agent's card"))
	mouse := as(k.Mouse, "click a row: select, again: open · wheel: move")
	return keyHelp{short: []key.Binding{up, down, open, back, k.Help},
		full: [][]key.Binding{
			{up, down, as(k.PageUp, "page up"), as(k.PageDown, "page down"), as(k.Top, "first row"), as(k.Bottom, "last row")},
			{open, back, k.Help, k.Quit, mouse},
		}}
}

// listKeys are the keys of the list of sessions.
type listKeys struct{ up, down, open, back, quit key.Binding }

func sessionListKeys() listKeys {
	b := func(keys []string, k, help string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, help))
	}
	return listKeys{
		up:   b([]string{"up", "k"}, "↑/k", "up"),
		down: b([]string{"down", "j"}, "↓/j", "down"),
		open: b([]string{"enter"}, "enter", "open the session"),
		back: b([]string{"tab"}, "tab", "back here from a session"),
		quit: b([]string{"q", "esc", "ctrl+c"}, "q", "quit"),
	}
}

func (k KeyMap) sessionsHelp() keyHelp {
	l := sessionListKeys()
	return keyHelp{short: []key.Binding{l.up, l.down, l.open, l.back, l.quit},
		full: [][]key.Binding{{l.up, l.down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {l.open, l.back, l.quit}}}
}

func (k KeyMap) formHelp() keyHelp {
	return keyHelp{short: []key.Binding{k.Submit, k.Field, k.Cancel}, full: [][]key.Binding{{k.Submit, k.Field, k.Cancel}}}
}
