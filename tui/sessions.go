package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// Sessions is the list the inspector opens on with `readlens session` and
// no FILE: the sessions of a directory, newest first; enter opens one.
type Sessions struct {
	Dir     string
	Entries []SessionEntry
}

// SessionEntry is one listed session.
type SessionEntry struct {
	Row  render.ListedSession
	File SessionFile
}

// sessionPicker is the list, with its cursor.
type sessionPicker struct {
	list        Sessions
	cursor, top int
}

func (p *sessionPicker) view(st *theme.Styles, width, height int) []string {
	rows := make([]render.ListedSession, len(p.list.Entries))
	for i, e := range p.list.Entries {
		rows[i] = e.Row
	}
	// The header takes its rows; keep the cursor among the rest.
	room := max(height-3, 1)
	p.top = min(max(p.top, p.cursor-room+1), p.cursor)
	return render.SessionList(st, width, height, p.list.Dir, rows, p.cursor, max(p.top, 0))
}

func (m *Model) sessionsKey(msg tea.KeyPressMsg) tea.Cmd {
	p, k, l := m.sessions, m.keys, sessionListKeys()
	n := len(p.list.Entries)
	switch {
	case key.Matches(msg, l.quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.fullHelp = !m.fullHelp
	case key.Matches(msg, l.up):
		p.cursor = max(p.cursor-1, 0)
	case key.Matches(msg, l.down):
		p.cursor = max(min(p.cursor+1, n-1), 0)
	case key.Matches(msg, k.PageUp):
		p.cursor = max(p.cursor-max(m.bodyHeight()-3, 1), 0)
	case key.Matches(msg, k.PageDown):
		p.cursor = max(min(p.cursor+max(m.bodyHeight()-3, 1), n-1), 0)
	case key.Matches(msg, k.Top):
		p.cursor = 0
	case key.Matches(msg, k.Bottom):
		p.cursor = max(n-1, 0)
	case key.Matches(msg, l.open):
		if n == 0 {
			return nil
		}
		return m.switchSession(p.list.Entries[p.cursor].File)
	}
	return nil
}

// switchSession shows another session in the transcript: the one being
// read stops.
func (m *Model) switchSession(f SessionFile) tea.Cmd {
	if m.sess != nil {
		m.sess.cancel()
		if m.sess.s != nil {
			m.sess.s.Close() // its texts' spill file goes with it
		}
	}
	m.sess, m.tr, m.match = nil, transcript{}, match{}
	return m.openSession(f)
}
