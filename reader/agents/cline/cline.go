package reader

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Cline's SDK read_files tool, @cline/core 0.0.86 (createDefaultTools'
// read_files and the file-read executor in its dist/index.js; sources
// sdk/packages/core/src/extensions/tools/ and executors/file-read.ts).
// Spec: shared/research/others.md §3.1; goldens in testdata/oracle/cline
// were recorded with shared/oracles/cline_read_files.mjs.
//
// One call reads several files; the model receives the answers as one JSON
// array, JSON.stringify'd. The model is taken to lack image input, as the
// oracle's default metadata says.
type cline struct{}

func init() { register(cline{}) }

const (
	clMaxLines  = 2000      // MAX_READ_LINES
	clMaxLine   = 2000      // characters (UTF-16 units) per line
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

func (cline) Info() Info {
	return Info{
		Name: "cline", Agent: "Cline", Release: "@cline/core 0.0.86", Tool: "read_files",
		Params: []Param{
			{Name: "files", Type: "array of {path, start_line, end_line}", Required: true,
				Doc: "files to read; start_line/end_line are optional, one-based and inclusive"},
		},
		Limits: []string{
			"2000 lines and 48,000 characters per file, number prefixes and newlines included; one line always",
			"lines over 2000 characters (UTF-16 units) end in ' [line truncated]'",
			"'N | line', numbers padded to the widest shown; no binary detection",
			"text files up to 100,000,000 bytes; the answer is a JSON array, one entry per file",
		},
		Notes: []string{
			"images are answered as for a model without image input (the oracle's default)",
			"the 10-second per-file timeout is not reproduced",
		},
	}
}

func (cline) Args(path string, offset, limit *int) json.RawMessage {
	start, end := startEnd(offset, limit)
	file := object("path", path, "start_line", start, "end_line", end)
	return json.RawMessage(`{"files":[` + string(file) + `]}`)
}

// Calls is the tool's input handling: the lenient zod union, orphan
// {start_line,end_line} entries folded into the path before them, then
// one call per file.
func (cline) Calls(env Env, a Args) ([]Args, *outcome) {
	entries, ok := clParse(a)
	if !ok {
		o := fail(`{"error":` + jsString(clInvalid) + `}`)
		return nil, o
	}
	calls := make([]Args, len(entries))
	for i, e := range entries {
		num := func(f *float64) any {
			if f == nil {
				return nil
			}
			return json.Number(jsNumber(*f))
		}
		raw := object("path", e.path, "start_line", num(e.start), "end_line", num(e.end))
		calls[i], _ = ParseArgs(raw)
	}
	return calls, nil
}

type clCall struct {
	entry      clEntry
	start, end int // end 0: none
	query      string
}

func (cline) Plan(env Env, a Args) (*Plan, *outcome) {
	e := clEntry{path: a.Get("path").Str}
	e.start, _ = clLine(a.Get("start_line"))
	e.end, _ = clLine(a.Get("end_line"))
	c := &clCall{entry: e, start: 1, query: clQuery(e)}
	if e.start != nil && e.end != nil && *e.start > *e.end {
		return &Plan{Call: c}, fail(fmt.Sprintf("Invalid file range: start_line must be less than or equal to end_line (received start_line: %s, end_line: %s)",
			jsNumber(*e.start), jsNumber(*e.end)))
	}
	if e.start != nil {
		c.start = int(min(*e.start, 1<<50))
	}
	if e.end != nil {
		c.end = int(min(*e.end, 1<<50))
	}
	p := e.path
	if isAbs(p) {
		p = nodeNormalize(p)
	} else {
		p = nodeResolve(env.Cwd, p)
	}
	p = clResolve(env.FS, p)
	last := c.start + clMaxLines - 1
	if c.end != 0 {
		last = min(c.end, last)
	}
	w := Window{Start: c.start - 1, Limit: -1, MaxLines: clMaxLines, Count: true,
		Cut:    LineCut{Max: clMaxLine, Unit: UTF16, Suffix: clCutSuffix},
		Budget: Budget{Max: clMaxChars, Unit: UTF16, Each: len(strconv.Itoa(last)) + 3 + 1, First: true}}
	if c.end != 0 {
		w.Limit = max(0, c.end-w.Start)
	}
	return &Plan{
		Path:   p,
		Dir:    DirRefuse,
		Text:   Text{Split: Split{Universal: true}},
		Window: w,
		Call:   c,
	}, nil
}

// clQuery is how the answer names a request: the path, with the range
// when either bound was given.
func clQuery(e clEntry) string {
	if e.start == nil && e.end == nil {
		return e.path
	}
	s, end := "1", "EOF"
	if e.start != nil {
		s = jsNumber(*e.start)
	}
	if e.end != nil {
		end = jsNumber(*e.end)
	}
	return e.path + ":" + s + "-" + end
}

// clResolve is @cline/shared's resolveExistingFilePath: the path if it
// exists, else the macOS spellings (screenshot U+202F, NFD, curly
// apostrophe), else a sibling whose NFC name matches.
func clResolve(fsys FS, p string) string {
	exists := func(q string) bool { _, err := fsys.Stat(q); return err == nil }
	if exists(p) {
		return p
	}
	dir, base := nodeDirname(p), nodeBasename(p)
	var variants []string
	if am := clAmPm.ReplaceAllString(base, "\u202f$1."); am != base {
		variants = append(variants, nodeJoin(dir, am))
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
	if names, err := names(fsys, dir); err == nil {
		for _, n := range names {
			if clNFC(n) == want {
				return nodeJoin(dir, n)
			}
		}
	}
	return p
}

// The spellings macOS gives screenshot names, as @cline/shared matches them
// (pi's path resolver knows the same two).
var (
	clUnicodeSpaces = regexp.MustCompile("[\u00a0\u2000-\u200a\u202f\u205f\u3000]")
	clAmPm          = regexp.MustCompile(`(?i) (AM|PM)\.`)
)

func clNFC(s string) string { return clUnicodeSpaces.ReplaceAllString(norm.NFC.String(s), " ") }

// nodeNormalize is path.normalize for an absolute path: cleaned, but a
// trailing slash is kept.
func nodeNormalize(p string) string {
	n := nodeResolve("/", p)
	if strings.HasSuffix(p, "/") && n != "/" {
		n += "/"
	}
	return n
}

func (cline) Format(p *Plan, f *Found) *outcome {
	c := p.Call.(*clCall)
	ext := strings.ToLower(nodeExtname(p.Path))
	switch {
	case f.Kind == KindMissing:
		return fail("Error reading file: " + nodeError(f.Err, "stat", p.Path))
	case f.Kind != KindFile:
		return fail("Error reading file: Path is not a file: " + p.Path)
	case clImages[ext] != "" && f.Size > clMaxImage:
		return fail(fmt.Sprintf("Error reading file: Image file too large: %d bytes (max: %d bytes).", f.Size, clMaxImage))
	case clImages[ext] != "":
		return fail("Error reading file: Current model does not support image input")
	case f.Size > clMaxText:
		return fail(fmt.Sprintf("Error reading file: Text file too large to stream safely: %d bytes (max: %d bytes). Use a targeted command such as sed, grep, head, or tail to inspect specific sections.", f.Size, clMaxText))
	case f.Err != nil:
		return fail("Error reading file: " + nodeError(f.Err, "open", p.Path))
	}
	pg := f.Page
	if pg.Err != nil {
		return fail("Error reading file: " + nodeError(pg.Err, "read", p.Path))
	}
	o := &outcome{}
	if len(pg.Lines) == 0 {
		return o
	}
	last := pg.Lines[len(pg.Lines)-1].N
	width := len(strconv.Itoa(last))
	for i, l := range pg.Lines {
		if i > 0 {
			o.frame("\n")
		}
		o.line(l, fmt.Sprintf("%*d | ", width, l.N), clCutSuffix)
	}
	total := pg.Total
	if c.end != 0 {
		total = min(total, c.end)
	}
	t := &o.truncation
	t.FirstLine, t.LastLine = pg.Lines[0].N, last
	t.TotalLines, t.TotalKnown = pg.Total, true
	if last >= total {
		return o
	}
	shownTotal := strconv.Itoa(total)
	capped := pg.Stop == StopBudget || pg.Stop == StopMaxLines
	if scanEnd := c.start + clScanMore - 1; c.end == 0 && capped && pg.Total >= scanEnd {
		shownTotal = strconv.Itoa(scanEnd) + "+ lines"
		t.TotalKnown = false
	}
	o.notice(fmt.Sprintf("\n\n[Showing lines %d-%d of %s. Use start_line/end_line to read other sections.]", c.start, last, shownTotal))
	switch pg.Stop {
	case StopBudget:
		t.Cap = CapBytes
	case StopMaxLines:
		t.Cap = CapLines
	default:
		t.Cap = CapLimit
	}
	t.NextOffset = last + 1
	t.Next = json.RawMessage(`{"files":[` + string(object("path", c.entry.path, "start_line", last+1)) + `]}`)
	return o
}

// Join is the array the tool returns, as the model receives it:
// JSON.stringify of one {query, result, success, error?} per file.
func (cline) Join(calls []Args, answers []*outcome) *outcome {
	o := &outcome{}
	o.frame("[")
	for i, a := range answers {
		if i > 0 {
			o.frame(",")
		}
		q := clQueryOf(calls[i])
		o.frame(`{"query":` + jsString(q) + `,"result":"`)
		if a.isError {
			o.frame(`","error":`)
			o.add(Part{Kind: PartError, Text: jsString(a.output())})
			o.frame(`,"success":false}`)
			continue
		}
		lone := map[int]rune{}
		for _, l := range a.lines {
			if l.Lone != 0 {
				lone[l.N] = l.Lone
			}
		}
		for _, pt := range a.parts {
			esc := jsString(pt.Text)
			pt.Text = esc[1 : len(esc)-1]
			if r := lone[pt.Line]; r != 0 && pt.Kind == PartLine {
				// The cut kept half a surrogate pair: JSON.stringify escapes it.
				pt.Text = strings.TrimSuffix(pt.Text, replacement) + fmt.Sprintf(`\u%04x`, r)
			}
			o.add(pt)
		}
		o.frame(`","success":true}`)
	}
	o.frame("]")
	if len(answers) == 1 && !answers[0].isError {
		o.lines, o.truncation = answers[0].lines, answers[0].truncation
		o.attachments = answers[0].attachments
	}
	return o
}

func clQueryOf(a Args) string {
	e := clEntry{path: a.Get("path").Str}
	e.start, _ = clLine(a.Get("start_line"))
	e.end, _ = clLine(a.Get("end_line"))
	return clQuery(e)
}
