package tui

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/session"
	"github.com/readlens/readlens/theme"
)

// SessionFile is an agent's session the inspector opens as its
// transcript: a card per read, as recorded, and a dim row per other call.
type SessionFile struct {
	Path  string
	Agent string // read it as this agent's session; "" tells it from the file
	// Dir is where the session's working directory is now, when the
	// project moved: r reads there ("" reads the session's own paths).
	Dir string
	// Here is the directory the session is opened near (session.Options).
	Here string
}

// sessionView is the session the transcript shows.
type sessionView struct {
	file   SessionFile
	meta   sessionMeta
	s      *session.Session // nil until the whole file is read
	sum    *session.Summary // nil until the reads' tokens are counted
	err    error
	head   *card
	cards  []*card // a card per call, in the session's order
	read   int64   // bytes of the file read so far
	size   int64
	ch     chan tea.Msg
	cancel context.CancelFunc // stops the reading
}

// sessionMeta is what the head says of whose session it is.
type sessionMeta struct {
	agent, name, version, id, cwd string
}

func metaOf(s *session.Session) sessionMeta {
	return sessionMeta{s.Agent, s.AgentName, s.Version, s.ID, s.Cwd}
}

// sessionBatchMsg brings the calls answered since the last batch, copied
// while the parser waited: the first screen of a long session shows while
// the rest of it is read.
type sessionBatchMsg struct {
	v     *sessionView // set by waitSession: a batch of a session no longer shown is dropped
	calls []*session.Call
	meta  sessionMeta
	read  int64
	size  int64
}

// sessionDoneMsg is the whole session, its sums, or why it cannot be read.
type sessionDoneMsg struct {
	v   *sessionView
	s   *session.Session
	sum session.Summary
	err error
}

// A session being read shows what it has after firstBatch, then every
// batchEvery: each batch costs the UI a walk over every card, so a long
// session comes in large steps.
var firstBatch, batchEvery = 100 * time.Millisecond, 500 * time.Millisecond

// openSession starts reading the session and adds its head card.
func (m *Model) openSession(f SessionFile) tea.Cmd {
	ctx, cancel := context.WithCancel(m.ctx)
	v := &sessionView{file: f, ch: make(chan tea.Msg), cancel: cancel}
	m.sess = v
	v.head = &card{id: m.newID(), fixed: func(st *theme.Styles, width int) render.Extra {
		rows := render.SessionHeadRows(st, width, v.headInfo())
		return render.Extra{N: len(rows), Build: func() []string { return rows }}
	}}
	m.tr.cards = append(m.tr.cards, v.head)
	m.tr.sel, m.focus = 0, focusTranscript
	go readSession(ctx, f, v.ch)
	return waitSession(v)
}

// waitSession is the next message of v's reading, marked as v's; nil once
// the reading has ended.
func waitSession(v *sessionView) tea.Cmd {
	return func() tea.Msg {
		switch msg := (<-v.ch).(type) {
		case sessionBatchMsg:
			msg.v = v
			return msg
		case sessionDoneMsg:
			msg.v = v
			return msg
		}
		return nil
	}
}

// readSession parses the session file, sending what it has every
// batchEvery, then the whole session and its sums.
func readSession(ctx context.Context, f SessionFile, ch chan<- tea.Msg) {
	defer close(ch)
	send := func(msg tea.Msg) bool {
		select {
		case ch <- msg:
			return true
		case <-ctx.Done():
			return false
		}
	}
	var size int64
	if st, err := os.Stat(f.Path); err == nil {
		size = st.Size()
	}
	var read atomic.Int64
	sent, next := 0, time.Now().Add(firstBatch)
	until := func(s *session.Session) bool {
		if ctx.Err() != nil {
			return true
		}
		if now := time.Now(); !now.Before(next) {
			next = now.Add(batchEvery)
			n := s.Settled()
			calls := make([]*session.Call, 0, n-sent)
			for _, c := range s.Calls[sent:n] {
				calls = append(calls, c.Clone())
			}
			sent = n
			return !send(sessionBatchMsg{calls: calls, meta: metaOf(s), read: read.Load(), size: size})
		}
		return false
	}
	// A session file, or opencode's database (DB#ID names one of its
	// sessions), which is read whole.
	s, err := session.Open(f.Path, session.Options{Agent: f.Agent, Until: until, Progress: &read, Here: f.Here})
	msg := sessionDoneMsg{s: s, err: err}
	if err == nil && ctx.Err() == nil {
		msg.sum = session.Summarize(s)
	}
	if (ctx.Err() != nil || !send(msg)) && s != nil {
		s.Close() // no longer shown: its spill file goes now
	}
}

// sessionBatch adds the calls of a batch, leaving the selection where it is.
func (m *Model) sessionBatch(msg sessionBatchMsg) tea.Cmd {
	v := m.sess
	if msg.v != v {
		return nil // a session no longer shown
	}
	v.meta, v.read, v.size = msg.meta, msg.read, msg.size
	m.opts.Cwd = v.meta.cwd // call lines are shortened against it, and p reads from it
	for _, c := range msg.calls {
		m.addSessionCard(c)
	}
	v.head.invalidate()
	return waitSession(v)
}

// sessionDone puts the finished session's calls in the cards: a later
// record may have replaced a result or marked a repeat.
func (m *Model) sessionDone(msg sessionDoneMsg) tea.Cmd {
	v := m.sess
	if msg.v != v {
		if msg.s != nil {
			msg.s.Close() // a session no longer shown
		}
		return nil
	}
	if msg.err != nil {
		v.err = msg.err
		v.head.invalidate()
		return m.say(fmt.Sprintf("%s: %v", v.file.Path, msg.err))
	}
	v.s, v.sum, v.meta, v.read = msg.s, &msg.sum, metaOf(msg.s), v.size
	m.opts.Cwd = v.meta.cwd
	for i, c := range msg.s.Calls {
		if i < len(v.cards) {
			if sc := v.cards[i]; sameDrawing(sc.profile, sc.rec.call, c) {
				sc.rec.call = c // drawn the same: its rows stay
			} else {
				sc.setCall(c)
			}
			continue
		}
		m.addSessionCard(c)
	}
	v.head.invalidate()
	m.reveal()
	return nil
}

func (m *Model) addSessionCard(c *session.Call) {
	v := m.sess
	sc := &card{id: m.newID(), view: m.view, profile: v.meta.agent}
	if c.Kind == session.KindOther {
		sc.profile = ""
	}
	sc.setCall(c)
	sc.rec.from = v
	v.cards = append(v.cards, sc)
	m.tr.cards = append(m.tr.cards, sc)
}

func (m *Model) newID() int {
	m.nextID++
	return m.nextID
}

// headInfo is what the head card says: the sums once the session is read,
// the sums so far (tokens still uncounted) while it is being read.
func (v *sessionView) headInfo() render.SessionHead {
	h := render.SessionHead{Agent: v.meta.name, Version: v.meta.version, ID: v.meta.id, Cwd: v.meta.cwd, File: v.file.Path, Tokens: -1}
	var sum session.Summary
	if v.sum != nil {
		sum = *v.sum
		h.Tokens = sum.Tokens
	} else {
		calls := make([]*session.Call, len(v.cards))
		for i, c := range v.cards {
			calls[i] = c.rec.call
		}
		sum = session.SumCalls(v.meta.agent, calls, false)
	}
	h.Calls, h.Reads, h.Shell, h.Bytes, h.Tokenizer = sum.Calls, sum.Reads, sum.Shell, sum.Bytes, sum.Tokenizer
	h.Cut, h.Repeats, h.Errors, h.Stubs = sum.Cut, sum.Repeats, sum.Errors, sum.Stubs
	switch {
	case v.err != nil:
		h.Reading = fmt.Sprintf("readlens could not read it: %v", v.err)
	case v.s == nil && v.size > 0:
		h.Reading = fmt.Sprintf("reading the session: %s of %s", render.Size(v.read), render.Size(v.size))
	case v.s == nil:
		h.Reading = "reading the session…"
	}
	if release, differs := session.ReleaseDiffers(v.meta.agent, v.meta.version); differs {
		h.Notes = append(h.Notes, fmt.Sprintf("this session was written by %s %s; readlens reproduces %s's read tool as of %s, so r (read again) may differ where the tool changed",
			v.meta.name, v.meta.version, v.meta.name, release))
	}
	if v.s != nil {
		h.Notes = append(h.Notes, v.s.Notes...)
	}
	return h
}
