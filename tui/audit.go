package tui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
)

// auditing is the audit view (readlens audit --tui, or a in the cards):
// the findings of reader/audit's run, listed as they come, each file's
// worst first; enter opens that file's card for that agent, the default
// call the audit judged, read again through the same engine.
type auditing struct {
	root     string
	rows     []auditRow
	files    int // files audited so far
	skipped  int // entries not audited, each a row of its own
	sel, top int
	done     bool
	err      error
	cancel   context.CancelFunc
	next     tea.Cmd // waits for the run's next files
}

// auditRow is a finding, or an entry the audit skipped (Skipped says why;
// Path is its path, the rest is empty), where readlens audit's text form
// puts it.
type auditRow struct {
	audit.Finding
	Skipped string
}

// auditBatch is what the run handed over since the last one: the files
// that came meanwhile, and whether the run is over.
type auditBatchMsg struct {
	view  *auditing
	files []audit.File
	done  bool
	err   error
}

// auditBatchMax bounds the files one message carries, so the list is
// drawn while a large tree is audited.
const auditBatchMax = 256

// auditNameWidth is the agent column's: the longest name.
var auditNameWidth = func() int {
	w := 0
	for _, n := range all.Names() {
		w = max(w, len(n))
	}
	return w
}()

// auditProject is what a in the cards audits: the agents' working
// directory, every agent, as readlens audit does with no PATH.
func (m *Model) auditProject() audit.Options {
	root := m.opts.Cwd
	return audit.Options{Root: root, Paths: []string{root}, Profiles: all.Profiles,
		Base: reader.Request{Cwd: root, Worktree: m.opts.Worktree, Home: m.opts.Home, FS: m.opts.FS}}
}

// openAudit shows the audit view: the run already made, else a new one.
func (m *Model) openAudit(opts *audit.Options) tea.Cmd {
	m.focus = focusAudit
	if m.aud != nil {
		return nil
	}
	ctx, cancel := context.WithCancel(m.ctx)
	v := &auditing{root: opts.Root, cancel: cancel}
	m.aud = v
	type item struct {
		file audit.File
		err  error
		end  bool
	}
	ch := make(chan item, auditBatchMax)
	go func() {
		_, err := audit.Run(ctx, *opts, func(f audit.File) error {
			select {
			case ch <- item{file: f}:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
		select {
		case ch <- item{err: err, end: true}:
		case <-ctx.Done():
		}
	}()
	v.next = func() tea.Msg {
		msg := auditBatchMsg{view: v}
		add := func(it item) {
			if it.end {
				msg.done, msg.err = true, it.err
				return
			}
			msg.files = append(msg.files, it.file)
		}
		select {
		case it := <-ch:
			add(it)
		case <-ctx.Done():
			return nil
		}
		for !msg.done && len(msg.files) < auditBatchMax {
			select {
			case it := <-ch:
				add(it)
			default:
				return msg
			}
		}
		return msg
	}
	return v.next
}

// auditBatch takes a batch into its view and asks for the next.
func (m *Model) auditBatch(msg auditBatchMsg) tea.Cmd {
	v := msg.view
	if v != m.aud {
		return nil // a run since closed
	}
	for _, f := range msg.files {
		if f.Skipped != "" {
			v.skipped++
			v.rows = append(v.rows, auditRow{Finding: audit.Finding{Path: f.Path}, Skipped: f.Skipped})
			continue
		}
		v.files++
		for _, x := range render.WorstFirst(f.Findings) {
			v.rows = append(v.rows, auditRow{Finding: x})
		}
	}
	if msg.done {
		v.done, v.err = true, msg.err
		return nil
	}
	return v.next
}

func (m *Model) auditKey(msg tea.KeyPressMsg) tea.Cmd {
	v, k := m.aud, m.keys
	page := max(m.bodyHeight()-2, 1)
	if i, ok := k.rowMove(msg, v.sel, len(v.rows)-1, page); ok {
		v.move(i)
		return nil
	}
	switch {
	case key.Matches(msg, k.Quit):
		return tea.Quit
	case key.Matches(msg, k.Help):
		m.fullHelp = !m.fullHelp
	case key.Matches(msg, k.Cancel), key.Matches(msg, k.Audit):
		m.focus = focusTranscript // the run goes on; a shows it again
	case key.Matches(msg, k.Submit):
		return m.openFinding()
	}
	return nil
}

// move selects row i, within the rows there are.
func (v *auditing) move(i int) {
	v.sel = max(min(i, len(v.rows)-1), 0)
}

// openFinding opens the selected finding's file in a card for its agent:
// the default call the audit judged, read again through the same engine.
func (m *Model) openFinding() tea.Cmd {
	v := m.aud
	if v.sel >= len(v.rows) {
		return nil
	}
	x := v.rows[v.sel]
	if x.Skipped != "" {
		return m.say("not audited: " + render.Plain(x.Skipped))
	}
	p := x.Path
	if !filepath.IsAbs(p) {
		p = filepath.Join(v.root, p)
	}
	m.focus = focusTranscript
	cmd := m.read(-1, x.Profile, p, nil, nil, nil)
	m.follow()
	return cmd
}

// auditClick selects the row under a click on the view's line y; a click
// on the selected row opens it, as enter does.
func (m *Model) auditClick(y int) tea.Cmd {
	v := m.aud
	i := v.top + y - auditHead
	if y < auditHead || i >= len(v.rows) {
		return nil
	}
	if i == v.sel {
		return m.openFinding()
	}
	v.sel = i
	return nil
}

// auditHead is the line above the rows: the run's state.
const auditHead = 1

// view draws the run's state on the first row, then a row per finding:
// kind, agent, path and the finding in readlens's words, cut to the width;
// a skipped entry's row says why. The selected row is marked at its left
// edge, as the selected card is, so that it shows without colour too.
func (v *auditing) view(st *theme.Styles, width, height int) string {
	state := "auditing…"
	switch {
	case v.err != nil:
		state = "stopped: " + v.err.Error()
	case v.done:
		state = "done"
	}
	findings := len(v.rows) - v.skipped
	head := fmt.Sprintf("audit of %s: %s, %d skipped, %s · %s", v.root, counted(v.files, "file"), v.skipped, counted(findings, "finding"), state)
	rows := []string{st.Hint.Render(ansi.Truncate(render.Plain(head), width, "…"))}
	body := max(height-auditHead, 0)
	if v.done && v.err == nil && findings == 0 {
		rows = append(rows, "Every agent reads every file whole.")
		body--
	}
	v.top = min(v.top, v.sel)
	if v.sel >= v.top+body {
		v.top = v.sel - body + 1
	}
	for i := v.top; i < len(v.rows) && i < v.top+body; i++ {
		x := v.rows[i]
		var line string
		if x.Skipped != "" {
			line = fmt.Sprintf("  %-7s  %-*s  %s  %s", "skipped", auditNameWidth, "", render.Plain(x.Path), render.Plain(x.Skipped))
		} else {
			line = fmt.Sprintf("  %-7s  %-*s  %s  %s", x.Kind, auditNameWidth, x.Profile, render.Plain(x.Path), render.Plain(render.AuditFinding(x.Finding)))
		}
		line = ansi.Truncate(line, width, "…")
		switch {
		case i == v.sel:
			line = st.Cursor.Render(pad(render.SelectedMark+strings.TrimPrefix(line, " "), width))
		case x.Skipped != "":
			line = st.Hint.Render(line)
		}
		rows = append(rows, line)
	}
	return strings.Join(rows[:min(len(rows), max(height, 0))], "\n")
}

func (k KeyMap) auditHelp() keyHelp {
	back := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "to the cards (a: back here)"))
	return k.listHelp(back)
}
