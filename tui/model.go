// Package tui is readlens's inspector: pick a path, run an agent's read tool
// on it, and see the call and result as the agent's TUI draws them.
package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// Options start the inspector.
type Options struct {
	FS       reader.FS // nil is the disk
	Dir      string    // where the picker starts
	Cwd      string    // the agent's working directory
	Worktree string    // the project root the agent sees ("" lets the engine find it)
	Home     string
	Profile  string // the agent whose tool reads; "" is the default
	Reads    []Read // calls made at start: a file named on the command line, the demo's cards
	// Theme is "dark" or "light"; "" asks the terminal for its background.
	Theme string
	// Session opens an agent's session as the transcript, a card per read.
	Session *SessionFile
	// Sessions opens on a list of sessions to pick one from.
	Sessions *Sessions
	// Graphics is the image protocol the terminal's environment names
	// (render.GraphicsFor), a guess until the terminal answers (see
	// AskGraphics). Only kitty's is used: its placeholders are
	// text a frame can hold; iTerm2's and sixel images would be drawn over
	// by the next frame, so those terminals get half blocks.
	Graphics render.Graphics
	// AskGraphics sends render.GraphicsQuery at start: the terminal's
	// answer overrides Graphics (render.Answered); a terminal that does
	// not answer keeps it.
	AskGraphics bool
	// Audit, when set, opens on the audit view of that run (audit --tui).
	Audit *audit.Options
}

// Read is a call made at start.
type Read struct {
	Profile       string
	Path          string
	Offset, Limit *int
	Expanded      bool
	View          render.View
}

type focus int

const (
	focusPicker focus = iota
	focusTranscript
	focusForm
	focusFind
	focusCompare
	focusSessions
	focusAudit
)

// Model is the root of the inspector: it owns the layout, the focus and the
// routing of messages to the picker, the transcript and the form.
type Model struct {
	opts      Options
	ctx       context.Context
	st        *theme.Styles
	keys      KeyMap
	help      help.Model
	fullHelp  bool
	focus     focus
	picker    picker
	tr        transcript
	form      *form
	find      *finder
	cmp       *comparison    // the compare view, while it is open
	sess      *sessionView   // the session the transcript shows, if any
	sessions  *sessionPicker // the list of sessions it was picked from, if any
	aud       *auditing      // the audit view's run, once there is one
	match     match
	profiles  []string
	profile   int
	view      render.View // the view new cards open in
	status    string
	statusFor time.Duration // how long a status stays; 0 keeps it
	seq       int
	width     int
	height    int
	nextID    int
	depth     render.Depth     // the colours pictures are drawn in: the terminal's
	graphics  render.Graphics  // kitty's images where the terminal has them, else half blocks
	kittySent map[uint32]bool  // the kitty images the terminal holds
	kittyGone string           // deletes of images no card shows, to go out with the next sends
	kittyOK   bool             // the terminal answered kitty's graphics query OK
	answered  bool             // it answered GraphicsQuery: Graphics is settled
	noImages  bool             // reads are for a model without image input (i)
	spin      spinner.Model    // turns while a read runs
	spinning  bool             // a tick is on its way
	now       func() time.Time // the clock reads are timed by; tests pin it
}

// New builds the inspector.
func New(o Options) *Model {
	if o.FS == nil {
		o.FS = reader.OS{}
	}
	m := &Model{
		opts:      o,
		ctx:       context.Background(),
		keys:      DefaultKeyMap(),
		help:      help.New(),
		profiles:  tabs(all.Profiles),
		picker:    picker{fsys: o.FS, home: o.Home},
		statusFor: 4 * time.Second,
		spin:      spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		now:       time.Now,
	}
	m.setTheme(o.Theme != "light") // dark until the terminal says otherwise
	if os.Getenv("NO_COLOR") != "" {
		m.depth = render.Mono // until the terminal's profile arrives, which says so too
	}
	if o.Graphics == render.Kitty {
		m.graphics, m.kittySent = render.Kitty, map[uint32]bool{}
	}
	for i, p := range m.profiles {
		if p == o.Profile || (o.Profile == "" && p == all.Default) {
			m.profile = i
		}
	}
	return m
}

// tabs are the agents' names in the order of all.Profiles.
func tabs(ps reader.Profiles) []string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Info().Name
	}
	return names
}

func (m *Model) setTheme(dark bool) {
	m.st = theme.New(dark)
	// The help in the theme's own colours: bubbles' defaults are too faint
	// to read (239 on dark, 249 on light).
	hs := help.DefaultStyles(dark)
	hs.ShortKey = hs.ShortKey.Foreground(m.st.Tokens.Fg)
	hs.FullKey = hs.FullKey.Foreground(m.st.Tokens.Fg)
	hs.ShortDesc = hs.ShortDesc.Foreground(m.st.Tokens.FgMuted)
	hs.FullDesc = hs.FullDesc.Foreground(m.st.Tokens.FgMuted)
	hs.ShortSeparator = hs.ShortSeparator.Foreground(m.st.Tokens.FgSubtle)
	hs.FullSeparator = hs.FullSeparator.Foreground(m.st.Tokens.FgSubtle)
	m.help.Styles = hs
}

func (m *Model) current() string { return m.profiles[m.profile] }

func (m *Model) env() callEnv {
	return callEnv{cwd: m.opts.Cwd, home: m.opts.Home, progress: m.progressText, depth: m.depth, graphics: m.graphics}
}

// progressText is how far a running read has come: "⣾ reading: 12.3 MiB
// in 2.1 s · x stops it".
func (m *Model) progressText(c *card) string {
	return fmt.Sprintf("%s reading: %s in %.1f s · x stops it", m.spin.View(), render.Size(c.progress.Load()), m.now().Sub(c.began).Seconds())
}

// Init lists the first directory, asks the terminal for its background and
// makes the calls asked for at start.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.picker.open(m.opts.Dir)}
	if m.opts.Theme == "" {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if m.opts.AskGraphics {
		cmds = append(cmds, tea.Raw(render.GraphicsQuery))
	}
	for _, r := range m.opts.Reads {
		profile := r.Profile
		if profile == "" {
			profile = m.current()
		}
		cmd := m.read(-1, profile, r.Path, r.Offset, r.Limit, nil)
		c := m.tr.selected()
		c.expanded, c.view = r.Expanded, r.View
		cmds = append(cmds, cmd)
	}
	if m.opts.Session != nil {
		cmds = append(cmds, m.openSession(*m.opts.Session))
	}
	if m.opts.Sessions != nil {
		m.sessions, m.focus = &sessionPicker{list: *m.opts.Sessions}, focusSessions
	}
	if m.opts.Audit != nil {
		cmds = append(cmds, m.openAudit(m.opts.Audit))
	}
	if len(m.opts.Reads) > 0 {
		// Open on the first card, at the top: it is what the first keys act on.
		m.focus, m.tr.sel, m.tr.top = focusTranscript, 0, 0
		m.follow()
	}
	return tea.Batch(cmds...)
}

// read adds a card for a call at index at (-1: after the last) and starts
// it: args, or else the tool's own arguments for path, offset and limit.
func (m *Model) read(at int, profile, p string, offset, limit *int, args json.RawMessage) tea.Cmd {
	prof, err := all.Lookup(profile)
	if err != nil {
		m.say(err.Error())
		return nil
	}
	if args == nil {
		args = prof.Args(p, offset, limit)
	}
	c := &card{profile: profile, tool: prof.Info().Tool, args: args, path: p, offset: offset, limit: limit, view: m.view}
	m.tr.add(c, at)
	m.reveal()
	return m.start(c, prof)
}

// start reads c's call, under a new id: an earlier read of the same card,
// still on its way, is not taken for this one.
func (m *Model) start(c *card, prof reader.Profile) tea.Cmd {
	if c.cancel != nil {
		c.cancel()
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.nextID++
	c.id, c.cancel = m.nextID, cancel
	c.res, c.measure, c.err, c.hl = nil, nil, nil, nil
	c.unseen, c.unseenAsked = nil, false
	c.progress.Store(0)
	c.began = m.now()
	c.invalidate()
	req := m.request(c, prof)
	req.Progress, req.Pictures = &c.progress, true
	c.ctx = ctx
	return tea.Batch(readCmd(ctx, m.st, c.id, req), m.spinWhileReading())
}

// request is the call a live card makes.
func (m *Model) request(c *card, prof reader.Profile) reader.Request {
	return reader.Request{Profile: prof, Args: c.args, Cwd: m.opts.Cwd, Worktree: m.opts.Worktree, Home: m.opts.Home, FS: m.opts.FS,
		NoImages: m.noImages}
}

// askUnseen reads, once, what an expanded card's read left out of its
// file, to draw it shaded.
func (m *Model) askUnseen(c *card) tea.Cmd {
	if c == nil || !c.expanded || c.unseenAsked || c.rec != nil || c.res == nil || !c.res.Truncation.Cut() {
		return nil
	}
	prof, err := all.Lookup(c.profile)
	if err != nil {
		return nil
	}
	c.unseenAsked = true
	ctx := c.ctx
	if ctx == nil {
		ctx = m.ctx
	}
	return unseenCmd(ctx, c.id, m.request(c, prof), c.res)
}

// spinWhileReading starts the spinner's ticks, unless they run already.
func (m *Model) spinWhileReading() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// follow makes the selected card's agent the current one: the header
// shows whose card is selected, and p, P and the next read go from it.
func (m *Model) follow() {
	if c := m.tr.selected(); c != nil {
		if i := slices.Index(m.profiles, c.profile); i >= 0 {
			m.profile = i
		}
	}
}

// say shows a status for a few seconds.
func (m *Model) say(s string) tea.Cmd {
	m.seq++
	m.status = s
	seq := m.seq
	if m.statusFor == 0 {
		return nil
	}
	return tea.Tick(m.statusFor, func(time.Time) tea.Msg { return statusClearMsg{seq} })
}

// Update routes a message. Nothing here reads a file or highlights code.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := m.update(msg)
	if images := m.kittyImages(); images != nil {
		cmd = tea.Batch(images, cmd)
	}
	return m, cmd
}

func (m *Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		m.reveal()
	case tea.ColorProfileMsg:
		// Pictures in the colours the terminal shows; the rest of the
		// frame is brought down to them by bubbletea.
		if d := render.DepthOf(msg.Profile); d != m.depth {
			m.depth = d
			for _, c := range m.tr.cards {
				c.invalidate()
			}
		}
	case uv.KittyGraphicsEvent, uv.PrimaryDeviceAttributesEvent:
		m.graphicsAnswer(msg)
	case tea.BackgroundColorMsg:
		if m.opts.Theme != "" {
			return m, nil // the theme was chosen
		}
		m.setTheme(msg.IsDark())
		return m, m.highlightSelected()
	case dirListedMsg:
		m.picker.listed(msg)
		if k := m.picker.waiting; k != nil && !m.picker.loading {
			m.picker.waiting = nil
			if m.focus == focusPicker {
				return m, m.pickerKey(*k)
			}
		}
	case readDoneMsg:
		if c := m.tr.byID(msg.id); c != nil {
			c.res, c.measure, c.err, c.cancel = msg.res, msg.measure, msg.err, nil
			c.invalidate()
			m.reveal()
			return m, tea.Batch(m.highlight(c), m.askUnseen(c))
		}
	case sessionBatchMsg:
		return m, m.sessionBatch(msg)
	case sessionDoneMsg:
		return m, m.sessionDone(msg)
	case recheckMsg:
		if c := m.tr.byID(msg.id); c != nil && c.rec != nil {
			c.rec.check = &msg.check
			c.invalidate()
			m.reveal()
		}
	case auditBatchMsg:
		return m, m.auditBatch(msg)
	case compareRowMsg:
		if m.cmp != nil && msg.path == m.cmp.path {
			m.cmp.add(msg.order, msg.row)
		}
	case spinner.TickMsg:
		reading := false
		for _, c := range m.tr.cards {
			if c.running() {
				reading = true
				c.invalidate() // its progress row moved on
			}
		}
		if !reading {
			m.spinning = false
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case unseenMsg:
		if c := m.tr.byID(msg.id); c != nil && c.res == msg.res {
			c.unseen = msg.unseen
			c.invalidate()
		}
	case highlightedMsg:
		if c := m.tr.byID(msg.id); c != nil {
			c.hl, c.hlDark = msg.rows, msg.dark
			c.invalidate()
		}
	case statusClearMsg:
		if msg.seq == m.seq {
			m.status = ""
		}
	case tea.PasteMsg:
		if m.focus == focusPicker {
			m.picker.filter.paste(msg.Content)
			return m, m.picker.typed()
		}
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseClickMsg:
		return m, m.click(msg.Mouse())
	case tea.MouseWheelMsg:
		m.wheel(msg.Mouse())
	}
	return m, nil
}

// highlight asks for a card's colours when its pretty view needs them.
func (m *Model) highlight(c *card) tea.Cmd {
	if c == nil || c.view != render.PrettyView || c.result() == nil || len(c.res.Lines) == 0 {
		return nil
	}
	if c.hl != nil && c.hlDark == m.st.Dark {
		return nil
	}
	return highlightCmd(m.st, c.id, c.res)
}

func (m *Model) highlightSelected() tea.Cmd { return m.highlight(m.tr.selected()) }
