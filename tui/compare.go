package tui

import (
	"context"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// comparison is the compare view of one file: every agent's row, filled in
// as each agent answers (issue 12), one of them selected.
type comparison struct {
	path string
	// answered holds each agent's row at its place in all.Profiles, nil
	// until it answers; rows are those answered, worst first, ordered as
	// readlens compare orders them whatever order they arrive in.
	answered []*compare.Row
	rows     []*compare.Row
	asked    int // agents asked
	sel      int
	moved    bool // the user moved the selection: it follows its agent
	cancel   context.CancelFunc
}

// compareMaxCalls bounds each agent's paging plan in the inspector: a plan
// of a large file runs to thousands of calls, and the view must fill in
// promptly.
const compareMaxCalls = 200

type compareRowMsg struct {
	path  string
	order int // the agent's place in all.Profiles
	row   *compare.Row
}

// compareFile opens the compare view on path and asks every agent, each in
// its own command, so rows appear as they are answered.
func (m *Model) compareFile(path string) tea.Cmd {
	if m.cmp != nil && m.cmp.cancel != nil {
		m.cmp.cancel()
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.cmp = &comparison{path: path, asked: len(all.Profiles), answered: make([]*compare.Row, len(all.Profiles)), cancel: cancel}
	m.focus = focusCompare
	// Pictures: the view draws the selected agent's image (picture).
	base := reader.Request{Cwd: m.opts.Cwd, Worktree: m.opts.Worktree, Home: m.opts.Home, FS: m.opts.FS, Pictures: true}
	cmds := make([]tea.Cmd, 0, len(all.Profiles))
	for i, p := range all.Profiles {
		cmds = append(cmds, func() tea.Msg {
			req := base
			req.Profile = p
			row, err := compare.Agent(ctx, path, req, compare.Options{MaxCalls: compareMaxCalls, KeepPixels: true})
			if err != nil || ctx.Err() != nil {
				return nil
			}
			return compareRowMsg{path, i, row}
		})
	}
	return tea.Batch(cmds...)
}

// add places an agent's answer. Until the user moves it, the selection is
// the top row, the agent that sees least; then it stays on the agent
// chosen, so that a row arriving above it does not send enter elsewhere.
func (c *comparison) add(order int, row *compare.Row) {
	selected := ""
	if c.moved && c.sel < len(c.rows) {
		selected = c.rows[c.sel].Profile
	}
	c.answered[order] = row
	c.rows = c.rows[:0]
	for _, r := range c.answered {
		if r != nil {
			c.rows = append(c.rows, r)
		}
	}
	compare.SortWorstFirst(c.rows)
	for i, r := range c.rows {
		if r.Profile == selected {
			c.sel = i
		}
	}
}

func (c *comparison) view(st *theme.Styles, width, height int, depth render.Depth) string {
	table := render.CompareTable(st, c.path, c.rows, width, c.sel)
	if waiting := c.asked - len(c.rows); waiting > 0 {
		table += st.Hint.Render(counted(waiting, "agent")+" still reading…") + "\n"
	}
	lines := strings.Split(strings.TrimRight(table, "\n"), "\n")
	// The picture takes the room below the table, up to its bound, and at
	// least a quarter of the height: the table gives up lines for it.
	pic := c.picture(st, width, min(comparePictureRows, max(height-len(lines)-2, height/4)), depth)
	profile := ""
	if c.sel < len(c.rows) {
		profile = c.rows[c.sel].Profile
	}
	lines = append(tableWindow(lines, height-len(pic), profile), pic...)
	return strings.Join(lines[:min(len(lines), height)], "\n")
}

// tableHead is how many lines of the compare table stay on top whatever
// is selected: the path, the top border, the header and its rule; only
// the path when the table is too narrow and its rows are stacked.
const tableHead = 4

// tableWindow cuts the compare table's lines to room: its head, then the
// lines of its rows (and the notes below them) from where the selected
// agent's row is in sight, so the selection never scrolls off.
func tableWindow(lines []string, room int, selected string) []string {
	head := tableHead
	stacked := len(lines) > 1 && !strings.HasPrefix(ansi.Strip(lines[1]), "┌")
	if stacked {
		head = 1 // render's stackedRows: a row starts with the agent's name
	}
	if len(lines) <= room || room <= head {
		return lines[:min(len(lines), max(room, 0))]
	}
	body := lines[head:]
	from, to := -1, len(body) // the selected row's lines
	for i, l := range body {
		l = ansi.Strip(l)
		starts := strings.HasPrefix(l, "└") || len(l) > len("│ ") && strings.HasPrefix(l, "│ ") && l[len("│ ")] != ' '
		mine := strings.HasPrefix(l, "│ "+selected+" ")
		if stacked {
			starts, mine = l != "" && l[0] != ' ', l == selected
		}
		switch {
		case from < 0 && selected != "" && mine:
			from = i
		case from >= 0 && starts:
			to = i
		}
		if to < len(body) {
			break
		}
	}
	w, start := room-head, 0
	if from >= 0 {
		start = max(0, min(from, to-w))
	}
	return append(lines[:head:head], body[start:min(start+w, len(body))]...)
}

// comparePictureRows bounds the selected agent's picture: a glance at
// what its model receives, below the table, not the card's full picture.
const comparePictureRows = 8

// picture is the image the selected agent's model receives, at most rows
// rows (none under 2): a blank line, a line naming the agent, then the
// picture in half blocks, as kitty's images are kept to cards (the view
// is redrawn from scratch as rows arrive). Nothing for an agent that
// sends no image, or whose read kept no pixels.
func (c *comparison) picture(st *theme.Styles, width, rows int, depth render.Depth) []string {
	if c.sel >= len(c.rows) || rows < 2 || width < 2 {
		return nil
	}
	r := c.rows[c.sel]
	for _, a := range r.Images {
		if a.Pixels == nil {
			continue
		}
		pic := render.NewPicture(a.Pixels, width, rows, depth)
		out := []string{"", st.Hint.Render(ansi.Truncate(r.Profile+"'s model receives:", width, "…"))}
		for i := range pic.Len() {
			out = append(out, pic.Row(i))
		}
		return out
	}
	return nil
}

func (m *Model) compareKey(msg tea.KeyPressMsg) tea.Cmd {
	c, k := m.cmp, m.keys
	switch {
	case key.Matches(msg, k.Cancel), key.Matches(msg, k.Compare):
		c.cancel()
		m.cmp, m.focus = nil, focusTranscript
	case key.Matches(msg, k.Up):
		c.sel, c.moved = max(c.sel-1, 0), true
	case key.Matches(msg, k.Down):
		c.sel, c.moved = min(c.sel+1, max(len(c.rows)-1, 0)), true
	case key.Matches(msg, k.Submit):
		if c.sel >= len(c.rows) {
			return nil
		}
		c.cancel()
		profile := c.rows[c.sel].Profile
		m.cmp, m.focus = nil, focusTranscript
		return m.read(-1, profile, c.path, nil, nil, nil)
	case key.Matches(msg, k.Quit):
		return tea.Quit
	}
	return nil
}

// counted is n and the word, plural unless n is 1: "3 agents".
func counted(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
