// Package session reads the session file a coding agent writes as it works
// and finds every file read in it: the call, the result as the model
// received it (and which record that form came from), and what the rest of
// the session says about it: a repeat of an earlier read, a "file
// unchanged" stub, an edit of the file, a later read that saw other content.
// Check runs each read again through the engine (reader.Read with the
// agent's profile) and says whether readlens gives what the agent gave.
//
// Formats, each in its own file, each with a real session in
// testdata/sessions/<agent>/ recorded by internal/record: Claude Code's
// JSONL transcript (claude.go, 2.1.330), pi's session (pi.go, 0.73.1),
// Codex's rollout (codex.go, 0.169.0, and 0.105.0's read_file), Gemini
// CLI's JSONL chat recording (gemini.go, 0.61.0), and opencode's session
// as `opencode export` prints it (opencode.go, 1.18.33) or as its
// opencode.db holds it (opencode_db.go, the same parser). detect.go tells
// them apart. list.go finds the sessions of a directory where each agent
// keeps them (list_where.go), reading each no further than a budget.
//
// A session is read as a stream, one line at a time through a bounded
// buffer (Options.MaxLine): it holds the calls and their results, never
// the file, nor the request records that repeat the conversation. A line
// that is not a record, a half-written last line, a record type this
// package does not know: each is counted and noted, never an error.
package session

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"sync/atomic"
	"time"
)

// Kind says what a tool call is to a reader of the session.
type Kind int

const (
	KindRead  Kind = iota // the agent's read tool (Claude Code's Read)
	KindShell             // a shell command that only prints a file: cat, head, sed -n, nl
	KindOther             // any other tool call
)

// Session is what a session file says about the reads in it.
type Session struct {
	Agent     string // the readlens profile of the agent ("claude-code")
	AgentName string // as people call it ("Claude Code")
	Version   string // the agent's version, from its records
	ID        string // the session's id
	Cwd       string // the working directory of the session's first record
	// Prompt is the first prompt the user gave, as recorded: what a list
	// of sessions shows of each ("" when none is recorded).
	Prompt string

	// Calls are every tool call, in the order the model made them.
	Calls []*Call
	// Changes are what the session records of files changing: the agent's
	// own edits and the changes it noticed, in order.
	Changes []Change

	// Started is when the session began, as its first record says; zero
	// when no record says.
	Started time.Time
	// Unit is what Lines and each Line count: "" for a file's lines, "row"
	// for opencode.db's rows.
	Unit string

	Lines   int            // lines read
	Records int            // records understood
	Unknown map[string]int // records of a type this package does not know, by type
	Bad     int            // lines that are not a record (notes say which)
	Notes   []string       // what was skipped, and why (at most maxNotes)

	spill    *spill // where the long texts are (text.go); nil until one is
	spillErr error  // why the spill file could not be used: texts are held
}

// Call is one tool call of the model, with its result.
type Call struct {
	N     int // position among all the session's calls, from 1
	Index int // position among the reads (Kind Read and Shell), from 1; 0 for other calls
	Kind  Kind
	ID    string // the tool_use id
	Tool  string // the tool's name ("Read", "Bash", "Edit")
	Args  []byte // the arguments as the model sent them (JSON)
	Line  int    // the session line holding the call
	Cwd   string // the agent's working directory when it made the call
	Time  string // the timestamp of the call's record

	Path    string // the file the call reads or edits, absolute and cleaned ("" when none)
	Command string // a shell read's command line
	Span    Span   // the lines a shell read prints

	// Result is the result as the model received it; nil when the session
	// ends before the agent answered the call.
	Result *Result
	// RepeatOf is the Index of the latest earlier read of the same path,
	// offset and limit (for a shell read: the same command's path and lines).
	RepeatOf int
	// Stub says the result is Claude Code's "file unchanged" stub, which
	// stands for the content of the earlier read (RepeatOf).
	Stub bool
	// Unchecked says why Check does not run this read again (a tool
	// readlens has no profile of, as Codex's view_image); "" when it does.
	Unchecked string
}

// Span is a range of lines, from 1; To 0 is the end of the file.
type Span struct{ From, To int }

// Result is a tool's answer as the model received it.
type Result struct {
	// Output is the tool's text: with content blocks, their text blocks
	// joined by a newline, as readlens read prints it. What the harness
	// adds to the result before sending it (system reminders) is not in
	// it, but in Harness. A long text is in the session's spill file
	// (text.go): Output.String() reads it back, Output.Len() needs not.
	Output  Text
	Harness Text
	// Cut says the format's record shows the tool gave part of the file
	// (pi's truncation details, its "Use offset=N to continue" notice),
	// where there is no FileView to tell.
	Cut         bool
	Attachments []Attachment // images and documents, in order
	IsError     bool
	Source      Source
	// Transcript is true when the transcript's own form of the result (the
	// user record) differs from the one the model received, as Claude
	// Code's does before the request trims its end.
	Transcript bool
	// File is what the tool reported having read, when it did (Claude
	// Code's toolUseResult): the first line, the lines, the total, and the
	// text of those lines.
	File *FileView
}

// sameResult reports whether two results are the same to the model: the
// text, the error flag and the attachments.
func sameResult(a, b *Result) bool {
	if !a.Output.Equal(b.Output) || a.IsError != b.IsError || len(a.Attachments) != len(b.Attachments) {
		return false
	}
	for i := range a.Attachments {
		if a.Attachments[i] != b.Attachments[i] {
			return false
		}
	}
	return true
}

// Source names the record a result's form came from.
type Source struct {
	Record string // "api-request-blob" (the request as sent) or "user" (the transcript)
	Line   int
	Hash   string // the blob's hash
	Unit   string // what Line counts: "" for lines, "row" for opencode.db's rows
	// Trimmed is true when no request holding the result was recorded and
	// the transcript's form was trimmed the way the request trims it.
	Trimmed bool
}

// String is the source for a person: "api-request-blob 3433e25b (line 25)".
func (s Source) String() string {
	unit := unitOr(s.Unit)
	switch {
	case s.Hash != "":
		return fmt.Sprintf("%s %.8s (%s %d)", s.Record, s.Hash, unit, s.Line)
	case s.Trimmed:
		return fmt.Sprintf("%s record (%s %d), its end trimmed as the request trims it", s.Record, unit, s.Line)
	}
	return fmt.Sprintf("%s record (%s %d)", s.Record, unit, s.Line)
}

// unitOr is what a Line counts: "line" unless the unit is another.
func unitOr(unit string) string {
	if unit == "" {
		return "line"
	}
	return unit
}

// Attachment is an image or a document in a result.
type Attachment struct {
	Mime   string `json:"mime"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// FileView is what a read tool said it read.
type FileView struct {
	Start, Lines, Total int
	Content             Text // the lines read, joined by newlines, as the tool decoded them
}

// Change is a record of a file changing during the session.
type Change struct {
	Path string
	Line int    // the session line
	Call int    // the call that made it (its N), 0 when the agent only noticed it
	By   string // the tool ("Edit", "Write") or what noticed it
}

// Cut reports whether the model saw less of the file than the whole.
func (c *Call) Cut() bool {
	if c.Result == nil || c.Result.IsError {
		return false
	}
	if c.Result.Cut {
		return true
	}
	if f := c.Result.File; f != nil {
		return f.Start > 1 || f.Start+f.Lines-1 < f.Total
	}
	return c.Kind == KindShell && (c.Span.From > 1 || c.Span.To != 0)
}

// Bytes is what the result brought into the context: its text and its
// attachments, harness reminders not counted.
func (c *Call) Bytes() int64 {
	if c.Result == nil {
		return 0
	}
	n := int64(c.Result.Output.Len())
	for _, a := range c.Result.Attachments {
		n += a.Size
	}
	return n
}

// Reads are the calls that read a file: the read tool's and the shell's.
func (s *Session) Reads() []*Call {
	var out []*Call
	for _, c := range s.Calls {
		if c.Kind != KindOther {
			out = append(out, c)
		}
	}
	return out
}

// UnknownTypes lists the unknown record types, sorted.
func (s *Session) UnknownTypes() []string {
	var t []string
	for k := range s.Unknown {
		t = append(t, k)
	}
	sort.Strings(t)
	return t
}

// ErrNotSession is returned for a file in which no line is a record of a
// format this package reads.
var ErrNotSession = errors.New("not a session file readlens can read (Claude Code's, pi's or Codex's JSONL, Gemini CLI's chats/session-*.jsonl, opencode export's JSON)")

// ErrSQLite is returned by Parse for an SQLite database, such as the
// opencode.db in which opencode 1.18.33 keeps its sessions: a database is
// read from its file (Open, ParseOpencodeDB), not as a stream.
var ErrSQLite = fmt.Errorf("%w: an SQLite database (opencode keeps its sessions in opencode.db), which readlens reads from its file, not from a stream", ErrNotSession)

// Options bound the reading.
type Options struct {
	// MaxLine is the longest line held (default 64 MiB): a longer one is
	// skipped with a note. An image of Claude Code's largest (3.75 MB of
	// base64) fits many times over.
	MaxLine int
	// Agent reads the file as this agent's format (a profile name, one of
	// Formats()); "" tells the format from the file (detect.go).
	Agent string
	// Until, when set, is asked after each line: true stops the reading
	// there, the session as far as it goes (a list that needs only the
	// working directory stops once it is known). JSONL formats only.
	Until func(*Session) bool
	// Progress, when set, is kept up to date with the bytes of the file
	// read so far: a UI shows how far a long session has come.
	Progress *atomic.Int64
	// Here is the directory readlens was asked about (--cwd, else the
	// current one), absolute: Open gives a Gemini CLI .json chat whose
	// project folder has no .project_root the directory among Here and
	// its parents whose hash names that folder ("" looks for none).
	Here string
}

const (
	defaultMaxLine = 64 << 20
	maxNotes       = 20
)

// Parse reads a session from r. The error is r's, KnownAgent's for an
// Options.Agent it does not know, or ErrNotSession (ErrSQLite among
// them); what is wrong inside the file is in the session's notes.
func Parse(r io.Reader, opt Options) (*Session, error) {
	if opt.MaxLine <= 0 {
		opt.MaxLine = defaultMaxLine
	}
	s := &Session{Unknown: map[string]int{}}
	if opt.Progress != nil {
		r = counting{r, opt.Progress}
	}
	br := bufio.NewReaderSize(r, 64<<10)
	f, err := formatOf(opt.Agent, br)
	if err != nil {
		return nil, err
	}
	if f.document != nil {
		f.document(br, s)
		return finish(s)
	}
	var p lineParser
	if f.lines != nil {
		p = f.lines(s)
	}
	lr := lineReader{r: br, max: opt.MaxLine}
	timeTries := 4 // the records looked at for the session's time
	for {
		line, ended, long, err := lr.next()
		if err != nil && err != io.EOF {
			return nil, err
		}
		if line == nil && !long && err == io.EOF {
			break
		}
		s.Lines++
		n := s.Lines
		switch {
		case long:
			s.bad(fmt.Sprintf("line %d: longer than %d bytes, skipped", n, opt.MaxLine))
		case len(bytes.TrimSpace(line)) == 0:
			// A blank line says nothing.
		default:
			if p == nil {
				p = detect(s, line)
			}
			perr := errNotRecord
			if p != nil {
				perr = p.line(n, line)
			}
			if perr == nil && s.Started.IsZero() && timeTries > 0 {
				timeTries--
				s.Started = recordTime(line)
			}
			if perr != nil {
				if !ended {
					s.bad(fmt.Sprintf("line %d: the last line is incomplete (the session may still be running), skipped", n))
				} else {
					s.bad(fmt.Sprintf("line %d: %v, skipped", n, perr))
				}
			}
		}
		if err == io.EOF || opt.Until != nil && opt.Until(s) {
			break
		}
	}
	return finish(s)
}

// finish says what was skipped, or that nothing was a record.
func finish(s *Session) (*Session, error) {
	if s.Records == 0 {
		return s, ErrNotSession
	}
	if n := len(s.Unknown); n > 0 {
		var parts []string
		for _, t := range s.UnknownTypes() {
			parts = append(parts, fmt.Sprintf("%q (%d)", t, s.Unknown[t]))
		}
		s.note(fmt.Sprintf("records of types readlens does not know were skipped: %s", join(parts)))
	}
	return s, nil
}

func (s *Session) bad(msg string) {
	s.Bad++
	if s.Bad == maxNotes+1 {
		s.note("more lines were skipped; the count is in the summary")
	}
	if s.Bad <= maxNotes {
		s.note(msg)
	}
}

func (s *Session) note(msg string) { s.Notes = append(s.Notes, msg) }

func join(parts []string) string {
	var b bytes.Buffer
	for i, p := range parts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p)
	}
	return b.String()
}

// counting is a reader that adds what it reads to n.
type counting struct {
	r io.Reader
	n *atomic.Int64
}

func (c counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
