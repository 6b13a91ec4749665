package crush

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/claude"
)

// crush's view tool (charmbracelet/crush internal/agent/tools/view.go at
// 37f36e9, the version of shared/research/tui.md Part A.1: 200 lines by
// default and a 200 KB section cap), checked against crush built from that
// commit (testdata/oracle/crush, internal/record/crush.go) and the spec
// rows of crush_test.go. view.go's readTextFile skips offset lines with
// ReadString('\n'), trims "\n" then one "\r", cuts a line to its first
// 2000 bytes less their invalid UTF-8 (strings.ToValidUTF8(line[:2000],
// "")) and appends "...", refuses the section once it would pass 200 KB
// (the bytes kept, invalid ones as they are, and a "\n" between lines),
// peeks one more line only when the limit was filled, and checks only the
// section it kept for valid UTF-8; addLineNumbers trims one more "\r" and
// pads numbers to six with %6s.
type crush struct{}

// Profile is crush's view tool, as readlens reproduces it.
var Profile reader.Profile = crush{}

const (
	crLimit    = 200
	crMaxView  = 200 * 1024
	MaxLine    = 2000
	crCutMark  = "..."
	crMoreNote = "\n\n(File has more lines. Use 'offset' parameter to read beyond line %d)"
)

// ViewParams mirrors crush's ViewParams: fantasy unmarshals the
// arguments into it with encoding/json and words a failure with the
// error's text, which names the type ("ViewParams.offset").
type ViewParams struct {
	FilePath string `json:"file_path"`
	Offset   int    `json:"offset,omitempty"`
	Limit    int    `json:"limit,omitempty"`
}

// crParams decodes the arguments as fantasy and the tool do. The default
// call's, {"file_path": a string} and nothing else (every call of an
// audit), decode to that path both ways, without the two JSON decodings;
// TestParamsAsDecoded holds the two to each other.
func crParams(a reader.Args) (ViewParams, *reader.Outcome) {
	if keys := a.Keys(); len(keys) == 1 && keys[0] == "file_path" {
		if v := a.Get("file_path"); v.Kind == reader.String {
			return ViewParams{FilePath: v.Str}, nil
		}
	}
	return crDecode(a)
}

// crDecode is crParams for any arguments. fantasy checks the call before
// the tool runs (validateToolCall): a required key that is absent fails
// there, in its words; null passes. A number past float64's range fails
// its map decoding, and fantasy then runs the call through jsonrepair
// (crRepaired).
func crDecode(a reader.Args) (ViewParams, *reader.Outcome) {
	raw := a.Raw
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		repaired, ok := crRepaired(raw)
		if !ok {
			return ViewParams{}, reader.Fail("invalid JSON input: " + err.Error())
		}
		raw = repaired
	} else if a.Get("file_path").Kind == reader.Missing {
		return ViewParams{}, reader.Fail("missing required parameter: file_path")
	}
	var p ViewParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return ViewParams{}, reader.Fail("invalid parameters: " + err.Error())
	}
	return p, nil
}

func (crush) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "crush", Agent: "crush", Release: "view tool of charmbracelet/crush (tui.md A.1, 2026-08)", Tool: "view",
	Source:     "charmbracelet/crush internal/agent/tools/view.go",
	Spec:       "shared/research/tui.md Part A.1",
	Recordings: "crush built from 37f36e9 (crush run against a fake chat-completions API); spec rows in crush_test.go",
	Params: []reader.Param{
		{Name: "file_path", Type: "string", Required: true, Doc: "The path to the file to read"},
		{Name: "offset", Type: "integer", Doc: "The line number to start reading from (0-based)"},
		{Name: "limit", Type: "integer", Doc: "The number of lines to read (defaults to 200)"},
	},
	Limits: []string{
		"200 lines by default; '<file>' with '%6d|line' numbers",
		"lines over 2000 bytes keep their first 2000 less invalid UTF-8 (a split rune too) and end in '...'",
		"a section over 200 KB (204800 bytes) is refused, not cut",
		"the only binary check: the section must be valid UTF-8",
		"images (.jpg .jpeg .png .gif .webp) up to 200 KB are sent as images",
		"a file in crush's skills directories (.agents/skills and the like) has no default limit and no cap",
	},
	Notes: []string{
		"reads outside the working directory are shown as granted (crush asks the user first)",
		"LSP diagnostics crush may append are not produced; its built-in skill files (crush://skills/…) are not held",
	},
}

func (crush) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("file_path", path, "offset", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

type crCall struct {
	args          reader.Args
	offset, limit int
	// noImages says the model takes no images (Env.NoImages); model names
	// it (Env.Model) in the tool's refusal.
	noImages bool
	model    string
}

// TakesAnyJSON: fantasy decodes any JSON into a map first, and names the
// kind it could not decode.
func (crush) TakesAnyJSON() {}

func (crush) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	p, out := crParams(a)
	if out != nil {
		return nil, out
	}
	if p.FilePath == "" {
		return nil, reader.Fail("file_path is required")
	}
	if strings.HasPrefix(p.FilePath, crBuiltinPrefix) {
		return nil, crBuiltinFile(p.FilePath)
	}
	path := p.FilePath
	if !filepath.IsAbs(path) {
		path = filepath.Join(env.Cwd, path) // filepathext.SmartJoin
	}
	c := &crCall{args: a, offset: p.Offset, limit: p.Limit, noImages: env.NoImages,
		model: cmp.Or(env.Model, claude.DefaultModel)} // the model the oracle ran by default
	skill := crSkillFile(env, path)
	switch {
	case c.limit > 0:
	case skill:
		c.limit = crSkillLimit
	default:
		c.limit = crLimit
	}
	// One line past the limit is read to learn whether more follow (the
	// tool's peek); a negative offset skips nothing.
	w := reader.Window{Start: max(0, c.offset), Limit: c.limit + 1,
		Cut:    reader.LineCut{Max: MaxLine, Unit: reader.Bytes, Suffix: crCutMark, Raw: true},
		Budget: reader.Budget{Max: crMaxView, Unit: reader.Bytes, Sep: 1, Halt: true}}
	if skill {
		w.Budget = reader.Budget{} // maxContentSize 0
	}
	plan := &reader.Plan{
		Path: path,
		Dir:  reader.DirRefuse,
		Near: true,
		// view.go lists filepath.Dir of the path: cleaned, and for a name
		// ending in "/" the name itself.
		NearDir: filepath.Dir(path),
		Sample:  512,
		Media:   crMedia,
		Text:    reader.Text{Split: reader.Split{Phantom: true, TrimCR: true, TrimLastCR: true}},
		Window:  w,
		Call:    c,
	}
	if crImageExts[strings.ToLower(filepath.Ext(path))] != "" {
		// The tool refuses a large image by its stat, before it reads it,
		// and then an image the model cannot take.
		plan.MaxSize = crMaxView
	}
	return plan, nil
}

// crImageExts are getImageMimeType's extensions and types.
var crImageExts = map[string]string{".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png",
	".gif": "image/gif", ".webp": "image/webp"}

// crMedia is getImageMimeType by extension, then the type sniffed from the
// bytes when it names one of the four images providers take.
func crMedia(sample []byte, path string) string {
	mime := crImageExts[strings.ToLower(filepath.Ext(path))]
	if mime == "" {
		return ""
	}
	sniffed, _, _ := strings.Cut(http.DetectContentType(sample), ";")
	switch sniffed = strings.TrimSpace(sniffed); sniffed {
	case "image/jpeg", "image/png", "image/gif", "image/webp":
		return sniffed
	}
	return mime
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// its window holds every cap (200 lines, 2000 bytes a line, the 200 KB section).
func (crush) WholeWhenPlain(*reader.Plan, reader.PlainPage) bool { return true }

func (crush) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*crCall)
	switch {
	case f.Kind == reader.KindMissing && reader.Errno(f.Err) == syscall.ENOENT:
		return crMissing(p.Path, f)
	case f.Kind == reader.KindMissing:
		return reader.Fail("error accessing file: " + f.Err.Error())
	case f.Kind == reader.KindDir:
		return reader.Fail("Path is a directory, not a file: " + p.Path)
	case f.TooLarge: // an image, by its extension (Plan.MaxSize)
		return reader.Fail(fmt.Sprintf("Image file is too large (%d bytes). Maximum size is %d bytes", f.Size, crMaxView))
	case c.noImages && p.MaxSize > 0: // an image by its extension, the model takes none
		return reader.Fail(fmt.Sprintf("This model (%s) does not support image data.", c.model))
	case f.Media != nil:
		return &reader.Outcome{Attachments: []reader.Attachment{*f.Media}} // an image part, no text
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("crush", f)
	case f.Err != nil && p.MaxSize > 0: // an image by its extension: os.ReadFile
		return reader.Fail("error reading image file: " + f.Err.Error())
	case f.Err != nil:
		return reader.Fail("error reading file: " + f.Err.Error())
	}
	pg := f.Page
	if pg.Err != nil {
		return reader.Fail("error reading file: " + pg.Err.Error())
	}
	if crTooLarge(c, p, pg.Stopped()) {
		// The size the tool names is what it had kept plus the line that
		// did not fit, each counted in the bytes it read (an invalid byte
		// as one, not as the U+FFFD readlens shows), "\n" between lines.
		return reader.Fail(fmt.Sprintf("Content section is too large (%d bytes). Maximum size is %d bytes", pg.Charged+pg.Over.Cost, crMaxView))
	}
	shown, more := crShown(c, pg.Stopped())
	lines := pg.Lines[:shown]
	for _, l := range lines {
		if l.Bad {
			return reader.Fail("File content is not valid UTF-8")
		}
	}
	o := reader.OutcomeFor(pg)
	o.Frame("<file>\n")
	// addLineNumbers("") is "": one empty line gets no number.
	if !(len(lines) == 1 && lines[0].Text == "" && !lines[0].Cut) {
		for i, l := range lines {
			if i > 0 {
				o.Frame("\n")
			}
			if !l.Cut {
				l.Text = strings.TrimSuffix(l.Text, "\r")
			}
			// fmt.Sprintf("%6s|") of the number; a negative offset numbers
			// from it.
			o.NumberedLine(l, reader.LineNumber{N: c.offset + 1 + i, Width: 6, Sep: "|"}, crCutMark)
		}
	}
	t := &o.Truncation
	if more {
		o.Notice(fmt.Sprintf(crMoreNote, crNext(t, c, len(lines))))
	}
	o.Frame("\n</file>\n")
	if len(o.Lines) > 0 {
		t.FirstLine, t.LastLine = o.Lines[0].N, o.Lines[len(o.Lines)-1].N
	}
	return o
}

// crTooLarge says the section the window stopped as w is refused: the
// line past the budget is one the tool read, not the one it peeks at.
func crTooLarge(c *crCall, p *reader.Plan, w reader.Stopped) bool {
	peek := c.limit + p.Window.Start + 1 // the number of the peeked line
	return w.Stop == reader.StopBudget && w.Over.N < peek
}

// crShown is how many of the lines the window read the tool shows (the
// window reads one more, the peeked line), and whether it says more follow.
func crShown(c *crCall, w reader.Stopped) (shown int, more bool) {
	shown = w.Shown
	switch {
	case shown > c.limit:
		// The peeked line: more follow unless it is the empty one after a
		// final newline (ReadString then returns "" and io.EOF). A lone
		// "\r" there is a byte, shown as "" but more.
		return c.limit, !w.Phantom || w.Stop == reader.StopLimit
	case w.Stop == reader.StopBudget:
		// The peeked line did not fit readlens's budget, which the tool
		// does not charge it: more, unless it is that empty line.
		return shown, !w.Phantom
	}
	return shown, false
}

// crNext sets the facts of a section of shown lines after which more
// follow, and is the offset the answer names.
func crNext(t *reader.Truncation, c *crCall, shown int) int {
	next := c.offset + max(shown, 1) // strings.Split of the joined section
	t.Cap = reader.CapLimit
	if v := c.args.Get("limit"); v.Kind != reader.Number || v.Num <= 0 {
		t.Cap = reader.CapLines // the tool's own 200
	}
	t.NextOffset, t.Next = next, c.args.With("offset", next)
	return next
}

// HeadWhenPlain gives the facts of a plain page the window cuts, as crush
// words them: only how the window stopped goes into them. A refused
// section is left to the read, and so is a section of one line, which
// the tool numbers only when it is not empty.
func (crush) HeadWhenPlain(p *reader.Plan, _ reader.PlainPage, w reader.Stopped) (reader.Truncation, bool) {
	c := p.Call.(*crCall)
	var t reader.Truncation
	if crTooLarge(c, p, w) {
		return t, false
	}
	shown, more := crShown(c, w)
	if shown < 2 {
		return t, false
	}
	if more {
		crNext(&t, c, shown)
	}
	t.FirstLine, t.LastLine = p.Window.Start+1, p.Window.Start+shown
	return t, true
}

// crMissing is the not-found answer with up to three names in the path's
// filepath.Dir (Plan.NearDir: cleaned, so "a/x/../b/f" lists "a/b" though
// "a/x" is missing, and "a/b/" lists "a/b") that contain the missing one's,
// or are contained in it, case-insensitively: the first three by name, as
// os.ReadDir sorts them.
func crMissing(path string, f *reader.Found) *reader.Outcome {
	dir, base := filepath.Dir(path), strings.ToLower(filepath.Base(path))
	if f.SiblingsErr != nil { // Plan.NearDir, filepath.Dir of the path
		return reader.Fail("File not found: " + path)
	}
	var near []string
	for _, name := range slices.Sorted(slices.Values(f.Siblings)) {
		n := strings.ToLower(name)
		if strings.Contains(n, base) || strings.Contains(base, n) {
			near = append(near, filepath.Join(dir, name))
			if len(near) == 3 {
				break
			}
		}
	}
	if len(near) > 0 {
		return reader.Fail("File not found: " + path + "\n\nDid you mean one of these?\n" + strings.Join(near, "\n"))
	}
	return reader.Fail("File not found: " + path)
}

// crRepaired is fantasy's jsonrepair.RepairJSON of arguments that are
// valid JSON but hold a number past float64's range, and whether the
// repaired call passes validateToolCall (else the first error stands).
// jsonrepair's parseNumber keeps a number with a "-" as its text, a
// string, unless it has an exponent and parses (then formatFloat's
// "%f"-like text, ".0" added); one with ".", "e" or "E" as formatFloat of
// its value, or its text as a string where that overflows; and the rest
// as written. Strings, literals and nesting are as they were.
func crRepaired(raw json.RawMessage) (json.RawMessage, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out bytes.Buffer
	// need says a "," goes before the next value or key; key says the
	// next string is an object's key (a ":" follows it).
	var stack []byte // '{' or '['
	need, key := false, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			out.WriteByte(byte(d))
			stack = stack[:len(stack)-1]
			need, key = true, len(stack) > 0 && stack[len(stack)-1] == '{'
			continue
		}
		if need {
			out.WriteByte(',')
		}
		need = false
		inObject := len(stack) > 0 && stack[len(stack)-1] == '{'
		switch v := tok.(type) {
		case json.Delim:
			out.WriteByte(byte(v))
			stack = append(stack, byte(v))
			key = v == '{'
			continue
		case json.Number:
			out.WriteString(crRepairNumber(string(v)))
		default:
			b, _ := json.Marshal(v)
			out.Write(b)
		}
		if inObject && key {
			out.WriteByte(':')
			key = false
			continue
		}
		need, key = true, inObject
	}
	var m map[string]any
	if json.Unmarshal(out.Bytes(), &m) != nil {
		return nil, false
	}
	if _, ok := m["file_path"]; !ok {
		return nil, false
	}
	return out.Bytes(), true
}

// crRepairNumber is jsonrepair's parseNumber of a valid JSON number.
func crRepairNumber(n string) string {
	quoted, _ := json.Marshal(n)
	exp := strings.ContainsAny(n, "eE")
	if strings.Contains(n, "-") && !exp {
		return string(quoted)
	}
	if !strings.ContainsAny(n, ".eE") {
		return n
	}
	f, err := strconv.ParseFloat(n, 64)
	if err != nil {
		return string(quoted)
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}
