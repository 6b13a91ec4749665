package envelope

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
	"github.com/readlens/readlens/reader/python"
)

// envelope: the "Standard Envelope v1.0" read tool of design document 002
// (ReadTool 2.0.0, a Python tool exposed as Read). There is no release to
// run: the profile is the document, and readlens decides what it leaves
// open (the README lists every decision):
//
//   - the output is json.dumps(envelope, ensure_ascii=False): keys in the
//     document's order (status, data, text, stats, context, error), ", " and
//     ": " between items, non-ASCII text kept;
//   - data.content's lines are Python's text-mode lines (\n, \r\n and \r end
//     a line, a final terminator adds none), the BOM kept; chars_read counts
//     their code points, terminators excluded;
//   - path resolves against the project root (--worktree) and must stay in
//     it once symbolic links are resolved (os.path.realpath);
//     context.path_resolved is that real path relative to the real root, and
//     is left out when there is none (a parameter error, ACCESS_DENIED);
//   - {path} in text and messages is the path argument as given;
//   - start_line and limit must be JSON integers, or the call is
//     INVALID_PARAM; an error envelope has no data, and stats.time_ms only;
//   - time_ms comes from the request's clock, so tests pin it;
//   - the empty-file text is exactly the document's, with no "(Took" line.
type envelope struct{}

// Profile is the read tool of design document 002 (envelope), as readlens reproduces it.
var Profile reader.Profile = envelope{}

const (
	envLimit    = 500
	MaxLimit    = 2000
	envSample   = 8192 // "读取前 8KB"
	envEncoding = "utf-8"
)

func (envelope) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "envelope", Agent: "Standard Envelope v1.0 ReadTool", Release: "2.0.0 (design document 002)",
	Source:     "the ReadTool 2.0.0 \"Standard Envelope v1.0\" of design document 002",
	Spec:       "shared/seeds/002 (design document 002)",
	Recordings: "none: no release to run; the document's example and rule rows in envelope_test.go",
	Tool:       "Read",
	Params: []reader.Param{
		{Name: "path", Type: "string", Required: true, Doc: "Path to the file (relative to project root). Required."},
		{Name: "start_line", Type: "integer", Doc: "The line number to start reading from (1-based). Default is 1."},
		{Name: "limit", Type: "integer", Doc: "The maximum number of lines to read. Default is 500. Hard limit is 2000."},
	},
	Limits: []string{
		"500 lines by default; limit must be 1 to 2000 (INVALID_PARAM otherwise, never clamped)",
		"no per-line or byte cap",
		"the path must resolve inside the project root (--worktree), symbolic links included",
		"binary: a NUL byte in the first 8 KB",
		"strict UTF-8, else replacement decoding and status \"partial\"",
	},
	Notes: []string{
		"no release exists: the profile is design document 002, with readlens's decisions where it is silent (see the README)",
	},
}

func (envelope) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("path", path, "start_line", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

type envCall struct {
	args     reader.Args
	path     string // the argument, as given
	start    int    // start_line, held within what a window can address
	startArg string // start_line as Python prints the int sent, "1" by default
	limit    int
	params   string // context.params_input
	cwd      string // context.cwd
	resolved string // context.path_resolved; "" leaves it out
	elapsed  func() time.Duration
}

// envParams is json.dumps(json.loads(arguments)): context.params_input.
// Arguments of strings alone, written without an escape (an audit's
// every call), are their keys and values quoted in order, which
// TestParamsAsDumps holds to the general path.
func envParams(a reader.Args) string {
	if bytes.IndexByte(a.Raw, '\\') >= 0 || !utf8.Valid(a.Raw) {
		return python.Dumps(a.Raw)
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range a.Keys() {
		v := a.Get(k)
		if v.Kind != reader.String {
			return python.Dumps(a.Raw)
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(python.Quote(k))
		b.WriteString(": ")
		b.WriteString(python.Quote(v.Str))
	}
	b.WriteByte('}')
	return b.String()
}

func (envelope) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	root := python.Realpath(env.FS, node.Resolve("/", env.Worktree))
	c := &envCall{args: a, start: 1, startArg: "1", limit: envLimit, params: envParams(a),
		cwd: python.Relpath(root, python.Realpath(env.FS, env.Cwd)), elapsed: env.Elapsed}
	if msg := c.validate(); msg != "" {
		return nil, c.fail("INVALID_PARAM", msg)
	}
	p := c.path
	if !node.IsAbs(p) {
		p = python.Join(root, p)
	}
	real := python.Realpath(env.FS, p)
	if !reader.Within(root, real) {
		return nil, c.outside()
	}
	c.resolved = python.Relpath(root, real)
	return &reader.Plan{
		Path:   real,
		Within: root, // the engine opens real beneath root, or Found.Escaped
		Dir:    reader.DirRefuse,
		Sample: envSample,
		Binary: func(sample []byte, _ string) bool { return bytes.IndexByte(sample, 0) >= 0 },
		Text:   reader.Text{Split: reader.Split{Universal: true}},
		Window: reader.Window{Start: c.start - 1, Limit: c.limit, Count: true, CheckUTF8: true},
		Call:   c,
	}, nil
}

// validate checks the parameters in the schema's order.
func (c *envCall) validate() string {
	v := c.args.Get("path")
	if v.Kind != reader.String {
		return "Invalid path: expected a string."
	}
	c.path = v.Str
	for _, key := range []string{"start_line", "limit"} {
		v := c.args.Get(key)
		if v.Kind == reader.Missing {
			continue
		}
		n, text, ok := reader.PythonInt(v)
		if !ok {
			return fmt.Sprintf("Invalid %s: expected an integer, got %s.", key, python.Dumps(v.Raw))
		}
		switch {
		case key == "start_line" && n < 1:
			return fmt.Sprintf("Invalid start_line: %s. It must be >= 1.", text)
		case key == "limit" && (n < 1 || n > MaxLimit):
			return fmt.Sprintf("Invalid limit: %s. It must be between 1 and %d.", text, MaxLimit)
		case key == "start_line":
			// Python's int is unbounded: a start_line past the end is echoed
			// as sent (2000000000000, not the clamped 1099511627776).
			c.start, c.startArg = int(reader.ClampInt(n)), text
		default:
			c.limit = int(n)
		}
	}
	return ""
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// its window holds its one cap (the lines asked for); a page of valid text read whole is status success.
func (envelope) WholeWhenPlain(*reader.Plan, reader.PlainPage) bool { return true }

func (envelope) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*envCall)
	switch {
	case f.Escaped:
		// A link swapped in after the check led out of the root: the
		// check's own answer, as if it had seen the link.
		c.resolved = ""
		return c.outside()
	case f.Kind == reader.KindMissing && permission(f.Err):
		return c.fail("ACCESS_DENIED", "Access denied. Permission to read '"+c.path+"' was refused.")
	case f.Kind == reader.KindMissing:
		return c.fail("NOT_FOUND", "File '"+c.path+"' does not exist.")
	case f.Kind == reader.KindDir:
		return c.fail("IS_DIRECTORY", "Path '"+c.path+"' is a directory. Use LS to explore it.")
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("envelope", f)
	case f.Err != nil && permission(f.Err):
		return c.fail("ACCESS_DENIED", "Access denied. Permission to read '"+c.path+"' was refused.")
	case f.Err != nil:
		return c.fail("NOT_FOUND", "File '"+c.path+"' does not exist.")
	case f.Binary:
		return c.fail("BINARY_FILE", "File '"+c.path+"' appears to be binary.")
	}
	pg := f.Page
	if pg.Err != nil {
		return c.fail("NOT_FOUND", "File '"+c.path+"' does not exist.")
	}
	total := pg.Total
	switch {
	case !envOutOfRange(c, total):
	case total == 0:
		return c.fail("INVALID_PARAM", fmt.Sprintf("Invalid start_line: %s. '%s' is empty: only start_line=1 is valid.", c.startArg, c.path))
	default:
		return c.fail("INVALID_PARAM", fmt.Sprintf("Invalid start_line: %s. '%s' has %d lines (valid range: 1-%d).", c.startArg, c.path, total, total))
	}
	return c.success(f, pg)
}

// envOutOfRange says start_line is past the file's total lines: an error.
func envOutOfRange(c *envCall, total int) bool {
	return total == 0 && c.start > 1 || total > 0 && c.start > total
}

// HeadWhenPlain gives the facts of a plain page the window cuts, as
// success words them: only how the window stopped goes into them, since
// readlens holds every line of a plain page whole (no Page.Clipped).
func (envelope) HeadWhenPlain(p *reader.Plan, _ reader.PlainPage, w reader.Stopped) (reader.Truncation, bool) {
	c := p.Call.(*envCall)
	var t reader.Truncation
	if envOutOfRange(c, w.Total) {
		return t, false
	}
	c.facts(&t, w)
	return t, true
}

// outside is the refusal of a path that leaves the project root.
func (c *envCall) outside() *reader.Outcome {
	return c.fail("ACCESS_DENIED", "Access denied. Path must be within project root.")
}

// Blocked words a blocklist hit as a BINARY_FILE error: the blocklist is the
// document-001 tool's binary filter.
func (envelope) Blocked(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*envCall)
	return c.fail("BINARY_FILE", "File '"+c.path+"' cannot be read: extension '"+f.Blocked+"' is restricted.")
}

func permission(err error) bool {
	e := reader.Errno(err)
	return e == syscall.EACCES || e == syscall.EPERM
}

func (c *envCall) timeMS() int64 {
	if c.elapsed == nil {
		return 0
	}
	return c.elapsed().Milliseconds()
}

// fail is an error envelope: status, text, stats.time_ms, context, error.
func (c *envCall) fail(code, msg string) *reader.Outcome {
	o := &reader.Outcome{}
	o.Frame(`{"status": "error", "text": "`)
	o.ErrorText(pyEscaped(msg))
	o.Frame(fmt.Sprintf(`", "stats": {"time_ms": %d}, `, c.timeMS()))
	c.context(o)
	o.Frame(`, "error": {"code": ` + python.Quote(code) + `, "message": "`)
	o.ErrorText(pyEscaped(msg))
	o.Frame(`"}}`)
	return o
}

func (c *envCall) context(o *reader.Outcome) {
	o.Frame(`"context": {"cwd": ` + python.Quote(c.cwd) + `, "params_input": ` + c.params)
	if c.resolved != "" {
		o.Frame(`, "path_resolved": ` + python.Quote(c.resolved))
	}
	o.Frame("}")
}

func (c *envCall) success(f *reader.Found, pg *reader.Page) *reader.Outcome {
	total := pg.Total
	shown := len(pg.Lines)
	o := reader.OutcomeFor(pg)
	paged := c.facts(&o.Truncation, pg.Stopped())
	// The tool (Python, reading the whole file) shows every line whole;
	// readlens holds at most 64 MiB of one (reader.Page.Clipped). Past
	// that, data.content is not the tool's, and the envelope says so in
	// its own terms: "truncated": true and status "partial", its flag and
	// status for content that is not all there. The text keeps the tool's
	// words: its [Truncated: ...] line is about pages of lines, and no
	// start_line shows the rest of a line. The note names the lines.
	truncated := paged || len(pg.Clipped) > 0
	status := "success"
	if truncated || pg.Invalid {
		status = "partial"
	}
	o.Frame(`{"status": "` + status + `", "data": {"content": "`)
	chars := 0
	var num [64]byte // each line's number, made in place
	for _, l := range pg.Lines {
		prefix := reader.AppendLinePrefix(num[:0], "", l.N, 4, " | ")
		o.LineWritten(l, len(prefix), func(b *strings.Builder) {
			b.Write(prefix)
			python.Escape(b, l.Text)
		})
		o.Frame(`\n`)
		chars += utf8.RuneCountInString(l.Text)
	}
	o.Frame(fmt.Sprintf(`", "truncated": %t`, truncated))
	if pg.Invalid {
		o.Frame(`, "fallback_encoding": "replace"`)
	}
	ms := c.timeMS()
	o.Frame(`}, "text": "`)
	first, last := c.start, c.start+shown-1
	var text string
	if total == 0 {
		text = fmt.Sprintf("Read 0 lines from '%s' (file is empty).", c.path)
	} else {
		text = fmt.Sprintf("Read %d lines from '%s' (Lines %d-%d).\n(Took %dms)", shown, c.path, first, last, ms)
		if paged {
			text += fmt.Sprintf("\n[Truncated: Showing first %d of %d lines. Use start_line=%d to continue.]", shown, total, last+1)
		}
	}
	o.Add(reader.Part{Kind: reader.PartNotice, Text: pyEscaped(text), Escaped: true}) // in the JSON string of "text"
	o.Frame(fmt.Sprintf(`", "stats": {"time_ms": %d, "lines_read": %d, "chars_read": %d, "total_lines": %d, "file_size_bytes": %d, "file_mtime_ms": %d, "encoding": %q}, `,
		ms, shown, chars, total, f.Size, f.ModTime.UnixNano()/1e6, envEncoding))
	c.context(o)
	o.Frame("}")

	o.Note = clipNote(pg)
	return o
}

// facts are the facts of success's answer on a page whose window stopped
// as w: paged when lines follow those shown.
func (c *envCall) facts(t *reader.Truncation, w reader.Stopped) (paged bool) {
	first, last := c.start, c.start+w.Shown-1
	paged = c.start-1+w.Shown < w.Total
	if paged {
		t.Cap, t.NextOffset, t.Next = reader.CapLimit, last+1, c.args.With("start_line", last+1)
		if c.args.Get("limit").Kind == reader.Missing {
			t.Cap = reader.CapLines // the default limit is the tool's own page
		}
	}
	if w.Shown > 0 {
		t.FirstLine, t.LastLine = first, last
	}
	t.TotalLines, t.TotalKnown = w.Total, true
	return paged
}

// clipNote is readlens's note for lines it showed only the head of.
func clipNote(pg *reader.Page) string {
	if len(pg.Clipped) == 0 {
		return ""
	}
	held := map[int]int{}
	for _, l := range pg.Lines {
		held[l.N] = utf8.RuneCountInString(l.Text)
	}
	var lines []string
	for _, c := range pg.Clipped {
		lines = append(lines, fmt.Sprintf("line %d has %d characters and data.content holds its first %d", c.N, c.Runes, held[c.N]))
	}
	return strings.Join(lines, "; ") + ": readlens holds only the head of a line this long, where the envelope tool shows every line whole; " +
		`"truncated": true and status "partial" say data.content is cut`
}

// pyEscaped is a str's JSON escaping without the quotes around it.
func pyEscaped(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	python.Escape(&b, s)
	return b.String()
}
