package cline

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/readlens/readlens/internal/lazyregexp"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// cline's SDK read_files tool, @cline/core 0.0.86 (createDefaultTools'
// read_files and the file-read executor in its dist/index.js; sources
// sdk/packages/core/src/extensions/tools/ and executors/file-read.ts).
// Spec: shared/research/others.md §3.1; goldens in testdata/oracle/cline
// were recorded with shared/oracles/cline_read_files.mjs.
//
// One call reads several files; the model receives the answers as one JSON
// array, JSON.stringify'd. Whether images are read is the model's property:
// the model is taken to take them, as Cline's usual models do, unless the
// request says it does not (Request.NoImages, --no-images).
type cline struct{}

// Profile is Cline's read_files tool, as readlens reproduces it.
var Profile reader.Profile = cline{}

const (
	MaxLines    = 2000      // MAX_READ_LINES
	MaxLine     = 2000      // characters (UTF-16 units) per line
	clMaxChars  = 48000     // characters per window, prefix and newline included
	clScanMore  = 50000     // an open-ended count stops this many lines after the start
	clMaxText   = 100000000 // bytes a text file may have
	clMaxImage  = 10000000  // bytes an image may have
	clCutSuffix = " [line truncated]"
	clInvalid   = "✖ Invalid input" // zod's prettifyError of a failed union
)

// clImages are the extensions the executor sends as images.
var clImages = map[string]string{".gif": "image/gif", ".png": "image/png", ".jpg": "image/jpeg",
	".jpeg": "image/jpeg", ".webp": "image/webp"}

func (cline) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "cline", Agent: "Cline", Release: "@cline/core 0.0.86", Tool: "read_files",
	Source:     "createDefaultTools' read_files and the file-read executor (npm @cline/core; sdk/packages/core/src/extensions/tools/, executors/file-read.ts)",
	Spec:       "shared/research/others.md §3.1",
	Recordings: "testdata/oracle/cline, with internal/record/cline_transport.mjs: the tool as shared/oracles/cline_read_files.mjs runs it, then Cline's message builder",
	Params: []reader.Param{
		{Name: "files", Type: "array of {path, start_line, end_line}", Required: true,
			Doc: "files to read; start_line/end_line are optional, one-based and inclusive"},
	},
	Limits: []string{
		"2000 lines and 48,000 characters per file, number prefixes and newlines included; one line always",
		"lines over 2000 characters (UTF-16 units) end in ' [line truncated]'",
		"'N | line', numbers padded to the widest shown; no binary detection",
		"text files up to 100,000,000 bytes; the answer is a JSON array, one entry per file",
		"Cline's message builder keeps 8,000 characters (UTF-16 units) of each file's result: a longer one keeps its two ends around '...[truncated N chars]...'",
	},
	Notes: []string{
		"images are answered as for a model with image input (the oracle run with MODEL_SUPPORTS_IMAGES=1) unless the read says the model has none (--no-images); the image part is printed inside the JSON text, base64 and all, as JSON.stringify writes the answer",
		"the 10-second per-file timeout is not reproduced",
	},
}

func (cline) Args(path string, offset, limit *int) json.RawMessage {
	start, end := reader.StartEnd(offset, limit)
	file := reader.JSONObject("path", path, "start_line", start, "end_line", end)
	return json.RawMessage(`{"files":[` + string(file) + `]}`)
}

// TakesAnyJSON: the tool's union takes an array of entries or of paths,
// or one path, as the whole input too.
func (cline) TakesAnyJSON() {}

// Calls is the tool's input handling: the lenient zod union, orphan
// {start_line,end_line} entries folded into the path before them, then
// one call per file.
func (cline) Calls(env reader.Env, a reader.Args) ([]reader.Args, *reader.Outcome) {
	entries, msg := clParse(a)
	if msg != "" {
		return nil, reader.Fail(`{"error":` + node.Quote(msg) + `}`)
	}
	calls := make([]reader.Args, len(entries))
	for i, e := range entries {
		num := func(f *float64) any {
			if f == nil {
				return nil
			}
			return json.Number(node.Number(*f))
		}
		raw := reader.JSONObject("path", e.path, "start_line", num(e.start), "end_line", num(e.end))
		calls[i], _ = reader.ParseArgs(raw)
	}
	return calls, nil
}

type clCall struct {
	entry      clEntry
	start, end int // end 0: none
	query      string
	noImages   bool // the model takes no image input (Env.NoImages)
}

func (cline) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	e := clEntryOf(a)
	c := &clCall{entry: e, start: 1, query: clQuery(e), noImages: env.NoImages}
	if e.start != nil && e.end != nil && *e.start > *e.end {
		return &reader.Plan{Call: c}, reader.Fail(fmt.Sprintf("Invalid file range: start_line must be less than or equal to end_line (received start_line: %s, end_line: %s)",
			node.Number(*e.start), node.Number(*e.end)))
	}
	if e.start != nil {
		c.start = int(min(*e.start, 1<<50))
	}
	if e.end != nil {
		c.end = int(min(*e.end, 1<<50))
	}
	p := e.path
	if node.IsAbs(p) {
		p = nodeNormalize(p)
	} else {
		p = node.Resolve(clCwd(env), p)
	}
	p = clResolve(env.FS, p)
	last := c.start + MaxLines - 1
	if c.end != 0 {
		last = min(c.end, last)
	}
	w := reader.Window{Start: c.start - 1, Limit: -1, MaxLines: MaxLines, Count: true,
		Cut:    reader.LineCut{Max: MaxLine, Unit: reader.UTF16, Suffix: clCutSuffix},
		Budget: reader.Budget{Max: clMaxChars, Unit: reader.UTF16, Each: reader.Digits(last) + 3 + 1, First: true}}
	if c.end != 0 {
		w.Limit = max(0, c.end-w.Start)
	}
	plan := &reader.Plan{
		Path:   p,
		Dir:    reader.DirRefuse,
		Text:   reader.Text{Split: reader.Split{Universal: true}},
		Window: w,
		Call:   c,
	}
	switch {
	case clImages[strings.ToLower(node.Extname(p))] != "" && env.NoImages:
		// The executor answers an image from its stat alone: refused by
		// size, or refused because the model takes no images. Nothing is
		// read: an empty sample taken for binary ends the pipeline.
		plan.MaxSize = clMaxImage
		plan.Binary = func([]byte, string) bool { return true }
	case clImages[strings.ToLower(node.Extname(p))] != "":
		// Refused by size from the stat; else sent whole, as base64, by its
		// extension alone, whatever the bytes are.
		plan.MaxSize = clMaxImage
		plan.Media = func(_ []byte, path string) string { return clImages[strings.ToLower(node.Extname(path))] }
		plan.MediaData = true
	case !env.Blocks(p):
		plan.MaxSize = clMaxText // from stat, before any read
	}
	return plan, nil
}

// clCwd is what the executor resolves a relative path against,
// process.cwd(): getcwd(3), the working directory with its links resolved,
// however the directory was named (a shell's $PWD keeps the link).
func clCwd(env reader.Env) string {
	if real, ok := reader.RealPath(env.FS, env.Cwd); ok {
		return real
	}
	return env.Cwd
}

// clQuery is how the answer names a request: the path, with the range
// when either bound was given.
func clQuery(e clEntry) string {
	if e.start == nil && e.end == nil {
		return e.path
	}
	s, end := "1", "EOF"
	if e.start != nil {
		s = node.Number(*e.start)
	}
	if e.end != nil {
		end = node.Number(*e.end)
	}
	return e.path + ":" + s + "-" + end
}

// clResolve is @cline/shared's resolveExistingFilePath: the path if it
// exists, else the macOS spellings (screenshot U+202F, NFD, curly
// apostrophe), else a sibling whose NFC name matches.
func clResolve(fsys reader.FS, p string) string {
	exists := func(q string) bool { _, err := fsys.Stat(q); return err == nil }
	if exists(p) {
		return p
	}
	dir, base := node.Dirname(p), node.Basename(p)
	var variants []string
	if am := clAmPm.ReplaceAllString(base, "\u202f$1."); am != base {
		variants = append(variants, node.Join(dir, am))
	}
	nfd := norm.NFD.String(p)
	curly := func(s string) string { return strings.ReplaceAll(s, "'", "\u2019") }
	variants = append(variants, nfd, curly(p), curly(nfd))
	for _, v := range variants {
		if v != p && exists(v) {
			return v
		}
	}
	want := clNFC(base)
	if names, err := reader.DirNames(fsys, dir); err == nil {
		// readdirSync lists the names as libuv's scandir sorts them,
		// strcmp's byte order, not the directory's: the first that
		// matches is the smallest.
		slices.Sort(names)
		for _, n := range names {
			if clNFC(n) == want {
				return node.Join(dir, n)
			}
		}
	}
	return p
}

// The spellings macOS gives screenshot names, as @cline/shared matches them
// (pi's path resolver knows the same two).
var (
	clUnicodeSpaces = lazyregexp.New("[\u00a0\u2000-\u200a\u202f\u205f\u3000]")
	clAmPm          = lazyregexp.New(`(?i) (AM|PM)\.`)
)

func clNFC(s string) string { return clUnicodeSpaces.ReplaceAllString(norm.NFC.String(s), " ") }

// nodeNormalize is path.normalize for an absolute path: cleaned, but a
// trailing slash is kept.
func nodeNormalize(p string) string {
	n := node.Resolve("/", p)
	if strings.HasSuffix(p, "/") && n != "/" {
		n += "/"
	}
	return n
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// the window holds 2000 lines and 48,000 characters, what Format refuses
// first (an image's name, a file over 100 MB) the plan refused from the
// stat, and the message builder keeps a result of up to 8,000 units
// (transport.go).
func (cline) WholeWhenPlain(_ *reader.Plan, pg reader.PlainPage) bool {
	return clPlainUnits(pg, reader.Digits(pg.Lines)) <= clKeptUnits
}

func (cline) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*clCall)
	ext := strings.ToLower(node.Extname(p.Path))
	switch {
	case strings.ContainsRune(p.Path, 0):
		// stat() throws before any system call; Go's stat said EINVAL.
		return reader.Fail("Error reading file: " + node.NullBytesPath(p.Path))
	case f.Kind == reader.KindMissing:
		return reader.Fail("Error reading file: " + node.Error(f.Err, "stat", p.Path))
	case f.Kind != reader.KindFile || !f.Mode.IsRegular():
		// stat().isFile(): a device, FIFO or socket is refused before any
		// open, even /dev/null, which the engine's probe found to end.
		return reader.Fail("Error reading file: Path is not a file: " + p.Path)
	case clImages[ext] != "" && f.Size > clMaxImage:
		return reader.Fail(fmt.Sprintf("Error reading file: Image file too large: %d bytes (max: %d bytes).", f.Size, clMaxImage))
	case clImages[ext] != "" && c.noImages:
		return reader.Fail("Error reading file: Current model does not support image input")
	case f.Media != nil:
		o := &reader.Outcome{Attachments: []reader.Attachment{*f.Media}}
		o.Media(base64.StdEncoding.EncodeToString(f.MediaData))
		return o
	case f.Size > clMaxText:
		return reader.Fail(fmt.Sprintf("Error reading file: Text file too large to stream safely: %d bytes (max: %d bytes). Use a targeted command such as sed, grep, head, or tail to inspect specific sections.", f.Size, clMaxText))
	case f.Err != nil:
		return reader.Fail("Error reading file: " + node.Error(f.Err, "open", p.Path))
	}
	pg := f.Page
	if pg.Err != nil {
		return reader.Fail("Error reading file: " + node.Error(pg.Err, "read", p.Path))
	}
	o := reader.OutcomeFor(pg)
	if len(pg.Lines) == 0 {
		return o
	}
	last := pg.Lines[len(pg.Lines)-1].N
	width := reader.Digits(last)
	for i, l := range pg.Lines {
		if i > 0 {
			o.Frame("\n")
		}
		o.NumberedLine(l, reader.LineNumber{N: l.N, Width: width, Sep: " | "}, clCutSuffix)
	}
	total := pg.Total
	if c.end != 0 {
		total = min(total, c.end)
	}
	t := &o.Truncation
	t.FirstLine, t.LastLine = pg.Lines[0].N, last
	t.TotalLines, t.TotalKnown = pg.Total, true
	if last >= total {
		return clTransport(o, width, "", c.nextAt)
	}
	shownTotal := strconv.Itoa(total)
	capped := pg.Stop == reader.StopBudget || pg.Stop == reader.StopMaxLines
	if scanEnd := c.start + clScanMore - 1; c.end == 0 && capped && pg.Total >= scanEnd {
		shownTotal = strconv.Itoa(scanEnd) + "+ lines"
		t.TotalKnown = false
	}
	notice := fmt.Sprintf("\n\n[Showing lines %d-%d of %s. Use start_line/end_line to read other sections.]", c.start, last, shownTotal)
	o.Notice(notice)
	switch pg.Stop {
	case reader.StopBudget:
		t.Cap = reader.CapBytes
	case reader.StopMaxLines:
		t.Cap = reader.CapLines
	default:
		t.Cap = reader.CapLimit
	}
	t.NextOffset = last + 1
	t.Next = c.nextAt(last + 1)
	return clTransport(o, width, notice, c.nextAt)
}

// nextAt is the call that reads the file on from line.
func (c *clCall) nextAt(line int) json.RawMessage {
	return json.RawMessage(`{"files":[` + string(reader.JSONObject("path", c.entry.path, "start_line", line)) + `]}`)
}

// Join is the array the tool returns, as the model receives it:
// JSON.stringify of one {query, result, success, error?} per file.
func (cline) Join(calls []reader.Args, answers []*reader.Outcome) *reader.Outcome {
	parts, bytes := 2, 2
	for _, a := range answers {
		// Each answer's pieces, quoted (a little longer), in a frame of
		// three pieces and its query.
		n := len(a.Output())
		parts += len(a.Parts) + 3
		bytes += n + n/8 + 128
	}
	o := reader.OutcomeSized(parts, bytes)
	var images []reader.Attachment
	o.Frame("[")
	for i, a := range answers {
		if i > 0 {
			o.Frame(",")
		}
		q := clQueryOf(calls[i])
		if !a.IsError && len(a.Attachments) == 1 {
			// An image: a text part and the file as base64.
			o.Frame(`{"query":` + node.Quote(q) + `,"result":[{"type":"text","text":"Successfully read image"},{"type":"image","data":"`)
			o.Add(reader.Part{Kind: reader.PartMedia, Text: a.Output()})
			o.Frame(`","mediaType":` + node.Quote(a.Attachments[0].Mime) + `}],"success":true}`)
			images = append(images, a.Attachments[0])
			continue
		}
		o.Frame(`{"query":` + node.Quote(q) + `,"result":"`)
		if a.IsError {
			o.Frame(`","error":`)
			o.Add(reader.Part{Kind: reader.PartError, Text: node.Quote(a.Output())})
			o.Frame(`,"success":false}`)
			continue
		}
		lone := map[int]rune{}
		for _, l := range a.Lines {
			if l.Lone != 0 {
				lone[l.N] = l.Lone
			}
		}
		for _, pt := range a.Parts {
			pt.Escaped = true // in the JSON string of the file's result
			if r := lone[pt.Line]; r != 0 && pt.Kind == reader.PartLine {
				// The cut kept half a surrogate pair: JSON.stringify escapes it.
				esc := node.Quote(pt.Text)
				pt.Text = strings.TrimSuffix(esc[1:len(esc)-1], reader.Replacement) + fmt.Sprintf(`\u%04x`, r)
				o.Add(pt)
				continue
			}
			text := pt.Text
			o.AddWritten(pt, func(b *strings.Builder) { node.EscapeHalves(b, text) })
		}
		o.Frame(`","success":true}`)
	}
	o.Frame("]")
	if len(answers) == 1 && !answers[0].IsError {
		o.Lines, o.Truncation = answers[0].Lines, answers[0].Truncation
	}
	o.Attachments = images
	return o
}

func clQueryOf(a reader.Args) string { return clQuery(clEntryOf(a)) }

// clEntryOf is the entry one of Calls' calls carries.
func clEntryOf(a reader.Args) clEntry {
	e := clEntry{path: a.Get("path").Str}
	if v := a.Get("start_line"); v.Kind == reader.Number {
		e.start = &v.Num
	}
	if v := a.Get("end_line"); v.Kind == reader.Number {
		e.end = &v.Num
	}
	return e
}
