package render

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/readlens/readlens/theme"
)

// A session's transcript draws each read as a card (the agent's call line,
// the result as recorded) with what the session says of it; every other
// tool call is one dim row, so the order of the session stays visible.

// Recorded is what a session says of one of its reads.
type Recorded struct {
	Index  int    // read 3
	Status string // the session's word: "whole", "cut", "error", "unchanged stub", then "repeat of N"
	Range  string // what it got: "1999-2001 of 3001", "10-12", "whole", a mime type, "-"
	Shell  string // the command line of a read made through the shell, else ""
	Line   int    // the session line holding the call
	Time   string // when the call was made, as recorded
	Source string // which record the model's form of the result came from
	// Version names the agent's release that made the call when readlens's
	// profile is of another ("Codex 0.105.0 (the profile is of 0.169.0)").
	Version string
}

// RecordedRows are the rows under a recorded read's call line: which read
// it is, what the session says of it, where it is in the file. Each is one
// row, cut to width, so that a transcript of many thousands of reads can
// count them without drawing them (RecordedCount).
func RecordedRows(st *theme.Styles, width int, r Recorded) []string {
	head := fmt.Sprintf("read %d", r.Index)
	status := st.Hint
	if strings.HasPrefix(r.Status, "cut") || strings.HasPrefix(r.Status, "error") || strings.HasPrefix(r.Status, "unanswered") {
		status = st.Warning
	}
	ss := []sentence{{st.Hint, head + " · "}, {status, r.Status}}
	switch {
	case r.Range == "" || r.Range == "-" || r.Range == "whole":
	case r.Range[0] >= '0' && r.Range[0] <= '9':
		ss = append(ss, sentence{st.Hint, " · lines " + r.Range})
	default:
		ss = append(ss, sentence{st.Hint, " · " + Plain(r.Range)})
	}
	if r.Version != "" {
		ss = append(ss, sentence{st.Warning, " · by " + Plain(r.Version)})
	}
	rows := []string{clipSentences(ss, width)}
	if r.Shell != "" {
		rows = append(rows, clipSentences([]sentence{{st.Hint, "through the shell: $ " + Plain(r.Shell)}}, width))
	}
	if where := r.where(); where != "" {
		rows = append(rows, clipSentences([]sentence{{st.Hint, Plain(where)}}, width))
	}
	return rows
}

// RecordedCount is how many rows RecordedRows draws.
func RecordedCount(r Recorded) int {
	n := 1
	if r.Shell != "" {
		n++
	}
	if r.where() != "" {
		n++
	}
	return n
}

func (r Recorded) where() string {
	var where []string
	if r.Line > 0 {
		where = append(where, fmt.Sprintf("session line %d", r.Line))
	}
	if r.Time != "" {
		where = append(where, r.Time)
	}
	if r.Source != "" {
		where = append(where, "the model's form: "+r.Source)
	}
	return strings.Join(where, " · ")
}

// clipSentences draws sentences on one row, cut to width with "…".
func clipSentences(ss []sentence, width int) string {
	var b strings.Builder
	room := width
	for _, s := range ss {
		if room <= 0 {
			break
		}
		text := s.text
		if w := ansi.StringWidth(text); w > room {
			text = ansi.Truncate(text, room, "…")
		}
		room -= ansi.StringWidth(text)
		b.WriteString(s.style.Render(text))
	}
	return b.String()
}

// OtherCall is one row for a tool call that is not a read: "· 5 Bash
// go test ./...", dim.
func OtherCall(st *theme.Styles, width, n int, tool, brief string) string {
	row := fmt.Sprintf("· %d %s", n, Plain(tool))
	if brief != "" {
		row += "  " + Plain(brief)
	}
	return st.OtherCall.Render(clip(row, width))
}

// Recheck is a recorded read run again now (the inspector's r).
type Recheck struct {
	Running bool
	Verdict string // same, changed, differs, shell, recorded, unanswered
	Reason  string
	// Since says the file was modified after the read ("" when not, or
	// unknown).
	Since string
	// Diff is the recorded result against readlens's answer, unified; ""
	// when they are the same.
	Diff string
}

// maxDiffRows is how much of a diff a card shows; the rest is counted.
const maxDiffRows = 40

// RecheckRows say what a recorded read gives now: the verdict, whether the
// file changed since, and where the two answers part.
func RecheckRows(st *theme.Styles, width int, k Recheck) []string {
	if k.Running {
		return prose(width, sentence{st.Hint, "now: reading again…"})
	}
	style := st.Hint
	switch k.Verdict {
	case "same":
		style = st.DiffAdd
	case "differs":
		style = st.DiffDel
	case "changed":
		style = st.Warning
	}
	say := "now: " + k.Verdict
	if k.Reason != "" {
		say += " · " + k.Reason
	}
	rows := prose(width, sentence{style, Plain(say)})
	if k.Since != "" {
		rows = append(rows, prose(width, sentence{st.Warning, "file changed since: " + Plain(k.Since)})...)
	}
	if k.Diff == "" {
		return rows
	}
	lines := strings.Split(strings.TrimSuffix(k.Diff, "\n"), "\n")
	for i, l := range lines {
		if i == maxDiffRows {
			rows = append(rows, st.Hint.Render(clip(fmt.Sprintf("… %d more lines of the diff", len(lines)-i), width)))
			break
		}
		style := st.Text
		switch {
		case strings.HasPrefix(l, "@@"):
			style = st.DiffHunk
		case strings.HasPrefix(l, "+"):
			style = st.DiffAdd
		case strings.HasPrefix(l, "-"):
			style = st.DiffDel
		}
		rows = append(rows, style.Render(clip(Plain(l), width)))
	}
	return rows
}

// SessionHead is the first card of a session's transcript: whose session
// it is and what its reads brought in.
type SessionHead struct {
	Agent, Version, ID, Cwd, File string
	Calls, Reads, Shell           int
	Bytes                         int64
	Tokens                        int    // -1 while they are being counted
	Tokenizer                     string // cl100k_base, o200k_base
	Cut, Repeats, Errors, Stubs   int
	// Reading says how far the session file has been read, while it is.
	Reading string
	Notes   []string
}

// SessionHeadRows draws the session's head.
func SessionHeadRows(st *theme.Styles, width int, h SessionHead) []string {
	version := h.Version
	if version == "" {
		version = "(version not recorded)"
	}
	title := fmt.Sprintf("%s %s session %s", h.Agent, version, h.ID)
	if h.Agent == "" {
		title = "a session" // whose, its first records say
	}
	tokens := "tokens being counted"
	if h.Tokens >= 0 {
		tokens = fmt.Sprintf("≈%d tokens, %s", h.Tokens, h.Tokenizer)
	}
	sums := fmt.Sprintf("%d reads (%d shell) of %d tool calls: %s (%s) · %d cut · %d repeats · %d errors · %d unchanged stubs",
		h.Reads, h.Shell, h.Calls, Size(h.Bytes), tokens, h.Cut, h.Repeats, h.Errors, h.Stubs)
	rows := prose(width, sentence{st.CallTool, Plain(title)})
	rows = append(rows, prose(width, sentence{st.Hint, "cwd " + Plain(h.Cwd) + " · " + Plain(h.File)})...)
	rows = append(rows, prose(width, sentence{st.Text, sums})...)
	if h.Reading != "" {
		rows = append(rows, prose(width, sentence{st.Hint, Plain(h.Reading)})...)
	}
	for _, n := range h.Notes {
		rows = append(rows, prose(width, sentence{st.Note, "readlens: " + Plain(n)})...)
	}
	return rows
}
