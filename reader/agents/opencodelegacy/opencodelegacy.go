package opencodelegacy

import (
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"strconv"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/opencode"
	"github.com/readlens/readlens/reader/node"
)

// opencode 1.1.58 (npm opencode-linux-x64, release 2026-02-11), the last
// release of the <file> era before the 2026-02-11 format change: the read
// tool of design document 003 (packages/opencode/src/tool/read.ts as of
// aa6b552). Spec: shared/research/opencode-legacy.md; goldens in
// testdata/oracle/opencode-legacy were recorded from the released binary.
//
// The tool reads the whole file and splits it with text.split("\n"), so a
// trailing newline makes one more, empty, line and an empty file has one.
// Its offset is 0-based. Its framework validates the arguments with zod's
// coerce.number() but hands execute() the raw values, so an offset of "1"
// reaches JavaScript's + as a string and numbers lines "011", "111": the
// profile keeps that arithmetic (node.Prim).
type opencodeLegacy struct{}

// Profile is opencode 1.1's read tool, as readlens reproduces it.
var Profile reader.Profile = opencodeLegacy{}

const (
	oclLimit    = 2000
	oclLineMax  = 2000
	oclMaxBytes = 51200
	oclSample   = 4096
	oclLineCut  = "..."
	oclPreview  = 20
	// oclCrash is Bun's TypeError when the loop reads lines[i] for an i that
	// is not an index of the array (a negative, fractional or "01" offset);
	// i9 is the minifier's name for the loop variable in 1.1.58.
	oclCrash = "undefined is not an object (evaluating 'lines[i9].length')"
)

// A failed call reaches the model as String(error), which 1.1.58's session
// stores as the call's text: the thrown error's class, then its message.
// The tool's own errors and Bun's system errors (ENOENT, ENAMETOOLONG, ...)
// are Errors; the crash is a TypeError, and Bun's refusal of a path with a
// NUL byte a node TypeError, which names its code.
const (
	oclError    = "Error: "
	oclTypeErr  = "TypeError: "
	oclArgValue = "TypeError [ERR_INVALID_ARG_VALUE]: "
)

func (opencodeLegacy) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "opencode-legacy", Agent: "opencode", Release: "1.1.58", Tool: "read", Titled: true,
	Source:     "packages/opencode/src/tool/read.ts as of aa6b552 (npm opencode-linux-x64 1.1.58), design document 003",
	Spec:       "shared/research/opencode-legacy.md",
	Recordings: "testdata/oracle/opencode-legacy, from the released binary",
	Params: []reader.Param{
		{Name: "filePath", Type: "string", Required: true, Doc: "The path to the file to read"},
		{Name: "offset", Type: "number (coerced)", Doc: "The line number to start reading from (0-based)"},
		{Name: "limit", Type: "number (coerced)", Doc: "The number of lines to read (defaults to 2000)"},
	},
	Limits: []string{
		"2000 lines by default; offset is 0-based",
		"lines over 2000 characters (UTF-16 units) are cut and get \"...\"",
		"50 KB (51200 bytes) of line text per call, an unpaired surrogate counted 2 bytes as Buffer.byteLength counts it",
		"the file is split on \\n: a trailing newline adds an empty last line",
		"a file that starts FF FE is read as UTF-16LE; one that reports size 0 (/proc) as empty",
		"directories, devices and sockets are reported as missing files",
		"images and PDFs by extension alone (Bun's mime table), SVG excluded",
		"binary: 28 extensions, or NUL / >30% control bytes in the first 4096 bytes",
	},
	Notes: []string{
		"subdirectory AGENTS.md/CLAUDE.md/CONTEXT.md reminders assume a fresh session: none was loaded before",
	},
}

func (opencodeLegacy) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("filePath", path, "offset", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

type oclCall struct {
	args   reader.Args
	offset node.Prim // params.offset || 0, as JavaScript holds it
	start  float64   // the loop's first i, as a number
	end    float64   // offset + limit, as a number: the loop stops there or at the end
	// indexed says lines[offset] names an element, so the loop cannot crash.
	indexed bool
	fs      reader.FS // where a path Bun says is not there is listed
}

func (opencodeLegacy) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	if issues := oclValidate(a); len(issues) > 0 {
		return nil, reader.Fail(oclError + "The read tool was called with invalid arguments: " + jsonIssues(issues) +
			".\nPlease rewrite the input so it satisfies the expected schema.")
	}
	c := &oclCall{args: a, offset: node.NumberPrim(0), fs: env.FS}
	if v := a.Get("offset"); node.Truthy(v.Raw) {
		c.offset = node.PrimitiveOf(v.Raw)
	}
	limit := node.NumberPrim(oclLimit)
	if v := a.Get("limit"); v.Kind != reader.Missing && v.Kind != reader.Null {
		limit = node.PrimitiveOf(v.Raw)
	}
	c.start = c.offset.ToNumber()
	c.end = node.Add(c.offset, limit).ToNumber()
	c.indexed = c.start >= 0 && c.start == math.Trunc(c.start) && c.offset.ToString() == node.Number(c.start)

	w := reader.Window{
		Limit: 0,
		Cut:   reader.LineCut{Max: oclLineMax, Unit: reader.UTF16, Suffix: oclLineCut},
		// Buffer.byteLength, Bun's: a pair the cut splits leaves a lone
		// surrogate of 2 bytes.
		Budget: reader.Budget{Max: oclMaxBytes, Unit: reader.Bytes, Sep: 1, LoneBytes: 2},
		Count:  true,
	}
	if c.indexed {
		w.Start = int(math.Min(c.start, 1<<40))
		switch {
		case c.end > 1<<40:
			w.Limit = -1
		case c.end > c.start:
			w.Limit = int(math.Ceil(c.end - c.start)) // i = start, start+1, ... while i < end
		}
	}
	p := a.Get("filePath").Str
	if !node.IsAbs(p) {
		p = node.Resolve(env.Cwd, p)
	}
	if msg := node.BunPathError(p); msg != "" {
		if strings.ContainsRune(p, 0) {
			return nil, reader.Fail(oclArgValue + msg)
		}
		return nil, reader.Fail(oclError + msg)
	}
	return &reader.Plan{
		Path:         p,
		Title:        node.Relative(env.Worktree, p),
		Dir:          reader.DirMissing, // Bun.file(dir).exists() is false
		Near:         true,
		Sample:       oclSample,
		SampleBySize: true,
		Media:        oclMedia,
		Binary:       opencode.Binary, // the same 28 extensions and 4096-byte rule as today
		// Bun's file.text(): a UTF-8 byte order mark dropped, a file that
		// starts FF FE (and has more) read as UTF-16LE.
		Text:   reader.Text{StripBOM: true, Encoding: reader.EncodingBunText, Split: reader.Split{Phantom: true}},
		Window: w,
		Extras: oclInstructions(env, p),
		Call:   c,
	}, nil
}

// oclValidate checks the arguments as zod 4 does for the tool's schema
// (filePath: string, offset and limit: coerce.number().optional()) and
// returns every issue, in the schema's key order.
func oclValidate(a reader.Args) [][][2]string {
	var issues [][][2]string
	if v := a.Get("filePath"); v.Kind != reader.String {
		issues = append(issues, [][2]string{{"expected", "string"}, {"code", "invalid_type"},
			{"path", "filePath"}, {"message", "Invalid input: expected string, received " + reader.ZodType(v)}})
	}
	for _, key := range []string{"offset", "limit"} {
		v := a.Get(key)
		if v.Kind == reader.Missing {
			continue
		}
		n := node.PrimitiveOf(v.Raw).ToNumber() // z.coerce.number() is Number(input)
		received, shown := "", ""
		switch {
		case math.IsNaN(n):
			received, shown = "NaN", "NaN"
		case math.IsInf(n, 0):
			received, shown = "Infinity", "number"
		default:
			continue
		}
		issues = append(issues, [][2]string{{"expected", "number"}, {"code", "invalid_type"},
			{"received", received}, {"path", key}, {"message", "Invalid input: expected number, received " + shown}})
	}
	return issues
}

// jsonIssues prints zod issues as JSON.stringify(issues, null, 2) does; a
// "path" holds one key.
func jsonIssues(issues [][][2]string) string {
	var b strings.Builder
	b.WriteString("[")
	for i, issue := range issues {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  {")
		for j, kv := range issue {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n    " + node.Quote(kv[0]) + ": ")
			if kv[0] == "path" {
				b.WriteString("[\n      " + node.Quote(kv[1]) + "\n    ]")
			} else {
				b.WriteString(node.Quote(kv[1]))
			}
		}
		b.WriteString("\n  }")
	}
	b.WriteString("\n]")
	return b.String()
}

// oclMedia is Bun's file.type, from the extension alone: every image type
// but SVG and image/vnd.fastbidsheet, and PDF, are attached.
func oclMedia(_ []byte, path string) string {
	mime := node.BunImageMimes[strings.TrimPrefix(node.BunExtension(path), ".")]
	switch mime {
	case "", "image/svg+xml", "image/vnd.fastbidsheet":
		return ""
	}
	return mime
}

// oclInstructions is 1.1.58's InstructionPrompt.resolve: from the file's
// directory up, while the directory starts with the session directory and
// is not it, the first of AGENTS.md, CLAUDE.md and CONTEXT.md. The test is a
// plain prefix, so a sibling "<root>-evil" counts as inside.
func oclInstructions(env reader.Env, file string) []string {
	root := env.Cwd
	target := node.Resolve("/", file)
	var found []string
	for dir := node.Dirname(target); strings.HasPrefix(dir, root) && dir != root; dir = node.Dirname(dir) {
		for _, n := range reader.StatEach(env.FS, dir, opencode.InstructionNames) {
			if n.Err == nil && n.Info.Mode().IsRegular() {
				if n.Path != target {
					found = append(found, n.Path)
				}
				break
			}
		}
		if dir == "/" {
			break
		}
	}
	return found
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// its window holds every cap (2000 lines, 2000 characters a line, 50 KB).
func (opencodeLegacy) WholeWhenPlain(*reader.Plan, reader.PlainPage) bool { return true }

func (opencodeLegacy) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*oclCall)
	switch {
	case f.Kind == reader.KindMissing:
		return oclMissing(p.Path, f)
	case f.Mode&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeSocket) != 0:
		// Bun's exists() is true of a regular file or a FIFO alone: a
		// device or a socket is not found, and its directory is listed.
		names, err := reader.DirNames(c.fs, node.Dirname(p.Path))
		return oclMissing(p.Path, &reader.Found{Siblings: names, SiblingsErr: err})
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("opencode", f)
	case f.Err != nil && !oclUnread(f):
		return reader.Fail(oclError + node.Error(f.Err, "open", p.Path))
	case f.Media != nil:
		o := opencode.Attached(f.Media)
		o.SetPreview(o.Output())
		return o
	case f.Binary:
		return reader.Fail(oclError + "Cannot read binary file: " + p.Path)
	}
	return oclText(c, p.Window, f)
}

// oclStatEmpty is the text of a regular file that reports size 0, a /proc
// file: Bun's file.text() reads no more than stat said, so it is empty
// whatever the file holds, one empty line.
func oclStatEmpty(w reader.Window) *reader.Page {
	pg := &reader.Page{Total: 1, Counted: true}
	if w.Start == 0 && w.Limit != 0 {
		pg.Lines = []reader.Line{{N: 1}}
	}
	return pg
}

// oclUnread says f's error is one Bun never meets: a read of a regular
// file that reports size 0, of which Bun reads nothing (readlens's probe
// read /proc/self/mem and met EIO; 1.1.58 shows it empty).
func oclUnread(f *reader.Found) bool {
	var pe *fs.PathError
	return f.Mode.IsRegular() && f.Size == 0 && errors.As(f.Err, &pe) && pe.Op == "read"
}

// oclMissing is the not-found error with suggestions; a parent directory
// that cannot be listed leaks readdirSync's own error.
func oclMissing(path string, f *reader.Found) *reader.Outcome {
	if f.SiblingsErr != nil {
		return reader.Fail(oclError + node.Error(f.SiblingsErr, "scandir", node.Dirname(path)))
	}
	return reader.Fail(oclError + opencode.Missing(path, f).Output())
}

func oclText(c *oclCall, w reader.Window, f *reader.Found) *reader.Outcome {
	pg := f.Page
	switch {
	case f.Mode.IsRegular() && f.Size == 0:
		pg = oclStatEmpty(w)
	case pg.Err != nil:
		return reader.Fail(oclError + pg.Err.Error())
	}
	total := pg.Total
	if !c.indexed && c.start < c.end && c.start < float64(total) {
		return reader.Fail(oclTypeErr + oclCrash) // the loop ran once, on lines[offset], which is undefined
	}
	o := reader.OutcomeFor(pg)
	o.Frame("<file>\n")
	preview := make([]string, 0, oclPreview)
	// i + offset + 1 as JavaScript writes it: for a whole-number offset
	// well inside float64's integers, the sum's decimal digits, which the
	// common case computes without JavaScript's arithmetic.
	off := c.offset.ToNumber()
	whole := c.offset.IsNumber() && off == math.Trunc(off) && math.Abs(off) < 1<<52
	var digits, prefix [64]byte // each line's number and prefix, made in place
	for i, l := range pg.Lines {
		if i > 0 {
			o.Frame("\n")
		}
		var num []byte
		if whole {
			num = strconv.AppendInt(digits[:0], int64(i)+int64(off)+1, 10)
		} else {
			num = append(digits[:0], node.Add(node.Add(node.NumberPrim(float64(i)), c.offset), node.NumberPrim(1)).ToString()...)
		}
		p := prefix[:0]
		for n := len(num); n < 5; n++ { // padStart(5, "0")
			p = append(p, '0')
		}
		p = append(append(p, num...), "| "...)
		o.PrefixedLine(l, p, oclLineCut)
		if i < oclPreview {
			shown := l.Text
			if l.Cut {
				shown += oclLineCut
			}
			preview = append(preview, shown)
		}
	}
	t := &o.Truncation
	last := oclFacts(t, c, w.Start, pg.Stopped())
	switch t.Cap {
	case reader.CapBytes:
		o.Notice("\n\n(Output truncated at 51200 bytes. Use 'offset' parameter to read beyond line " + last.ToString() + ")")
	case reader.CapLimit, reader.CapLines:
		o.Notice("\n\n(File has more lines. Use 'offset' parameter to read beyond line " + last.ToString() + ")")
	default:
		o.Notice("\n\n(End of file - total " + node.Number(float64(total)) + " lines)")
	}
	o.Frame("\n</file>")
	opencode.Reminders(o, f.Extras) // as Bun's file.text() read them (reader.EncodingBunText)
	o.SetPreview(strings.Join(preview, "\n"))
	return o
}

// oclFacts are the facts of oclText's answer on a page whose window,
// from line start+1, stopped as w; last is offset + the lines shown, as
// JavaScript adds them, which the answer names.
func oclFacts(t *reader.Truncation, c *oclCall, start int, w reader.Stopped) (last node.Prim) {
	last = node.Add(c.offset, node.NumberPrim(float64(w.Shown)))
	switch {
	case w.Stop == reader.StopBudget:
		t.Cap = reader.CapBytes
	case float64(w.Total) > last.ToNumber():
		t.Cap = reader.CapLimit
		if v := c.args.Get("limit"); v.Kind == reader.Missing || v.Kind == reader.Null {
			t.Cap = reader.CapLines // the default limit is the tool's own cap
		}
	}
	if n := last.ToNumber(); t.Cap != reader.CapNone && last.IsNumber() && n >= 1 && n == math.Trunc(n) && n < 1<<53 {
		t.NextOffset, t.Next = int(n), c.args.With("offset", int64(n))
	}
	if w.Shown > 0 {
		t.FirstLine, t.LastLine = start+1, start+w.Shown
	}
	t.TotalLines, t.TotalKnown = w.Total, true
	return last
}

// HeadWhenPlain gives the facts of a plain page the window cuts, as
// oclText words them: only how the window stopped goes into them.
func (opencodeLegacy) HeadWhenPlain(p *reader.Plan, _ reader.PlainPage, w reader.Stopped) (reader.Truncation, bool) {
	c := p.Call.(*oclCall)
	var t reader.Truncation
	if !c.indexed && c.start < c.end && c.start < float64(w.Total) {
		return t, false // the crash oclText answers
	}
	oclFacts(&t, c, p.Window.Start, w)
	return t, true
}
