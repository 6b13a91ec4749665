package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/render"
)

// key routes a key press: ctrl+e and ctrl+c work everywhere, the rest
// depends on where the focus is (the picker, the transcript or the form).
func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	// ctrl+e is also "end of line" in text fields: the root sees it first.
	switch {
	case msg.String() == "ctrl+c":
		return tea.Quit
	case msg.String() == "esc" && m.fullHelp:
		m.fullHelp = false // esc closes the help first, wherever the focus is
		return nil
	case key.Matches(msg, k.Expand):
		c := m.tr.selected()
		if c != nil {
			c.expanded = !c.expanded
			c.invalidate()
			m.reveal()
		}
		return m.askUnseen(c)
	case key.Matches(msg, k.ExpandAll):
		expand := false
		for _, c := range m.tr.cards {
			expand = expand || !c.expanded
		}
		var cmds []tea.Cmd
		for _, c := range m.tr.cards {
			c.expanded = expand
			c.invalidate()
			cmds = append(cmds, m.askUnseen(c))
		}
		m.reveal()
		return tea.Batch(cmds...)
	}
	switch m.focus {
	case focusForm:
		return m.formKey(msg)
	case focusFind:
		return m.findKey(msg)
	case focusCompare:
		return m.compareKey(msg)
	case focusSessions:
		return m.sessionsKey(msg)
	case focusAudit:
		return m.auditKey(msg)
	case focusPicker:
		return m.pickerKey(msg)
	}
	return m.transcriptKey(msg)
}

func (m *Model) pickerKey(msg tea.KeyPressMsg) tea.Cmd {
	k, p := m.keys, &m.picker
	// Tab on an empty filter leaves the picker: it picks nothing, so it
	// does not wait for a slow directory.
	picks := key.Matches(msg, k.Open, k.ReadAsIs, k.PickCompare) || key.Matches(msg, k.Complete) && p.filter.value != ""
	if p.loading && picks {
		p.waiting = &msg
		return nil
	}
	switch {
	case key.Matches(msg, k.PickUp):
		p.move(-1)
	case key.Matches(msg, k.PickDown):
		p.move(1)
	case msg.String() == "pgup":
		p.move(-m.bodyHeight())
	case msg.String() == "pgdown":
		p.move(m.bodyHeight())
	case key.Matches(msg, k.Help):
		m.fullHelp = !m.fullHelp
	case key.Matches(msg, k.Open), key.Matches(msg, k.ReadAsIs):
		e, ok := p.selected()
		if !ok {
			if p.filter.value == "" {
				return nil
			}
			// A name that is not listed: the tool answers for it (its "File
			// not found", with its suggestions).
			e = entry{name: p.filter.value}
		}
		full := p.resolve(e.name)
		if e.kind == kindDir && key.Matches(msg, k.Open) {
			return p.open(full)
		}
		m.focus = focusTranscript
		return m.read(-1, m.current(), full, nil, nil, nil)
	case key.Matches(msg, k.PickCompare):
		e, ok := p.selected()
		if !ok || e.kind == kindDir {
			return m.say("compare reads a file: pick one")
		}
		return m.compareFile(p.resolve(e.name))
	case key.Matches(msg, k.Parent), msg.String() == "backspace" && p.filter.value == "":
		return p.parent()
	case key.Matches(msg, k.Complete):
		if p.filter.value == "" {
			m.toTranscript()
			return nil
		}
		return p.complete()
	case key.Matches(msg, k.Clear):
		if p.filter.value != "" {
			p.filter.value = ""
			p.cursor = 0
		} else {
			m.toTranscript()
		}
	default:
		if p.filter.update(msg) {
			return p.typed()
		}
	}
	return nil
}

func (m *Model) toTranscript() {
	if len(m.tr.cards) > 0 {
		m.focus = focusTranscript
	}
}

func (m *Model) transcriptKey(msg tea.KeyPressMsg) tea.Cmd {
	k, t := m.keys, &m.tr
	c := t.selected()
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.fullHelp = !m.fullHelp
	case key.Matches(msg, k.ToPicker) && m.sessions != nil:
		m.focus = focusSessions // back to the list the session came from
	case key.Matches(msg, k.ToPicker):
		m.focus = focusPicker
		return m.picker.refresh()
	case key.Matches(msg, k.Up) && m.scrollInCard(-1):
	case key.Matches(msg, k.Down) && m.scrollInCard(1):
	case key.Matches(msg, k.Up):
		t.sel = max(t.sel-1, 0)
		m.follow()
		m.reveal()
		return m.highlightSelected()
	case key.Matches(msg, k.Down):
		t.sel = min(t.sel+1, len(t.cards)-1)
		m.follow()
		m.reveal()
		return m.highlightSelected()
	case key.Matches(msg, k.Top):
		t.sel = 0
		m.follow()
		m.reveal()
	case key.Matches(msg, k.Bottom):
		// The last card, and the end of it: an expanded card's footer is
		// where the tool says what it cut.
		t.sel = len(t.cards) - 1
		m.follow()
		m.toEnd()
	case key.Matches(msg, k.PageUp):
		t.top -= max(m.bodyHeight()-1, 1)
	case key.Matches(msg, k.PageDown):
		t.top += max(m.bodyHeight()-1, 1)
	case key.Matches(msg, k.Reopen):
		r := t.reopen()
		if r == nil {
			return m.say("no closed card to reopen")
		}
		m.focus = focusTranscript
		m.follow()
		m.reveal()
		if r.running() { // closing it stopped its read
			if p, err := all.Lookup(r.profile); err == nil {
				return m.start(r, p)
			}
		}
	case key.Matches(msg, k.Audit):
		opts := m.auditProject()
		return m.openAudit(&opts)
	case c == nil:
	case c.fixed != nil && key.Matches(msg, k.Compare, k.Find, k.GoTo, k.NextMatch, k.PrevMatch, k.View, k.Next, k.Edit,
		k.Profile, k.PrevProfile, k.Copy, k.Images, k.Rerun):
		return m.say("not a read: this row is the session's head, or a tool call that read no file")
	case c.rec != nil && key.Matches(msg, k.Rerun):
		return m.recheck(c)
	case c.rec != nil && key.Matches(msg, k.Images):
		return m.say("a recorded read shows what the model got: i is for reads made here (p reads this file now)")
	case key.Matches(msg, k.Compare):
		return m.compareFile(c.path)
	case key.Matches(msg, k.Find), key.Matches(msg, k.GoTo):
		m.find, m.focus = &finder{kind: []rune(msg.Text)[0]}, focusFind
		if key.Matches(msg, k.GoTo) {
			m.find.field.accept = digits
		}
	case key.Matches(msg, k.NextMatch), key.Matches(msg, k.PrevMatch):
		if m.match.text == "" || m.match.id != c.id {
			return m.say("nothing found yet in this card: / searches it")
		}
		if key.Matches(msg, k.NextMatch) {
			return m.search(m.match.text, m.match.src+1, false)
		}
		return m.search(m.match.text, m.match.src-1, true)
	case key.Matches(msg, k.Toggle):
		c.expanded = !c.expanded
		c.invalidate()
		m.reveal()
		return m.askUnseen(c)
	case key.Matches(msg, k.View):
		if c.view == render.AgentView {
			c.view = render.PrettyView
		} else {
			c.view = render.AgentView
		}
		m.view = c.view
		c.invalidate()
		return m.highlight(c)
	case key.Matches(msg, k.Next):
		if c.result() == nil || len(c.result().Truncation.Next) == 0 {
			return m.say("nothing to continue: the tool asked for no further call")
		}
		tr := c.result().Truncation
		if tr.Silent {
			// The tool asked for nothing: this is the call a model would make.
			next := tr.LastLine + 1
			return tea.Batch(m.read(t.sel+1, c.profile, c.path, &next, c.limit, tr.Next),
				m.say(fmt.Sprintf("the tool did not ask for this call: offset=%d is what a model would read next", next)))
		}
		next := tr.NextOffset
		return m.read(t.sel+1, c.profile, c.path, &next, c.limit, tr.Next)
	case key.Matches(msg, k.Edit):
		p, err := all.Lookup(c.profile)
		if err != nil {
			return m.say(err.Error())
		}
		m.form = newForm(p, c.offset, c.limit)
		m.focus = focusForm
	case key.Matches(msg, k.Profile), key.Matches(msg, k.PrevProfile):
		step := 1
		if key.Matches(msg, k.PrevProfile) {
			step = len(m.profiles) - 1
		}
		return m.switchProfile((m.profile + step) % len(m.profiles))
	case key.Matches(msg, k.Copy):
		if c.result() == nil {
			return nil
		}
		return tea.Batch(tea.SetClipboard(c.result().Output), m.say("copied the model's text to the clipboard ("+render.Size(int64(len(c.result().Output)))+", OSC 52)"))
	case key.Matches(msg, k.Close):
		t.remove(t.sel)
		m.follow()
		m.reveal()
		m.releaseUnused()
	case key.Matches(msg, k.Images):
		// Whether the model takes images is the model's, not the tool's:
		// Cline refuses images for one that does not. Read again with it.
		m.noImages = !m.noImages
		say := "the model takes images"
		if m.noImages {
			say = "the model takes no images (text-only): Cline refuses them"
		}
		p, err := all.Lookup(c.profile)
		if err != nil {
			return m.say(err.Error())
		}
		return tea.Batch(m.start(c, p), m.say(say))
	case key.Matches(msg, k.Rerun):
		// The file may have changed: the same call, read again in place.
		p, err := all.Lookup(c.profile)
		if err != nil {
			return m.say(err.Error())
		}
		return m.start(c, p)
	}
	return nil
}

// switchProfile makes another agent current and asks it what the selected
// card asked, so the two cards can be compared.
func (m *Model) switchProfile(i int) tea.Cmd {
	m.profile = i
	c := m.tr.selected()
	if c == nil || c.profile == m.current() {
		return nil
	}
	return m.read(m.tr.sel+1, m.current(), c.path, c.offset, c.limit, nil)
}

func (m *Model) formKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.form, m.focus = nil, focusTranscript
	case key.Matches(msg, k.Submit):
		v, problem := m.form.values()
		if problem != "" {
			m.form.err = problem
			return nil
		}
		f := m.form
		m.form, m.focus = nil, focusTranscript
		if c := m.tr.selected(); c != nil {
			p, err := all.Lookup(c.profile)
			if err != nil {
				return m.say(err.Error())
			}
			off, lim := f.convenience(v)
			return m.read(m.tr.sel+1, c.profile, c.path, off, lim, f.args(p, c.path, v))
		}
	default:
		m.form.update(msg)
	}
	return nil
}
