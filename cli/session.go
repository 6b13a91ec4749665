package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/session"
	"github.com/spf13/cobra"
)

// sessionFlags are the options of `readlens session`.
type sessionFlags struct {
	json  bool
	check bool
	cwd   string
	agent string
	text  bool
}

func newSessionCmd() *cobra.Command {
	var f sessionFlags
	cmd := &cobra.Command{
		Use:   "session [FILE|DIR]",
		Short: "List the sessions of this directory, or every file read of one session, and check them against readlens",
		Long: `Read an agent's session file and list every file read in it: the call, the
lines it got, the bytes it brought in, and whether it was cut, an error, a
repeat of an earlier read (same path, offset and limit) or a "file unchanged"
stub.

On a terminal, FILE opens in the inspector as its transcript: a card per
read, drawn as the agent draws it with the result the model received, a dim
row for every other tool call, and a head that sums the session; r on a
card runs that read again now (at --cwd, if the project moved) and shows
same, changed or differs, with a diff of recorded against now. A long
session shows its first screen while the rest is read. --text prints the
listing instead, as on a pipe. Shell commands that only print a file (cat, head, sed -n, nl) count as
reads too. The result is the one the model received: for Claude Code, the
request's form of it, not the transcript's.

Formats, told from the file (--agent NAME reads it as that agent's):
  claude-code  ~/.claude/projects/<project>/<id>.jsonl (or under $CLAUDE_CONFIG_DIR)
  pi           ~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl
  codex        ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl (Codex 0.169.0 reads
               through its shell: those reads are shell reads; read_file, in
               0.57.0 to 0.105.0, is checked through the codex profile)
  gemini-cli   ~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl (.json up
               to 0.38.2: its working directory is <project>/.project_root's)
  opencode     ~/.local/share/opencode/opencode.db (or under $XDG_DATA_HOME): its
               only session, or DB#ID, one of them (the list names them so);
               or what ` + "`opencode export <session id>`" + ` prints

Without FILE, the sessions of every agent whose working directory is the
current directory (or --cwd DIR) or below it, newest first (on a terminal,
as a list in the inspector: enter opens one, tab comes back): the agent, when
the session began (as its first record says; its file's mtime when no
record does), its reads ("12+" when only the first 32 MiB of a longer
session were read) and its first prompt; --json lists them as an array.
Each is looked for where its agent keeps it, moved by the variables the
agent honours: $CLAUDE_CONFIG_DIR (else ~/.claude), $PI_CODING_AGENT_DIR
(else ~/.pi/agent) or $PI_CODING_AGENT_SESSION_DIR, $CODEX_HOME (else
~/.codex; archived_sessions too), $GEMINI_CLI_HOME (else ~),
$XDG_DATA_HOME (else ~/.local/share) for opencode's opencode.db, whose
sessions --json names as DB#ID. Files that are not sessions are skipped
and named.

A DIR holding one session file (a Claude Code project folder, pi's
--<cwd>-- folder, a Codex day folder, a Gemini CLI project folder or its
chats folder) reads that one; a DIR holding opencode.db reads the database.

--check runs every read again with readlens, at the session's working
directory (or --cwd, where the project is now), and says for each: same
(readlens gives what the model received), changed (it gives something else,
and the session shows the file changed, or the file is gone), differs
(something else, and nothing says the file changed), shell (not run
again) or recorded (a tool readlens has no profile of, as Codex's
view_image: not run again). Exit status: 1 when a read differs, 2 when the file cannot be read as
a session, else 0.`,
		Example: `  readlens session                                   # the sessions of this directory
  readlens session --cwd ~/src/app --json
  readlens session ~/.claude/projects/-home-me-app/5e55105e-….jsonl
  readlens session SESSION.jsonl                     # in the inspector, on a terminal
  readlens session SESSION.jsonl --text              # the listing
  readlens session SESSION.jsonl --check
  readlens session SESSION.jsonl --check --cwd ~/src/app   # the project moved
  readlens session SESSION.jsonl --json | jq '.reads[] | select(.cut)'`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, pos []string) error {
			if len(pos) == 0 {
				return runSessionList(cmd, f)
			}
			return runSession(cmd, pos[0], f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.json, "json", false, "print one JSON object: the session and every read, with the result the model received (without FILE: an array, one object a session)")
	fl.BoolVar(&f.check, "check", false, "run every read again with readlens: same, changed or differs (exit 1 if one differs)")
	fl.StringVar(&f.cwd, "cwd", "", "with --check or in the inspector: where the session's working directory is now, if the project moved; without FILE: the directory whose sessions are listed")
	fl.BoolVar(&f.text, "text", false, "print text even on a terminal, where the inspector opens (FILE as its transcript, or the list of sessions)")
	fl.StringVar(&f.agent, "agent", "", "read the file as this agent's session ("+strings.Join(session.Formats(), ", ")+"), not the one the file tells")
	return cmd
}

func runSession(cmd *cobra.Command, path string, f sessionFlags) error {
	inspect := !f.json && !f.check && !f.text && terminals(cmd)
	if f.cwd != "" && !f.check && !inspect {
		return usageErr("--cwd says where to run --check: give --check too")
	}
	if err := session.KnownAgent(f.agent); err != nil {
		return usageErr("--%v", err) // --agent "NAME": readlens reads the sessions of …
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		if path, err = session.File(path); err != nil {
			return usageErr("%v", err)
		}
	}
	defer boundMemory()()
	if inspect {
		return inspectSession(cmd, path, f)
	}
	// A file, or opencode's database (DB#ID, one of its sessions).
	s, err := session.Open(path, session.Options{Agent: f.agent, Here: hereOf(f.cwd)})
	var pathErr *fs.PathError
	switch {
	case errors.As(err, &pathErr):
		return usageErr("%v", err)
	case err != nil:
		return usageErr("%s: %v", path, err)
	}
	notes := append([]string(nil), s.Notes...)
	if release, differs := session.ReleaseDiffers(s.Agent, s.Version); differs {
		notes = append(notes, fmt.Sprintf("this session was written by %s %s; readlens reproduces %s's read tool as of %s, so --check may differ where the tool changed",
			s.AgentName, s.Version, s.AgentName, release))
	}
	var checked []session.Checked
	if f.check {
		dir, err := movedTo(f.cwd)
		if err != nil {
			return err
		}
		switch st, serr := os.Stat(s.Cwd); {
		case dir != "": // the project moved there
		case !filepath.IsAbs(s.Cwd):
			return usageErr("the session's working directory %q is not an absolute path (readlens's recorded sessions have $ROOT there): give --cwd DIR, where its files are", s.Cwd)
		case serr != nil || !st.IsDir():
			notes = append(notes, fmt.Sprintf("the session's working directory %s is not here: its reads will be changed (gone); --cwd DIR checks them where the project is now", s.Cwd))
		}
		checked, err = session.Check(cmd.Context(), s, session.CheckOptions{Dir: dir, Now: now})
		if err != nil {
			return usageErr("%v", err)
		}
	}
	out := cmd.OutOrStdout()
	if f.json {
		err = writeSessionJSON(out, path, s, checked, notes, f.check, isTerminal(out))
	} else {
		for _, n := range notes {
			fmt.Fprintln(cmd.ErrOrStderr(), "readlens: "+render.Plain(n))
		}
		err = writeSessionText(out, s, checked, f.check)
	}
	if err != nil {
		return usageErr("%v", err)
	}
	if session.Counts(checked)[session.Differs] > 0 {
		return &exitError{code: exitToolError, err: errors.New("a read differs"), silent: true}
	}
	return nil
}

// shownPath is a read's path relative to the session's directory when it
// is under it.
func shownPath(s *session.Session, c *session.Call) string {
	p := c.Path
	if rel, ok := strings.CutPrefix(p, s.Cwd+"/"); ok && s.Cwd != "" {
		p = rel
	}
	if p == "" {
		p = "-"
	}
	return render.Plain(p)
}

func writeSessionText(w io.Writer, s *session.Session, checked []session.Checked, check bool) error {
	var b bytes.Buffer
	sum := session.Summarize(s)
	version := s.Version
	if version == "" {
		version = "(version not recorded)"
	}
	fmt.Fprintf(&b, "%s %s session %s, cwd %s\n", render.Plain(s.AgentName), render.Plain(version), render.Plain(s.ID), render.Plain(s.Cwd))
	fmt.Fprintf(&b, "%d reads (%d shell) of %d tool calls: %d bytes (≈%d tokens, %s), %d cut, %d repeats, %d errors, %d unchanged stubs\n",
		sum.Reads, sum.Shell, sum.Calls, sum.Bytes, sum.Tokens, sum.Tokenizer, sum.Cut, sum.Repeats, sum.Errors, sum.Stubs)
	if s.Bad > 0 || len(s.Unknown) > 0 {
		unknown := 0
		for _, n := range s.Unknown {
			unknown += n
		}
		fmt.Fprintf(&b, "%d lines skipped, %d records of unknown types\n", s.Bad, unknown)
	}
	rows := [][]string{{"#", "tool", "path", "range", "bytes", "verdict"}}
	if check {
		rows[0] = append(rows[0], "check")
	}
	for i, c := range s.Reads() {
		row := []string{strconv.Itoa(c.Index), render.Plain(c.Tool), shownPath(s, c), c.Range(), strconv.FormatInt(c.Bytes(), 10), c.Status(s.Agent)}
		if check {
			ch := checked[i]
			v := string(ch.Verdict)
			if ch.Reason != "" && ch.Verdict != session.Shell {
				v += ": " + render.Plain(ch.Reason)
			}
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	writeColumns(&b, rows, map[int]bool{0: true, 4: true})
	if check {
		n := session.Counts(checked)
		fmt.Fprintf(&b, "check: %d same, %d changed, %d differs, %d shell", n[session.Same], n[session.Changed], n[session.Differs], n[session.Shell])
		if n[session.Recorded] > 0 {
			fmt.Fprintf(&b, ", %d recorded (not run again)", n[session.Recorded])
		}
		if n[session.Unanswered] > 0 {
			fmt.Fprintf(&b, ", %d unanswered", n[session.Unanswered])
		}
		b.WriteByte('\n')
		for _, ch := range checked {
			if ch.Verdict == session.Differs && ch.Call.Result != nil {
				differsDetail(&b, ch)
			}
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeColumns writes rows in columns padded to their widths on screen, the
// columns in right right-aligned, the last column unpadded.
func writeColumns(b *bytes.Buffer, rows [][]string, right map[int]bool) {
	widths := map[int]int{}
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	for _, r := range rows {
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-ansi.StringWidth(c))
			switch {
			case i == len(r)-1 && !right[i]:
				b.WriteString(c)
			case right[i]:
				b.WriteString(pad + c)
			default:
				b.WriteString(c + pad)
			}
			if i < len(r)-1 {
				b.WriteString("  ")
			}
		}
		b.WriteByte('\n')
	}
}

// differsDetail says where readlens and the recorded result part.
func differsDetail(b *bytes.Buffer, ch session.Checked) {
	r := ch.Call.Result
	was := r.Output.String()
	fmt.Fprintf(b, "read %d differs", ch.Call.Index)
	if ch.Reason != "" {
		fmt.Fprintf(b, " (%s)", render.Plain(ch.Reason))
	}
	switch {
	case ch.IsError != r.IsError:
		fmt.Fprintf(b, ": recorded is_error %v, readlens %v\n", r.IsError, ch.IsError)
	case ch.Output == was:
		fmt.Fprintf(b, ": the attachments differ\n")
	default:
		at := 0
		for at < len(was) && at < len(ch.Output) && was[at] == ch.Output[at] {
			at++
		}
		fmt.Fprintf(b, ": %d bytes recorded, %d from readlens, first difference at byte %d\n", len(was), len(ch.Output), at)
		fmt.Fprintf(b, "  recorded: %s\n  readlens: %s\n", excerpt(was, at), excerpt(ch.Output, at))
	}
}

// excerpt is s around byte at, quoted: escapes keep it on one line and
// keep control characters from the terminal.
func excerpt(s string, at int) string {
	from, to := max(0, at-20), min(len(s), at+40)
	for from > 0 && !isRuneStart(s, from) {
		from--
	}
	for to < len(s) && !isRuneStart(s, to) {
		to++
	}
	q := strconv.Quote(s[from:to])
	if from > 0 {
		q = "…" + q
	}
	if to < len(s) {
		q += "…"
	}
	return render.Plain(q)
}

func isRuneStart(s string, i int) bool { return s[i]&0xc0 != 0x80 }

// movedTo is --cwd, where a session's working directory is now, made
// absolute; "" when it was not given.
func movedTo(cwd string) (string, error) {
	if cwd == "" {
		return "", nil
	}
	dir, err := filepath.Abs(cwd)
	if err != nil {
		return "", usageErr("--cwd: %v", err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", usageErr("--cwd %s: not a directory", dir)
	}
	return dir, nil
}

// hereOf is the directory a session is read near: --cwd when it is one,
// else the current directory (a Gemini CLI chat's project folder may be
// named by its hash, or a parent's); --cwd's own errors are said where it
// is used.
func hereOf(cwd string) string {
	if dir, err := movedTo(cwd); err == nil && dir != "" {
		return dir
	}
	wd, _ := os.Getwd()
	return wd
}
