package reader

import (
	"encoding/json"
	"math"
	"strings"
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
// profile keeps that arithmetic (jsprim.go).
type opencodeLegacy struct{}

func init() { register(opencodeLegacy{}) }

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

func (opencodeLegacy) Info() Info {
	return Info{
		Name: "opencode-legacy", Agent: "opencode", Release: "1.1.58", Tool: "read", Titled: true,
		Params: []Param{
			{Name: "filePath", Type: "string", Required: true, Doc: "The path to the file to read"},
			{Name: "offset", Type: "number (coerced)", Doc: "The line number to start reading from (0-based)"},
			{Name: "limit", Type: "number (coerced)", Doc: "The number of lines to read (defaults to 2000)"},
		},
		Limits: []string{
			"2000 lines by default; offset is 0-based",
			"lines over 2000 characters (UTF-16 units) are cut and get \"...\"",
			"50 KB (51200 bytes) of line text per call",
			"the file is split on \\n: a trailing newline adds an empty last line",
			"directories are reported as missing files",
			"images and PDFs by extension alone (Bun's mime table), SVG excluded",
			"binary: 28 extensions, or NUL / >30% control bytes in the first 4096 bytes",
		},
		Notes: []string{
			"subdirectory AGENTS.md/CLAUDE.md/CONTEXT.md reminders assume a fresh session: none was loaded before",
		},
	}
}

func (opencodeLegacy) Args(path string, offset, limit *int) json.RawMessage {
	return object("filePath", path, "offset", intArg(offset), "limit", intArg(limit))
}

type oclCall struct {
	args   Args
	offset jsPrim  // params.offset || 0, as JavaScript holds it
	start  float64 // the loop's first i, as a number
	end    float64 // offset + limit, as a number: the loop stops there or at the end
	// indexed says lines[offset] names an element, so the loop cannot crash.
	indexed bool
}

func (opencodeLegacy) Plan(env Env, a Args) (*Plan, *outcome) {
	if issues := oclValidate(a); len(issues) > 0 {
		return nil, fail("The read tool was called with invalid arguments: " + jsonIssues(issues) +
			".\nPlease rewrite the input so it satisfies the expected schema.")
	}
	c := &oclCall{args: a, offset: jsNumberPrim(0)}
	if v := a.Get("offset"); truthy(v.Raw) {
		c.offset = jsPrimOf(v.Raw)
	}
	limit := jsNumberPrim(oclLimit)
	if v := a.Get("limit"); v.Kind != Missing && v.Kind != Null {
		limit = jsPrimOf(v.Raw)
	}
	c.start = c.offset.toNumber()
	c.end = jsAdd(c.offset, limit).toNumber()
	c.indexed = c.start >= 0 && c.start == math.Trunc(c.start) && c.offset.toString() == jsNumber(c.start)

	w := Window{
		Limit:  0,
		Cut:    LineCut{Max: oclLineMax, Unit: UTF16, Suffix: oclLineCut},
		Budget: Budget{Max: oclMaxBytes, Unit: Bytes, Sep: 1},
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
	if !isAbs(p) {
		p = nodeResolve(env.Cwd, p)
	}
	return &Plan{
		Path:         p,
		Title:        nodeRelative(env.Worktree, p),
		Dir:          DirMissing, // Bun.file(dir).exists() is false
		Near:         true,
		Sample:       oclSample,
		SampleBySize: true,
		Media:        oclMedia,
		Binary:       ocBinary, // the same 28 extensions and 4096-byte rule as today
		Text:         Text{StripBOM: true, Split: Split{Phantom: true}},
		Window:       w,
		Extras:       oclInstructions(env, p),
		Call:         c,
	}, nil
}

// oclValidate checks the arguments as zod 4 does for the tool's schema
// (filePath: string, offset and limit: coerce.number().optional()) and
// returns every issue, in the schema's key order.
func oclValidate(a Args) [][][2]string {
	var issues [][][2]string
	if v := a.Get("filePath"); v.Kind != String {
		issues = append(issues, [][2]string{{"expected", "string"}, {"code", "invalid_type"},
			{"path", "filePath"}, {"message", "Invalid input: expected string, received " + zodType(v)}})
	}
	for _, key := range []string{"offset", "limit"} {
		v := a.Get(key)
		if v.Kind == Missing {
			continue
		}
		n := jsPrimOf(v.Raw).toNumber() // z.coerce.number() is Number(input)
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
			b.WriteString("\n    " + jsString(kv[0]) + ": ")
			if kv[0] == "path" {
				b.WriteString("[\n      " + jsString(kv[1]) + "\n    ]")
			} else {
				b.WriteString(jsString(kv[1]))
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
	mime := bunImageMimes[strings.TrimPrefix(bunExtension(path), ".")]
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
func oclInstructions(env Env, file string) []string {
	root := env.Cwd
	target := nodeResolve("/", file)
	var found []string
	for dir := nodeDirname(target); strings.HasPrefix(dir, root) && dir != root; dir = nodeDirname(dir) {
		for _, name := range []string{"AGENTS.md", "CLAUDE.md", "CONTEXT.md"} {
			p := nodeJoin(dir, name)
			if st, err := env.FS.Stat(p); err == nil && st.Mode().IsRegular() {
				if p != target {
					found = append(found, p)
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

func (opencodeLegacy) Format(p *Plan, f *Found) *outcome {
	c := p.Call.(*oclCall)
	switch {
	case f.Kind == KindMissing:
		return oclMissing(p.Path, f)
	case f.Kind == KindSpecial:
		return wouldHang("opencode", f)
	case f.Err != nil:
		return fail(nodeError(f.Err, "open", p.Path))
	case f.Media != nil:
		o := ocAttached(f.Media)
		o.setPreview(o.output())
		return o
	case f.Binary:
		return fail("Cannot read binary file: " + p.Path)
	}
	return oclText(c, f)
}

// oclMissing is the not-found error with suggestions; a parent directory
// that cannot be listed leaks readdirSync's own error.
func oclMissing(path string, f *Found) *outcome {
	if f.SiblingsErr != nil {
		return fail(nodeError(f.SiblingsErr, "scandir", nodeDirname(path)))
	}
	return ocMissing(path, f)
}

func oclText(c *oclCall, f *Found) *outcome {
	pg := f.Page
	if pg.Err != nil {
		return fail(pg.Err.Error())
	}
	total := pg.Total
	if !c.indexed && c.start < c.end && c.start < float64(total) {
		return fail(oclCrash) // the loop ran once, on lines[offset], which is undefined
	}
	o := &outcome{}
	o.frame("<file>\n")
	preview := make([]string, 0, oclPreview)
	for i, l := range pg.Lines {
		if i > 0 {
			o.frame("\n")
		}
		num := jsAdd(jsAdd(jsNumberPrim(float64(i)), c.offset), jsNumberPrim(1)).toString()
		if n := len(num); n < 5 {
			num = strings.Repeat("0", 5-n) + num
		}
		o.line(l, num+"| ", oclLineCut)
		if i < oclPreview {
			shown := l.Text
			if l.Cut {
				shown += oclLineCut
			}
			preview = append(preview, shown)
		}
	}
	last := jsAdd(c.offset, jsNumberPrim(float64(len(pg.Lines))))
	more := float64(total) > last.toNumber()
	t := &o.truncation
	switch {
	case pg.Stop == StopBudget:
		o.notice("\n\n(Output truncated at 51200 bytes. Use 'offset' parameter to read beyond line " + last.toString() + ")")
		t.Cap = CapBytes
	case more:
		o.notice("\n\n(File has more lines. Use 'offset' parameter to read beyond line " + last.toString() + ")")
		t.Cap = CapLimit
		if v := c.args.Get("limit"); v.Kind == Missing || v.Kind == Null {
			t.Cap = CapLines // the default limit is the tool's own cap
		}
	default:
		o.notice("\n\n(End of file - total " + jsNumber(float64(total)) + " lines)")
	}
	o.frame("\n</file>")
	var extras []Extra
	for _, x := range f.Extras {
		x.Text = strings.TrimPrefix(x.Text, "\ufeff") // Bun's text() drops a BOM
		if x.Text != "" {                             // an empty file is claimed but not shown
			extras = append(extras, x)
		}
	}
	if len(extras) > 0 {
		o.frame("\n\n<system-reminder>\n")
		for i, x := range extras {
			if i > 0 {
				o.frame("\n\n")
			}
			o.notice("Instructions from: " + x.Path + "\n" + x.Text)
		}
		o.frame("\n</system-reminder>")
	}
	o.setPreview(strings.Join(preview, "\n"))
	if n := last.toNumber(); t.Cap != CapNone && last.kind == jsNum && n >= 1 && n == math.Trunc(n) && n < 1<<53 {
		t.NextOffset, t.Next = int(n), c.args.With("offset", int64(n))
	}
	if len(pg.Lines) > 0 {
		t.FirstLine, t.LastLine = pg.Lines[0].N, pg.Lines[len(pg.Lines)-1].N
	}
	t.TotalLines, t.TotalKnown = total, true
	return o
}
