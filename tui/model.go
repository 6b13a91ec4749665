// Package tui is readlens's inspector: pick a path, run an agent's read tool
// on it, and see the call and result as the agent's TUI draws them.
package tui

import (
	"context"
	"encoding/json"
	"path"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
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
	profiles  []string
	profile   int
	view      render.View // the view new cards open in
	status    string
	statusFor time.Duration // how long a status stays; 0 keeps it
	seq       int
	width     int
	height    int
	nextID    int
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
		profiles:  ordered(reader.Names()),
		picker:    picker{fsys: o.FS, home: o.Home},
		statusFor: 4 * time.Second,
	}
	m.setTheme(true) // until the terminal says otherwise
	for i, p := range m.profiles {
		if p == o.Profile || (o.Profile == "" && p == reader.DefaultProfile) {
			m.profile = i
		}
	}
	return m
}

// tabOrder puts the agents most people run first; the design documents'
// profiles, and any added later, follow in name order.
var tabOrder = []string{"opencode", "pi", "claude-code", "gemini-cli", "cline", "codex", "crush"}

func ordered(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range tabOrder {
		if slices.Contains(names, n) {
			out = append(out, n)
		}
	}
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func (m *Model) setTheme(dark bool) {
	m.st = theme.New(dark)
	m.help.Styles = help.DefaultStyles(dark)
}

func (m *Model) current() string { return m.profiles[m.profile] }

func (m *Model) env() callEnv { return callEnv{cwd: m.opts.Cwd, home: m.opts.Home} }

// Init lists the first directory, asks the terminal for its background and
// makes the calls asked for at start.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.picker.open(m.opts.Dir)}
	for _, r := range m.opts.Reads {
		profile := r.Profile
		if profile == "" {
			profile = m.current()
		}
		cmd := m.read(profile, r.Path, r.Offset, r.Limit, nil)
		c := m.tr.selected()
		c.expanded, c.view = r.Expanded, r.View
		cmds = append(cmds, cmd)
	}
	if len(m.opts.Reads) > 0 {
		m.focus = focusTranscript
	}
	return tea.Batch(cmds...)
}

// read adds a card for a call and starts it: args, or else the tool's own
// arguments for path, offset and limit.
func (m *Model) read(profile, p string, offset, limit *int, args json.RawMessage) tea.Cmd {
	prof, err := reader.Lookup(profile)
	if err != nil {
		m.say(err.Error())
		return nil
	}
	if args == nil {
		args = prof.Args(p, offset, limit)
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.nextID++
	c := &card{id: m.nextID, profile: profile, tool: prof.Info().Tool, args: args,
		path: p, offset: offset, limit: limit, cancel: cancel, view: m.view}
	m.tr.add(c)
	m.reveal()
	req := reader.Request{Profile: profile, Args: args, Cwd: m.opts.Cwd, Worktree: m.opts.Worktree, Home: m.opts.Home, FS: m.opts.FS}
	return readCmd(ctx, c.id, req)
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
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		m.reveal()
	case tea.BackgroundColorMsg:
		m.setTheme(msg.IsDark())
		return m, m.highlightSelected()
	case dirListedMsg:
		m.picker.listed(msg)
	case readDoneMsg:
		if c := m.tr.byID(msg.id); c != nil {
			c.res, c.err, c.cancel = msg.res, msg.err, nil
			c.invalidate()
			m.reveal()
			return m, m.highlight(c)
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
	if c == nil || c.view != render.PrettyView || c.res == nil || len(c.res.Lines) == 0 {
		return nil
	}
	if c.hl != nil && c.hlDark == m.st.Dark {
		return nil
	}
	return highlightCmd(m.st, c.id, c.res)
}

func (m *Model) highlightSelected() tea.Cmd { return m.highlight(m.tr.selected()) }

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	// ctrl+e is also "end of line" in text fields: the root sees it first.
	switch {
	case msg.String() == "ctrl+c":
		return tea.Quit
	case key.Matches(msg, k.Expand):
		if c := m.tr.selected(); c != nil {
			c.expanded = !c.expanded
			c.invalidate()
			m.reveal()
		}
		return nil
	case key.Matches(msg, k.ExpandAll):
		expand := false
		for _, c := range m.tr.cards {
			expand = expand || !c.expanded
		}
		for _, c := range m.tr.cards {
			c.expanded = expand
			c.invalidate()
		}
		m.reveal()
		return nil
	}
	switch m.focus {
	case focusForm:
		return m.formKey(msg)
	case focusPicker:
		return m.pickerKey(msg)
	}
	return m.transcriptKey(msg)
}

func (m *Model) pickerKey(msg tea.KeyPressMsg) tea.Cmd {
	k, p := m.keys, &m.picker
	switch {
	case key.Matches(msg, k.PickUp):
		p.move(-1)
	case key.Matches(msg, k.PickDown):
		p.move(1)
	case msg.String() == "pgup":
		p.move(-m.bodyHeight())
	case msg.String() == "pgdown":
		p.move(m.bodyHeight())
	case key.Matches(msg, k.Open):
		e, ok := p.selected()
		if !ok {
			return nil
		}
		full := path.Join(p.dir, e.name)
		if e.kind == kindDir {
			return p.open(full)
		}
		m.focus = focusTranscript
		return m.read(m.current(), full, nil, nil, nil)
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
	case key.Matches(msg, k.ToPicker):
		m.focus = focusPicker
	case key.Matches(msg, k.Up):
		t.sel = max(t.sel-1, 0)
		m.reveal()
		return m.highlightSelected()
	case key.Matches(msg, k.Down):
		t.sel = min(t.sel+1, len(t.cards)-1)
		m.reveal()
		return m.highlightSelected()
	case key.Matches(msg, k.Top):
		t.sel = 0
		m.reveal()
	case key.Matches(msg, k.Bottom):
		t.sel = len(t.cards) - 1
		m.reveal()
	case key.Matches(msg, k.PageUp):
		t.top -= max(m.bodyHeight()-1, 1)
	case key.Matches(msg, k.PageDown):
		t.top += max(m.bodyHeight()-1, 1)
	case c == nil:
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
		if c.res == nil || len(c.res.Truncation.Next) == 0 {
			return m.say("nothing to continue: the tool asked for no further call")
		}
		next := c.res.Truncation.NextOffset
		return m.read(c.profile, c.path, &next, c.limit, c.res.Truncation.Next)
	case key.Matches(msg, k.Edit):
		m.form = newForm(c.offset, c.limit)
		m.focus = focusForm
	case key.Matches(msg, k.Profile), key.Matches(msg, k.PrevProfile):
		step := 1
		if key.Matches(msg, k.PrevProfile) {
			step = len(m.profiles) - 1
		}
		return m.switchProfile((m.profile + step) % len(m.profiles))
	case key.Matches(msg, k.Copy):
		if c.res == nil {
			return nil
		}
		return tea.Batch(tea.SetClipboard(c.res.Output), m.say("copied the model's text to the clipboard ("+render.Size(int64(len(c.res.Output)))+", OSC 52)"))
	case key.Matches(msg, k.Close):
		t.remove(t.sel)
		m.reveal()
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
	return m.read(m.current(), c.path, c.offset, c.limit, nil)
}

func (m *Model) formKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Cancel):
		m.form, m.focus = nil, focusTranscript
	case key.Matches(msg, k.Submit):
		off, lim, ok := m.form.values()
		if !ok {
			return m.say("offset and limit are whole numbers")
		}
		m.form, m.focus = nil, focusTranscript
		if c := m.tr.selected(); c != nil {
			return m.read(c.profile, c.path, off, lim, nil)
		}
	default:
		m.form.update(msg)
	}
	return nil
}

// layout is where things are on the screen.
type layout struct {
	bodyTop, bodyHeight int
	pickX, pickW        int // pickW 0: the picker is hidden
	cardX, cardW        int // cardW 0: the transcript is hidden
	footer              []string
}

// narrow is the width under which picker and cards share the screen in turn.
const narrow = 72

func (m *Model) layout() layout {
	var footer []string
	if m.status != "" {
		footer = append(footer, m.st.Status.Render(render.Plain(m.status)))
	}
	if m.form != nil {
		footer = append(footer, m.form.view(m.st, m.width))
	}
	m.help.ShowAll = m.fullHelp
	if h := m.help.View(m.helpKeys()); h != "" {
		footer = append(footer, strings.Split(h, "\n")...)
	}
	l := layout{bodyTop: 1, footer: footer}
	l.bodyHeight = max(m.height-1-len(footer), 0)
	if l.bodyHeight == 0 {
		l.footer = footer[:min(len(footer), max(m.height-1, 0))]
	}
	switch {
	case m.width >= narrow:
		l.pickW = min(max(m.width*3/10, 24), 40)
		l.cardX = l.pickW + 1
		l.cardW = m.width - l.cardX
	case m.focus == focusPicker:
		l.pickW = m.width
	default:
		l.cardW = m.width
	}
	return l
}

func (m *Model) bodyHeight() int { return m.layout().bodyHeight }

func (m *Model) helpKeys() help.KeyMap {
	switch m.focus {
	case focusPicker:
		return m.keys.pickerHelp()
	case focusForm:
		return m.keys.formHelp()
	}
	return m.keys.transcriptHelp()
}

// reveal keeps the selected card in sight.
func (m *Model) reveal() {
	l := m.layout()
	if l.cardW > 0 && l.bodyHeight > 0 {
		m.tr.reveal(m.st, l.cardW, l.bodyHeight, m.env())
	}
}

// View draws the screen: the header with the agents as tabs, the picker and
// the cards side by side, the help at the bottom. No row is wider than the
// terminal and there are never more rows than it has.
func (m *Model) View() tea.View {
	v := tea.NewView(m.draw())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "readlens"
	return v
}

func (m *Model) draw() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	l := m.layout()
	rows := []string{m.header()}
	if l.bodyHeight > 0 {
		var pick, cards []string
		if l.pickW > 0 {
			pick = strings.Split(m.picker.view(m.st, l.pickW, l.bodyHeight, m.focus == focusPicker), "\n")
		}
		if l.cardW > 0 {
			empty := "Pick a file and press enter: its read appears here as a card."
			cards = strings.Split(m.tr.view(m.st, l.cardW, l.bodyHeight, m.env(), empty), "\n")
		}
		sep := m.st.Gutter.Render("│")
		for i := 0; i < l.bodyHeight; i++ {
			row := ""
			if l.pickW > 0 {
				row = pad(at(pick, i), l.pickW)
			}
			if l.cardW > 0 {
				if l.pickW > 0 {
					row += sep
				}
				row += at(cards, i)
			}
			rows = append(rows, row)
		}
	}
	rows = append(rows, l.footer...)
	for i, r := range rows {
		rows[i] = ansi.Truncate(r, m.width, "")
	}
	return strings.Join(rows[:min(len(rows), m.height)], "\n")
}

func at(rows []string, i int) string {
	if i < len(rows) {
		return rows[i]
	}
	return ""
}

func pad(s string, w int) string {
	s = ansi.Truncate(s, w, "")
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

// tab is an agent's place in the header, for clicks.
type tab struct{ x0, x1, profile int }

// tabs draws the header: the title, then as many agents' tabs as fit, the
// current one always among them, with ‹ and › where some are out of sight.
func (m *Model) tabs() (string, []tab) {
	title := m.st.Title.Render(" readlens ")
	labels := make([]string, len(m.profiles))
	for i, p := range m.profiles {
		style := m.st.Tab
		if i == m.profile {
			style = m.st.TabActive
		}
		labels[i] = style.Render(p)
	}
	room := m.width - ansi.StringWidth(title) - 2 // the two arrows
	lo, hi := m.profile, m.profile+1
	used := ansi.StringWidth(labels[m.profile])
	for grew := true; grew; {
		grew = false
		if hi < len(labels) && used+ansi.StringWidth(labels[hi]) <= room {
			used += ansi.StringWidth(labels[hi])
			hi++
			grew = true
		}
		if lo > 0 && used+ansi.StringWidth(labels[lo-1]) <= room {
			lo--
			used += ansi.StringWidth(labels[lo])
			grew = true
		}
	}
	var b strings.Builder
	b.WriteString(title)
	more := m.st.Hint.Render
	if lo > 0 {
		b.WriteString(more("‹"))
	} else {
		b.WriteString(" ")
	}
	x := ansi.StringWidth(b.String())
	var tabs []tab
	for i := lo; i < hi; i++ {
		w := ansi.StringWidth(labels[i])
		tabs = append(tabs, tab{x, x + w, i})
		b.WriteString(labels[i])
		x += w
	}
	if hi < len(labels) {
		b.WriteString(more("›"))
	}
	return b.String(), tabs
}

func (m *Model) header() string {
	h, _ := m.tabs()
	return h
}

func (m *Model) click(ms tea.Mouse) tea.Cmd {
	l := m.layout()
	y := ms.Y - l.bodyTop
	switch {
	case ms.Y == 0:
		_, tabs := m.tabs()
		for _, t := range tabs {
			if ms.X >= t.x0 && ms.X < t.x1 {
				return m.switchProfile(t.profile)
			}
		}
	case y < 0 || y >= l.bodyHeight:
	case l.pickW > 0 && ms.X < l.pickW:
		m.focus = focusPicker
		const listTop = 2 // the directory and the filter rows
		i := m.picker.top + y - listTop
		if y < listTop || i >= len(m.picker.matches()) {
			return nil
		}
		if i == m.picker.cursor {
			return m.pickerKey(tea.KeyPressMsg{Code: tea.KeyEnter})
		}
		m.picker.cursor = i
	case l.cardW > 0 && ms.X >= l.cardX:
		i := m.tr.cardAt(m.st, l.cardW, m.env(), y)
		if i < 0 {
			return nil
		}
		m.focus = focusTranscript
		m.tr.sel = i
		c := m.tr.cards[i]
		c.expanded = !c.expanded
		c.invalidate()
		m.reveal()
		return m.highlightSelected()
	}
	return nil
}

func (m *Model) wheel(ms tea.Mouse) {
	l := m.layout()
	step := 3
	if ms.Button == tea.MouseWheelUp {
		step = -3
	}
	if l.pickW > 0 && ms.X < l.pickW {
		m.picker.move(step)
		return
	}
	m.tr.top += step
}
