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
	back     focus // where esc goes: the picker or the cards it was opened from
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
	back := m.focus
	if m.cmp != nil {
		m.cmp.cancel()
		back = m.cmp.back
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.cmp = &comparison{path: path, asked: len(all.Profiles), answered: make([]*compare.Row, len(all.Profiles)), cancel: cancel, back: back}
	m.focus = focusCompare
	// Pictures: the view draws the selected agent's image (picture). The
	// agents are asked as the cards ask them: with i, for a model that
	// takes no images.
	base := reader.Request{Cwd: m.opts.Cwd, Worktree: m.opts.Worktree, Home: m.opts.Home, FS: m.opts.FS, Pictures: true, NoImages: m.noImages}
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
	lines, _ := c.window(st, width, height, depth)
	return strings.Join(lines, "\n")
}

// window is what the view shows at width and height: the table's head,
// then its rows from where the selected one is in sight, then the picture.
// at maps each shown line to the agent whose row it is (an index of rows),
// -1 where it is none's: for clicks.
func (c *comparison) window(st *theme.Styles, width, height int, depth render.Depth) (lines []string, at []int) {
	t := render.DrawCompare(st, c.path, c.rows, width, c.sel)
	all := t.Lines
	if waiting := c.asked - len(c.rows); waiting > 0 {
		all = append(all, st.Hint.Render(counted(waiting, "agent")+" still reading…"))
	}
	// The picture takes the room below the table, up to its bound, and at
	// least a quarter of the height: the table gives up lines for it.
	pic := c.picture(st, width, min(comparePictureRows, max(height-len(all)-2, height/4)), depth)
	from := tableWindow(len(all), t.Head, height-len(pic), c.selected(t))
	owner := make([]int, len(all))
	for i := range owner {
		owner[i] = -1
	}
	for r, span := range t.Rows {
		for i := span[0]; i < span[1]; i++ {
			owner[i] = r
		}
	}
	room := max(height-len(pic), 0)
	for i := 0; i < len(all) && len(lines) < room; i++ {
		if i >= t.Head && i < from {
			continue
		}
		lines, at = append(lines, all[i]), append(at, owner[i])
	}
	for _, p := range pic {
		if len(lines) < height {
			lines, at = append(lines, p), append(at, -1)
		}
	}
	return lines, at
}

// selected is the lines that must show with the selection: its row's, and
// for the last row the table's end and the notes below it too.
func (c *comparison) selected(t render.ComparedTable) [2]int {
	if c.sel >= len(t.Rows) {
		return [2]int{t.Head, t.Head}
	}
	span := t.Rows[c.sel]
	if c.sel == len(t.Rows)-1 {
		span[1] = len(t.Lines) + 1 // and "still reading…", when it is there
	}
	return span
}

// tableWindow is the first line of the table's body to show, below its
// head lines, when room lines show of n: the selected lines [from, to) in
// sight, their top first when they do not all fit.
func tableWindow(n, head, room int, sel [2]int) int {
	w := room - head
	if n <= room || w <= 0 {
		return head
	}
	to := min(sel[1], n)
	return max(head, min(sel[0], to-w))
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
	page := max(m.bodyHeight()/4, 1) // a row is three lines or more
	if i, ok := k.rowMove(msg, c.sel, len(c.rows)-1, page); ok {
		c.move(i)
		return nil
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.fullHelp = !m.fullHelp
	case key.Matches(msg, k.Cancel), key.Matches(msg, k.Compare):
		m.closeCompare()
	case key.Matches(msg, k.Submit):
		return m.openCompared()
	}
	return nil
}

// move selects row i, within the rows there are.
func (c *comparison) move(i int) {
	c.sel, c.moved = max(min(i, len(c.rows)-1), 0), true
}

// closeCompare stops the agents still reading and goes back to where the
// view was opened from.
func (m *Model) closeCompare() {
	m.cmp.cancel()
	m.cmp, m.focus = nil, m.cmp.back
}

// openCompared opens the selected agent's card: its default call on the
// file, read again as the cards read, its tab the header's.
func (m *Model) openCompared() tea.Cmd {
	c := m.cmp
	if c.sel >= len(c.rows) {
		return nil
	}
	profile := c.rows[c.sel].Profile
	m.closeCompare()
	m.focus = focusTranscript
	cmd := m.read(-1, profile, c.path, nil, nil, nil)
	m.follow()
	return cmd
}

// compareClick selects the row under a click on the view's line y; a click
// on the selected row opens it, as enter does.
func (m *Model) compareClick(l layout, y int) tea.Cmd {
	c := m.cmp
	_, at := c.window(m.st, l.cardW, l.bodyHeight, m.depth)
	if y >= len(at) || at[y] < 0 {
		return nil
	}
	if at[y] == c.sel {
		return m.openCompared()
	}
	c.move(at[y])
	return nil
}

// counted is n and the word, plural unless n is 1: "3 agents".
func counted(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
