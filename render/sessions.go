package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/theme"
)

// ListedSession is one row of the inspector's list of sessions.
type ListedSession struct {
	Agent   string // as people call it: "Claude Code"
	When    string // when it started, already in the reader's zone and layout
	Reads   int
	Partial bool // only the first part of the file was read: Reads is a floor
	Prompt  string
}

// SessionList draws the sessions of a directory, one a row under a header,
// the row at cursor marked, height rows from top at most.
func SessionList(st *theme.Styles, width, height int, dir string, rows []ListedSession, cursor, top int) []string {
	out := prose(width, sentence{st.CallTool, fmt.Sprintf("%s of %s and below", counted(len(rows), "session"), Plain(dir))})
	if len(rows) == 0 {
		return append(out, prose(width, sentence{st.Hint, "no session of Claude Code, pi, Codex CLI, Gemini CLI or opencode here: readlens session --cwd DIR lists another directory's"})...)
	}
	agentW, whenW, readsW := len("agent"), len("started"), len("reads")
	cells := make([][3]string, len(rows))
	for i, r := range rows {
		reads := strconv.Itoa(r.Reads)
		if r.Partial {
			reads += "+"
		}
		cells[i] = [3]string{Plain(r.Agent), Plain(r.When), reads}
		agentW = max(agentW, ansi.StringWidth(cells[i][0]))
		whenW = max(whenW, ansi.StringWidth(cells[i][1]))
		readsW = max(readsW, len(reads))
	}
	line := func(agent, when, reads, prompt string) string {
		row := fmt.Sprintf("  %s  %s  %*s  ", pad(agent, agentW), pad(when, whenW), readsW, reads)
		return clip(row+prompt, width)
	}
	out = append(out, st.Hint.Render(line("agent", "started", "reads", "first prompt")))
	room := max(height-len(out), 0)
	for i := top; i < len(rows) && i < top+room; i++ {
		row := line(cells[i][0], cells[i][1], cells[i][2], Plain(oneLine(rows[i].Prompt)))
		if i == cursor {
			row = st.Cursor.Render("›" + row[1:] + strings.Repeat(" ", max(width-ansi.StringWidth(row), 0)))
		} else {
			row = st.Text.Render(row)
		}
		out = append(out, row)
	}
	return out
}

func pad(s string, w int) string { return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0)) }

// oneLine is text on one row: its runs of white space as one space.
func oneLine(s string) string {
	if len(s) > 4096 {
		cut := 4096
		for cut > 0 && s[cut]&0xc0 == 0x80 {
			cut-- // not inside a character
		}
		s = s[:cut]
	}
	if s = strings.Join(strings.Fields(s), " "); s == "" {
		return "-"
	}
	return s
}

// counted is n and the word, plural unless n is 1: "3 sessions".
func counted(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
