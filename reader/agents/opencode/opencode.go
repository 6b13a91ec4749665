package opencode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"syscall"
	"unicode/utf8"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// opencode 1.18.33: the v1 read tool the CLI session uses
// (packages/opencode/src/tool/read.ts). Spec: shared/research/opencode.md §3;
// goldens in testdata/oracle/opencode were recorded from the released binary.
type opencode struct{}

// Profile is opencode's read tool, as readlens reproduces it.
var Profile reader.Profile = opencode{}

const (
	ocLimit     = 2000
	LineMax     = 2000
	MaxBytes    = 51200
	ocSample    = 4096
	LineCut     = "... (line truncated to 2000 chars)"
	ocCapWords  = "50 KB"
	ocSchemaEnd = ".\nPlease rewrite the input so it satisfies the expected schema."
)

// BinaryExts is the tool's extension list, in its order.
var BinaryExts = []string{".zip", ".tar", ".gz", ".exe", ".dll", ".so", ".class", ".jar", ".war", ".7z",
	".doc", ".docx", ".xls", ".xlsx", ".ppt", ".pptx", ".odt", ".ods", ".odp", ".bin", ".dat", ".obj", ".o",
	".a", ".lib", ".wasm", ".pyc", ".pyo"}

func (opencode) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "opencode", Agent: "opencode", Release: "1.18.33", Tool: "read", Titled: true,
	Source:     "packages/opencode/src/tool/read.ts (npm opencode-ai), the v1 read tool the CLI session uses",
	Spec:       "shared/research/opencode.md §3",
	Recordings: "testdata/oracle/opencode, from the released binary (shared/oracles/opencode-read.sh; an attachment as the model received it, from `opencode run` against a fake Messages API)",
	Params: []reader.Param{
		{Name: "filePath", Type: "string", Required: true, Doc: "The absolute path to the file or directory to read"},
		{Name: "offset", Type: "integer >= 0", Doc: "The line number to start reading from (1-indexed)"},
		{Name: "limit", Type: "integer >= 0", Doc: "The maximum number of lines to read (defaults to 2000)"},
	},
	Limits: []string{
		"2000 lines by default (limit has no upper bound)",
		"lines over 2000 characters (UTF-16 units) are cut",
		"50 KB (51200 bytes) of line text per call",
		"directories: 2000 entries by default, no byte cap",
		"binary: 28 extensions, or NUL / >30% control bytes in the first 4096 bytes",
	},
	Notes: []string{
		"subdirectory AGENTS.md/CLAUDE.md/CONTEXT.md reminders assume a fresh session: none was loaded before",
		"directories are sorted with golang.org/x/text/collate, older than Bun's ICU: emoji and recent characters may sort apart",
		"images the session resizes (over 2000x2000 pixels or 5 MiB of base64) are sent as readlens encodes them with ports of Photon's encoders: the mime type and dimensions are opencode's, the bytes can differ (bytes_exact: false)",
	},
}

func (opencode) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("filePath", path, "offset", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

type ocCall struct {
	args          reader.Args
	offset, limit int
}

func (opencode) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	if msg := ocValidate(a); msg != "" {
		return nil, reader.Fail("The read tool was called with invalid arguments: SchemaError(" + msg + ")" + ocSchemaEnd)
	}
	filePath := a.Get("filePath").Str
	p := filePath // an absolute path is kept verbatim, trailing slash and all
	if !node.IsAbs(p) {
		p = node.Resolve(env.Cwd, p)
	}
	if msg := ocBadPath(p); msg != "" {
		return nil, reader.Fail(msg)
	}
	c := &ocCall{args: a, offset: 1, limit: ocLimit}
	if v := a.Get("offset"); v.Kind == reader.Number && v.Num != 0 {
		c.offset = int(v.Num)
	}
	if v := a.Get("limit"); v.Kind == reader.Number {
		c.limit = int(v.Num)
	}
	return &reader.Plan{
		Path:         p,
		Title:        node.Relative(env.Worktree, p),
		Dir:          reader.DirList,
		Near:         true,
		Sample:       ocSample,
		SampleBySize: true,
		Media:        ocMedia,
		Image:        ocNormalize,
		References:   references,
		Binary:       Binary,
		// Bun's TextDecoder decodes the stream and is never flushed: an
		// unfinished sequence at the end is dropped.
		Text: reader.Text{StripBOM: true, Split: reader.Split{Universal: true}, DropOpenEnd: true},
		Window: reader.Window{
			Start:  c.offset - 1,
			Limit:  c.limit,
			Cut:    reader.LineCut{Max: LineMax, Unit: reader.UTF16, Suffix: LineCut},
			Budget: reader.Budget{Max: MaxBytes, Unit: reader.Bytes, Sep: 1, Halt: true},
			Count:  true,
		},
		Extras: ocInstructions(env, p),
		Call:   c,
	}, nil
}

// ocMedia sniffs the sample's magic bytes, then falls back to the extension.
func ocMedia(sample []byte, path string) string {
	mime := ""
	switch {
	case bytes.HasPrefix(sample, reader.SigPNG):
		mime = "image/png"
	case bytes.HasPrefix(sample, reader.SigJPEG):
		mime = "image/jpeg"
	case bytes.HasPrefix(sample, reader.SigGIF8):
		mime = "image/gif"
	case bytes.HasPrefix(sample, reader.SigBMP):
		mime = "image/bmp" // sniffed, so the extension is never consulted, and not attached
	case bytes.HasPrefix(sample, reader.SigPDF):
		mime = "application/pdf"
	case reader.IsWebP(sample):
		mime = "image/webp"
	default:
		mime = reader.ExtMime(path)
	}
	switch mime {
	case "image/jpeg", "image/png", "image/gif", "image/webp", "application/pdf":
		return mime
	}
	return ""
}

func Binary(sample []byte, path string) bool {
	if slices.Contains(BinaryExts, strings.ToLower(node.Extname(path))) {
		return true
	}
	nul, ratio := reader.ControlRatio(sample)
	return nul || ratio > 0.3
}

// ocBadPath is Bun's refusal of a path (NUL bytes, over 4096 bytes), as
// Effect passes it on; "" for a path it takes. At exactly 4096 bytes the
// oracle answered "File not found" where the system refuses the path:
// that one length readlens answers as the system does.
func ocBadPath(p string) string {
	if msg := node.BunPathError(p); msg != "" {
		return "FileSystem.stat: " + msg
	}
	return ""
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// its window holds every cap (2000 lines, 2000 characters a line, 50 KB).
func (opencode) WholeWhenPlain(*reader.Plan, reader.PlainPage) bool { return true }

func (opencode) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*ocCall)
	switch {
	case f.Kind == reader.KindMissing && reader.Errno(f.Err) == syscall.ENOENT:
		return Missing(p.Path, f)
	case f.Kind == reader.KindMissing, f.Err != nil:
		return reader.Fail(effectError(f.Err))
	case f.Kind == reader.KindDir:
		return ocDirectory(p.Path, c, f.Entries)
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("opencode", f)
	case f.Media != nil:
		return ocImage(f.Media, f.Image)
	case f.Binary:
		o := reader.Fail("Cannot read binary file: " + p.Path)
		o.Truncation.Cap = reader.CapBinary
		return o
	}
	return ocText(p, c, f)
}

// effectError words a file-system failure as Effect's platform layer does:
// "BadResource: FileSystem.stat (/path)".
func effectError(err error) string {
	reason := "Unknown"
	switch reader.Errno(err) {
	case syscall.ENOENT:
		reason = "NotFound"
	case syscall.EACCES:
		reason = "PermissionDenied"
	case syscall.EEXIST:
		reason = "AlreadyExists"
	case syscall.EISDIR, syscall.ENOTDIR, syscall.ELOOP:
		reason = "BadResource"
	case syscall.EBUSY:
		reason = "Busy"
	}
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return reason + ": " + err.Error()
	}
	return fmt.Sprintf("%s: FileSystem.%s (%s)", reason, pe.Op, pe.Path)
}

func Attached(a *reader.Attachment) *reader.Outcome {
	o := &reader.Outcome{Attachments: []reader.Attachment{*a}}
	if a.Mime == "application/pdf" {
		o.Media("PDF read successfully")
	} else {
		o.Media("Image read successfully")
	}
	return o
}

func Missing(path string, f *reader.Found) *reader.Outcome {
	base := node.ToLowerCase(node.Basename(path))
	dir := node.Dirname(path)
	var near []string
	for _, name := range f.Siblings {
		n := node.ToLowerCase(name)
		if strings.Contains(n, base) || strings.Contains(base, n) {
			near = append(near, node.Join(dir, name))
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

func ocDirectory(path string, c *ocCall, entries []reader.Entry) *reader.Outcome {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name
		if e.Dir {
			names[i] += "/"
		}
	}
	sortLocale(names)
	start := min(c.offset-1, len(names))
	shown := names[start:min(start+c.limit, len(names))]
	o := &reader.Outcome{}
	o.Frame("<path>" + path + "</path>\n<type>directory</type>\n<entries>\n")
	for i, n := range shown {
		if i > 0 {
			o.Frame("\n")
		}
		o.Line(reader.Line{N: start + i + 1, Text: n}, "", "")
	}
	o.Frame("\n")
	t := &o.Truncation
	if start+len(shown) < len(names) {
		next := c.offset + len(shown)
		o.Notice(fmt.Sprintf("\n(Showing %d of %d entries. Use 'offset' parameter to read beyond entry %d)", len(shown), len(names), next))
		t.Cap, t.NextOffset, t.Next = reader.CapEntries, next, c.args.With("offset", next)
	} else {
		o.Notice(fmt.Sprintf("\n(%d entries)", len(names)))
	}
	o.Frame("\n</entries>")
	if len(shown) > 0 {
		t.FirstLine, t.LastLine = start+1, start+len(shown)
	}
	t.TotalLines, t.TotalKnown = len(names), true
	return o
}

// sortLocale sorts as JavaScript's a.localeCompare(b) does under ICU's root
// collation: punctuation first, digits as text, case only as a tie-break.
//
// Collation keys, compared as bytes, order as CompareString does at a
// fraction of the cost; but a long name's key runs to kilobytes, and a key
// per entry of a 300,000-entry directory took gigabytes. So the sort holds
// one fixed-size chunk of each key, all in one buffer: it orders the names
// by their first chunks, then orders each run of names whose chunks tie by
// their next chunks, and so on. A key is computed again for each chunk a
// tie needs, which only long shared prefixes do.
func sortLocale(names []string) {
	sortLocaleChunks(names, min(max(keyBudget/max(len(names), 1), 16), 256))
}

// keyBudget bounds the collation key bytes sortLocale holds at once.
const keyBudget = 16 << 20

// collatable is name as x/text/collate should see it to order it as ICU
// does. ICU's root collation puts U+FFFD, which stands for each invalid
// byte sequence of a name, after every other character but U+FFFF;
// x/text/collate sorts it among the symbols. U+10FFFD, the last code point
// below U+FFFF in both orders, takes its place.
func collatable(name string) string {
	if !strings.ContainsRune(name, utf8.RuneError) {
		return name
	}
	return strings.ReplaceAll(name, "\ufffd", "\U0010FFFD")
}

// sortLocaleChunks is sortLocale holding k bytes of key per name (k <= 65535).
func sortLocaleChunks(names []string, k int) {
	n := len(names)
	if n < 2 {
		return
	}
	col := collate.New(language.Und)
	var buf collate.Buffer
	chunks := make([]byte, n*k)
	held := make([]uint16, n) // how many bytes of its chunk a name holds
	more := make([]bool, n)   // its key goes on past the chunk
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	chunk := func(i int32) []byte { return chunks[int(i)*k : int(i)*k+int(held[i])] }
	// fill puts chunk number level of each name's key in place.
	fill := func(run []int32, level int) {
		for _, i := range run {
			key := col.KeyFromString(&buf, collatable(names[i]))
			from := min(level*k, len(key))
			to := min(from+k, len(key))
			held[i] = uint16(copy(chunks[int(i)*k:], key[from:to]))
			more[i] = len(key) > to
			buf.Reset()
		}
	}
	// Stable at every level: names whose keys are equal keep directory order.
	type run struct{ lo, hi, level int }
	todo := []run{{0, n, 0}}
	for len(todo) > 0 {
		r := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		part := order[r.lo:r.hi]
		fill(part, r.level)
		slices.SortStableFunc(part, func(a, b int32) int { return bytes.Compare(chunk(a), chunk(b)) })
		for lo := 0; lo < len(part); {
			hi, goesOn := lo+1, more[part[lo]]
			for hi < len(part) && bytes.Equal(chunk(part[hi]), chunk(part[lo])) {
				goesOn = goesOn || more[part[hi]]
				hi++
			}
			if hi-lo > 1 && goesOn {
				todo = append(todo, run{r.lo + lo, r.lo + hi, r.level + 1})
			}
			lo = hi
		}
	}
	sorted := make([]string, n)
	for j, i := range order {
		sorted[j] = names[i]
	}
	copy(names, sorted)
}

func ocText(p *reader.Plan, c *ocCall, f *reader.Found) *reader.Outcome {
	pg := f.Page
	if pg.Err != nil {
		return reader.Fail(pg.Err.Error())
	}
	count := pg.Total
	if ocOutOfRange(c, count) {
		return reader.Fail(fmt.Sprintf("Offset %d is out of range for this file (%d lines)", c.offset, count))
	}
	o := reader.OutcomeFor(pg)
	o.Frame("<path>" + p.Path + "</path>\n<type>file</type>\n<content>\n")
	for i, l := range pg.Lines {
		if i > 0 {
			o.Frame("\n")
		}
		o.NumberedLine(l, reader.LineNumber{N: l.N, Sep: ": "}, LineCut)
	}
	t := &o.Truncation
	ocFacts(t, c, pg.Stopped())
	switch t.Cap {
	case reader.CapBytes:
		o.Notice(fmt.Sprintf("\n\n(Output capped at %s. Showing lines %d-%d. Use offset=%d to continue.)", ocCapWords, c.offset, t.NextOffset-1, t.NextOffset))
	case reader.CapLimit, reader.CapLines:
		o.Notice(fmt.Sprintf("\n\n(Showing lines %d-%d of %d. Use offset=%d to continue.)", c.offset, t.NextOffset-1, count, t.NextOffset))
	default:
		o.Notice(fmt.Sprintf("\n\n(End of file - total %d lines)", count))
	}
	o.Frame("\n</content>")
	Reminders(o, withoutMarks(f.Extras))
	return o
}

// ocOutOfRange says the offset is past the file's lines: an error.
func ocOutOfRange(c *ocCall, count int) bool {
	return count < c.offset && !(count == 0 && c.offset == 1)
}

// ocFacts are the facts of ocText's answer on a page whose window stopped
// as w.
func ocFacts(t *reader.Truncation, c *ocCall, w reader.Stopped) {
	last := c.offset + w.Shown - 1
	next := last + 1
	switch w.Stop {
	case reader.StopBudget:
		t.Cap = reader.CapBytes
	case reader.StopLimit:
		t.Cap = reader.CapLimit
		if c.limit == ocLimit && c.args.Get("limit").Kind == reader.Missing {
			t.Cap = reader.CapLines // the default limit is the tool's own cap
		}
	}
	if t.Cap != reader.CapNone {
		t.NextOffset, t.Next = next, c.args.With("offset", next)
	}
	if w.Shown > 0 {
		t.FirstLine, t.LastLine = c.offset, last
	}
	t.TotalLines, t.TotalKnown = w.Total, w.Counted
}

// HeadWhenPlain gives the facts of a plain page the window cuts, as
// ocText words them: only how the window stopped goes into them.
func (opencode) HeadWhenPlain(p *reader.Plan, _ reader.PlainPage, w reader.Stopped) (reader.Truncation, bool) {
	c := p.Call.(*ocCall)
	var t reader.Truncation
	if ocOutOfRange(c, w.Total) {
		return t, false
	}
	ocFacts(&t, c, w)
	return t, true
}
