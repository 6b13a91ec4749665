package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/session"
	"github.com/spf13/cobra"
)

// sessionZone is the zone the list of sessions gives times in; tests pin it.
var sessionZone = time.Local

// listedJSON is one session of `readlens session --json` without FILE.
type listedJSON struct {
	Agent     string `json:"agent"`
	AgentName string `json:"agent_name"`
	Version   string `json:"version"`
	SessionID string `json:"session_id"`
	File      string `json:"file"`
	Modified  string `json:"modified"`
	// Started is when the session began, as its first record says, or its
	// file's mtime when none does; TimeFrom says which ("session", or why).
	Started  string `json:"started"`
	TimeFrom string `json:"time_from"`
	Cwd      string `json:"cwd"`
	Prompt   string `json:"prompt"`
	Reads    int    `json:"reads"`
	Partial  bool   `json:"partial"`
}

// runSessionList lists the sessions of the current directory (or --cwd)
// and below, newest first.
func runSessionList(cmd *cobra.Command, f sessionFlags) error {
	if f.check {
		return usageErr("--check checks one session: give its FILE (readlens session lists them)")
	}
	if err := session.KnownAgent(f.agent); err != nil {
		return usageErr("--%v", err)
	}
	dir := f.cwd
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return usageErr("the current directory: %v", err)
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return usageErr("--cwd: %v", err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usageErr("--cwd %s: not a directory", dir)
	}
	home, _ := os.UserHomeDir()
	l, err := session.List(session.ListOptions{Dir: dir, Home: home, Agent: f.agent})
	if err != nil {
		return usageErr("%v", err)
	}
	out, errw := cmd.OutOrStdout(), cmd.ErrOrStderr()
	if !f.json && !f.text && terminals(cmd) {
		return inspectSessions(cmd, l, dir)
	}
	if f.json {
		err = writeListJSON(out, l, isTerminal(out))
	} else {
		err = writeListText(out, l, dir, f.agent, listWidth(out))
	}
	if err != nil {
		return usageErr("%v", err)
	}
	writeListNotes(errw, l)
	return nil
}

// listWidth is the terminal's width, or 80 when the output is not one.
func listWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && isTerminal(w) {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
			return cols
		}
	}
	return 80
}

func writeListJSON(w io.Writer, l *session.Listing, terminal bool) error {
	list := []listedJSON{}
	for _, s := range l.Sessions {
		list = append(list, listedJSON{Agent: s.Agent, AgentName: s.AgentName, Version: s.Version, SessionID: s.ID,
			File: s.File, Modified: s.Modified.UTC().Format(time.RFC3339), Started: s.Time.UTC().Format(time.RFC3339Nano),
			TimeFrom: s.TimeFrom, Cwd: s.Cwd, Prompt: s.Prompt,
			Reads: s.Reads, Partial: s.Partial})
	}
	return encodeJSON(w, list, terminal)
}

// writeListText writes one line a session: the agent, when it began, its
// reads, and its first prompt on one line, cut to width.
func writeListText(w io.Writer, l *session.Listing, dir, agent string, width int) error {
	if len(l.Sessions) == 0 {
		whose := "Claude Code, pi, Codex CLI, Gemini CLI or opencode"
		if agent != "" {
			whose = agent
		}
		_, err := fmt.Fprintf(w, "no session of %s in %s or below\n", whose, render.Plain(dir))
		return err
	}
	rows := [][]string{{"agent", "started", "reads", ""}}
	for _, s := range l.Sessions {
		reads := strconv.Itoa(s.Reads)
		if s.Partial {
			reads += "+"
		}
		rows = append(rows, []string{render.Plain(s.AgentName), s.Time.In(sessionZone).Format("2006-01-02 15:04"), reads, ""})
	}
	var table bytes.Buffer
	writeColumns(&table, rows, map[int]bool{2: true})
	var b bytes.Buffer
	for i, line := range strings.Split(strings.TrimSuffix(table.String(), "\n"), "\n") {
		prompt := "first prompt"
		if i > 0 {
			prompt = oneLine(l.Sessions[i-1].Prompt)
		}
		b.WriteString(line)
		b.WriteString(ansi.Truncate(prompt, max(width-ansi.StringWidth(line), 1), "…"))
		b.WriteByte('\n')
	}
	_, err := w.Write(b.Bytes())
	return err
}

// oneLine is a prompt on one line, safe for a terminal: its runs of
// white space as one space. Only its start is looked at: a line shows no
// more.
func oneLine(s string) string {
	if len(s) > 4096 {
		cut := 4096
		for cut > 0 && !isRuneStart(s, cut) {
			cut--
		}
		s = s[:cut]
	}
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "-"
	}
	return render.Plain(s)
}

// writeListNotes says what was not listed: files that are not sessions,
// an opencode.db that cannot be read, and the sessions whose time is
// their file's mtime.
func writeListNotes(w io.Writer, l *session.Listing) {
	if n := len(l.Skipped); n > 0 {
		fmt.Fprintf(w, "readlens: %d session %s skipped, not readable as a session:\n", n, plural(n, "file", "files"))
		for i, s := range l.Skipped {
			if i == 5 {
				fmt.Fprintf(w, "  and %d more\n", n-5)
				break
			}
			fmt.Fprintf(w, "  %s\n", render.Plain(s))
		}
	}
	var mtime int
	for _, s := range l.Sessions {
		if s.TimeFrom != "session" {
			mtime++
		}
	}
	if mtime > 0 {
		fmt.Fprintf(w, "readlens: %d %s no time of %s own: %s listed at %s file's mtime\n", mtime, plural(mtime, "session gives", "sessions give"),
			plural(mtime, "its", "their"), plural(mtime, "it is", "they are"), plural(mtime, "its", "their"))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
