package tui

import (
	"context"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// comparison is the compare view of one file: every agent's row, filled in
// as each agent answers (issue 12), one of them selected.
type comparison struct {
	path   string
	rows   []*compare.Row // sorted worst first as they arrive
	asked  int            // agents asked
	sel    int
	cancel context.CancelFunc
}

// compareMaxCalls bounds each agent's paging plan in the inspector: a plan
// re-reads the file for every call, and the view must fill in promptly.
const compareMaxCalls = 200

type compareRowMsg struct {
	path string
	row  *compare.Row
}

// compareFile opens the compare view on path and asks every agent, each in
// its own command, so rows appear as they are answered.
func (m *Model) compareFile(path string) tea.Cmd {
	if m.cmp != nil && m.cmp.cancel != nil {
		m.cmp.cancel()
	}
	ctx, cancel := context.WithCancel(m.ctx)
	m.cmp = &comparison{path: path, asked: len(all.Profiles), cancel: cancel}
	m.focus = focusCompare
	base := reader.Request{Cwd: m.opts.Cwd, Worktree: m.opts.Worktree, Home: m.opts.Home, FS: m.opts.FS}
	cmds := make([]tea.Cmd, 0, len(all.Profiles))
	for _, p := range all.Profiles {
		cmds = append(cmds, func() tea.Msg {
			req := base
			req.Profile = p
			row, err := compare.Agent(ctx, path, req, compare.Options{MaxCalls: compareMaxCalls})
			if err != nil || ctx.Err() != nil {
				return nil
			}
			return compareRowMsg{path, row}
		})
	}
	return tea.Batch(cmds...)
}

func (c *comparison) add(row *compare.Row) {
	c.rows = append(c.rows, row)
	compare.SortWorstFirst(c.rows)
}

func (c *comparison) view(st *theme.Styles, width, height int) string {
	table := render.CompareTable(st, c.path, c.rows, width, c.sel)
	if waiting := c.asked - len(c.rows); waiting > 0 {
		table += st.Hint.Render(counted(waiting, "agent")+" still reading…") + "\n"
	}
	rows := strings.Split(strings.TrimRight(table, "\n"), "\n")
	return strings.Join(rows[:min(len(rows), height)], "\n")
}

func (m *Model) compareKey(msg tea.KeyPressMsg) tea.Cmd {
	c, k := m.cmp, m.keys
	switch {
	case key.Matches(msg, k.Cancel), key.Matches(msg, k.Compare):
		c.cancel()
		m.cmp, m.focus = nil, focusTranscript
	case key.Matches(msg, k.Up):
		c.sel = max(c.sel-1, 0)
	case key.Matches(msg, k.Down):
		c.sel = min(c.sel+1, max(len(c.rows)-1, 0))
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
