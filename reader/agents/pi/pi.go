package pi

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/readlens/readlens/internal/lazyregexp"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
	"golang.org/x/text/unicode/norm"
)

// pi 0.73.1: the read tool of pi's coding agent
// (packages/coding-agent/src/core/tools/read.ts, @mariozechner/pi-coding-agent).
// Spec: shared/research/pi.md §1-4; goldens in testdata/oracle/pi were
// recorded with shared/oracles/pi-read.mjs.
//
// pi computes offsets in JavaScript numbers and hands them to slice(), so a
// fractional or negative argument reaches the output (offset 1.5 shows
// "lines 1.5-..."). The profile keeps that arithmetic in float64.
type pi struct{}

// Profile is pi's read tool, as readlens reproduces it.
var Profile reader.Profile = pi{}

const (
	MaxLines     = 2000
	MaxBytes     = 51200
	piSample     = 4100     // file-type's detection window
	piLimitWords = "50.0KB" // formatSize(51200)
)

func (pi) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "pi", Agent: "pi", Release: "0.73.1", Tool: "read",
	Source:     "packages/coding-agent/src/core/tools/read.ts (npm @mariozechner/pi-coding-agent)",
	Spec:       "shared/research/pi.md §1-4",
	Recordings: "testdata/oracle/pi, with shared/oracles/pi-read.mjs",
	Params: []reader.Param{
		{Name: "path", Type: "string", Required: true, Doc: "Path to the file to read (relative or absolute)"},
		{Name: "offset", Type: "number", Doc: "Line number to start reading from (1-indexed)"},
		{Name: "limit", Type: "number", Doc: "Maximum number of lines to read"},
	},
	Limits: []string{
		"2000 lines or 50KB (51200 bytes), whichever comes first; no per-line cap",
		"a trailing newline counts as one more (empty) line",
		"images (jpg, png, gif, webp) by magic bytes; no binary detection",
		"images over 2000x2000 pixels or 4.5 MiB of base64 resized (Lanczos3) to fit, as PNG or JPEG (quality 80, 85, 70, 55, 40), shrinking by x0.75 until the base64 is under 4.5 MiB",
		"files over 512 MiB or 2 GiB fail with Node's errors (a string too long, readFile's size limit)",
	},
	Notes: []string{
		"images pi resizes (over 2000x2000 pixels or 4.5 MiB of base64) are sent as readlens encodes them with ports of Photon's encoders: the text, mime type and dimensions are pi's, the bytes can differ (bytes_exact: false)",
	},
}

func (pi) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("path", path, "offset", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

type piCall struct {
	args   reader.Args
	path   string   // the path argument after coercion, as the sed hint prints it
	offset float64  // 0 when absent
	limit  *float64 // nil when absent
	start  float64  // JavaScript's startLine
	// noImages: the model takes no image input (Env.NoImages), and the
	// text of an image says so.
	noImages bool
}

// TakesAnyJSON: arguments that are not an object fail validation at the
// root.
func (pi) TakesAnyJSON() {}

func (pi) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	c, errs := piValidate(a)
	if a.NotObject() {
		errs = "  - root: must be object"
	}
	if errs != "" {
		return nil, reader.Fail("Validation failed for tool \"read\":\n" + errs + "\n\nReceived arguments:\n" + node.Stringify(a.Raw, "  "))
	}
	c.args = a
	c.noImages = env.NoImages
	if c.offset != 0 {
		c.start = math.Max(0, c.offset-1)
	}
	w := reader.Window{Start: int(c.start), Limit: -1, MaxLines: MaxLines,
		Budget: reader.Budget{Max: MaxBytes, Unit: reader.Bytes, Sep: 1}, Count: true}
	tail := 0
	if c.limit != nil {
		// allLines.slice(start, min(start+limit, N)): the end is truncated
		// toward zero, and a negative end counts from the end of the file.
		end := math.Trunc(c.start + *c.limit)
		switch {
		case end >= float64(w.Start):
			w.Limit = int(math.Min(end, 1<<40)) - w.Start
		case end < 0:
			tail = int(math.Min(-end, 1<<40))
		default:
			w.Limit = 0
		}
	}
	return &reader.Plan{
		Path:       piResolve(env, c.path),
		Dir:        reader.DirRefuse,
		Sample:     piSample,
		Media:      piMedia,
		Image:      piConvert,
		References: references,
		Text:       reader.Text{Split: reader.Split{Phantom: true}},
		Window:     w,
		Tail:       tail,
		// readFile and toString throw past these sizes, after the access
		// check and the image sniff: no text of such a file is read.
		MaxSize:    node.MaxStringLength,
		SizeOnRead: true,
		Call:       c,
	}, nil
}

// piValidate converts and checks the arguments as pi-ai does: TypeBox's
// Value.Convert, then the schema, every failure listed.
func piValidate(a reader.Args) (*piCall, string) {
	c := &piCall{}
	var errs []string
	switch v := a.Get("path"); v.Kind {
	case reader.Missing:
		errs = append(errs, "  - path: must have required properties path")
	case reader.String:
		c.path = v.Str
	case reader.Number:
		c.path = node.Number(v.Num)
	case reader.Bool:
		c.path = fmt.Sprint(v.Bool)
	case reader.Null:
		c.path = "null"
	default:
		errs = append(errs, "  - path: must be string")
	}
	for _, key := range []string{"offset", "limit"} {
		v := a.Get(key)
		if v.Kind == reader.Missing {
			continue
		}
		n, ok := typeboxNumber(v)
		if !ok {
			errs = append(errs, "  - "+key+": must be number")
			continue
		}
		if key == "offset" {
			c.offset = n
		} else {
			c.limit = &n
		}
	}
	return c, strings.Join(errs, "\n")
}

// typeboxNumber is TypeBox's TryNumber followed by its Number check.
func typeboxNumber(v reader.Value) (float64, bool) {
	switch v.Kind {
	case reader.Number:
		return v.Num, !math.IsInf(v.Num, 0)
	case reader.Bool:
		if v.Bool {
			return 1, true
		}
		return 0, true
	case reader.Null:
		return 0, true
	case reader.String:
		if n, ok := node.ToNumber(v.Str); ok && !math.IsInf(n, 0) && !math.IsNaN(n) {
			return n, true
		}
		switch strings.ToLower(v.Str) {
		case "true":
			return 1, true
		case "false":
			return 0, true
		}
		// TryBigInt: "12n" is BigInt 12, a Number when it is a safe
		// integer. Its integer and decimal patterns match here only
		// strings that + made Infinity, which are never safe.
		if m := piBigInt.FindStringSubmatch(v.Str); m != nil {
			if n, err := strconv.ParseInt(m[1], 10, 64); err == nil && n <= 1<<53-1 && n >= -(1<<53-1) {
				return float64(n), true
			}
		}
	}
	return 0, false
}

var piBigInt = lazyregexp.New(`^(-?(?:0|[1-9]\d*))n$`)

var piUnicodeSpaces = lazyregexp.New("[\u00a0\u2000-\u200a\u202f\u205f\u3000]")
var piAmPm = lazyregexp.New(`(?i) (AM|PM)\.`)

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// piResolve is pi's resolveReadPath: expand "@", "~" and odd spaces, resolve
// against the working directory, then try the macOS spellings of a name that
// does not exist (screenshot U+202F, NFD, curly apostrophe).
func piResolve(env reader.Env, raw string) string {
	p := strings.TrimPrefix(raw, "@")
	if !isASCII(p) { // the odd spaces are none of them ASCII; an audit asks this of every file
		p = piUnicodeSpaces.ReplaceAllString(p, " ")
	}
	switch {
	case p == "~":
		p = env.Home
	case strings.HasPrefix(p, "~/"):
		p = env.Home + p[1:]
	}
	if !node.IsAbs(p) {
		p = node.Resolve(env.Cwd, p)
	}
	exists := func(q string) bool { _, err := env.FS.Stat(q); return err == nil }
	if exists(p) {
		return p
	}
	nfd := norm.NFD.String(p)
	curly := func(s string) string { return strings.ReplaceAll(s, "'", "\u2019") }
	for _, v := range []string{piAmPm.ReplaceAllString(p, "\u202f$1."), nfd, curly(p), curly(nfd)} {
		if v != p && exists(v) {
			return v
		}
	}
	return p
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// its window holds every cap (2000 lines, 50 KB).
func (pi) WholeWhenPlain(*reader.Plan, reader.PlainPage) bool { return true }

func (pi) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*piCall)
	switch {
	case strings.ContainsRune(p.Path, 0):
		// access() throws before any system call; Go's stat said EINVAL.
		return reader.Fail(node.NullBytesPath(p.Path))
	case f.Probe != nil && f.Probe.Err != nil:
		// access() passes a socket; the open that sniffs for an image fails.
		return reader.Fail(node.Error(f.Err, "open", p.Path))
	case f.Kind == reader.KindMissing, f.Kind == reader.KindFile && f.Err != nil && f.Media == nil && f.Page == nil:
		return reader.Fail(node.Error(f.Err, "access", p.Path))
	case f.Kind == reader.KindDir:
		return reader.Fail("EISDIR: illegal operation on a directory, read")
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("pi", f)
	case f.TooLarge:
		// readFile refuses it over 2 GiB, toString over V8's string length.
		return reader.Fail(node.ReadFileText(f.Size))
	case f.Media != nil && node.Base64Len(f.Media.Size) > node.MaxStringLength:
		return reader.Fail(node.StringTooLong) // buffer.toString("base64")
	case f.Media != nil:
		return piImage(c, f.Media, f.Image)
	}
	return piText(c, f.Page)
}

// piNonVision is getNonVisionImageNote's words, the last line of an
// image's text when the model takes no images. pi still attaches the image;
// pi-ai puts a placeholder in its place when it builds the request.
const piNonVision = "\n[Current model does not support images. The image will be omitted from this request.]"

// piImage words what the read tool sends for an image: its mime type,
// the resize note, or that the image was left out.
func piImage(call *piCall, a *reader.Attachment, c *reader.Converted) *reader.Outcome {
	o := &reader.Outcome{}
	note := ""
	if call.noImages {
		note = piNonVision
	}
	switch {
	case c != nil && c.Hang != "":
		return &reader.Outcome{Note: "pi would not return here: " + c.Hang}
	case c == nil: // never read whole: pi's size limits answered first
		o.Media("Read image file [" + a.Mime + "]" + note)
		o.Attachments = []reader.Attachment{*a}
	case c.Omitted:
		o.Media("Read image file [" + a.Mime + "]\n[Image omitted: could not be resized below the inline image size limit.]" + note)
	case c.Sent != nil:
		o.Media("Read image file [" + c.Sent.Mime + "]\n" + dimensionNote(c.Width, c.Height, c.Sent) + note)
		o.Attachments = []reader.Attachment{*c.Sent}
		o.Note = fmt.Sprintf("pi sends this %dx%d image resized to %dx%d as %s; the bytes are readlens's encoding of it (Photon's encoders ported, Go's decoders), so their size and digest can differ from pi's",
			c.Width, c.Height, c.Sent.Width, c.Sent.Height, c.Sent.Mime)
	default:
		o.Media("Read image file [" + a.Mime + "]" + note)
		o.Attachments = []reader.Attachment{*a}
	}
	return o
}

func piText(c *piCall, pg *reader.Page) *reader.Outcome {
	if pg.Err != nil {
		return reader.Fail(pg.Err.Error())
	}
	n := float64(pg.Total)
	if c.start >= n {
		return reader.Fail("Offset " + node.Number(c.offset) + " is beyond end of file (" + node.Number(n) + " lines total)")
	}
	o := reader.OutcomeFor(pg)
	t := &o.Truncation
	startDisplay := c.start + 1
	shown := float64(len(pg.Lines))
	if pg.Stop == reader.StopBudget && len(pg.Lines) == 0 {
		// truncateHead keeps no line at all: pi points at sed instead.
		if c.start != math.Trunc(c.start) {
			// Buffer.byteLength(allLines[1.5]) is a TypeError in Node.
			return reader.Fail(`The "string" argument must be of type string or an instance of Buffer or ArrayBuffer. Received undefined`)
		}
		o.Notice(fmt.Sprintf("[Line %s is %s, exceeds %s limit. Use bash: sed -n '%sp' %s | head -c %d]",
			node.Number(startDisplay), formatSize(pg.Over.Size.Bytes), piLimitWords, node.Number(startDisplay), c.path, MaxBytes))
		t.Cap = reader.CapFirstLine
		t.TotalLines, t.TotalKnown = pg.Total, true
		return o
	}
	for i, l := range pg.Lines {
		if i > 0 {
			o.Frame("\n")
		}
		o.Line(l, "", "")
	}
	endDisplay := startDisplay + shown - 1
	first := 0
	if len(pg.Lines) > 0 {
		first = pg.Lines[0].N
	}
	piFacts(t, c, pg.Stopped(), first)
	switch t.Cap {
	case reader.CapLines:
		o.Notice(fmt.Sprintf("\n\n[Showing lines %s-%s of %s. Use offset=%s to continue.]",
			node.Number(startDisplay), node.Number(endDisplay), node.Number(n), node.Number(endDisplay+1)))
	case reader.CapBytes:
		o.Notice(fmt.Sprintf("\n\n[Showing lines %s-%s of %s (%s limit). Use offset=%s to continue.]",
			node.Number(startDisplay), node.Number(endDisplay), node.Number(n), piLimitWords, node.Number(endDisplay+1)))
	case reader.CapLimit:
		end := piLimitEnd(c, n)
		o.Notice(fmt.Sprintf("\n\n[%s more lines in file. Use offset=%s to continue.]", node.Number(n-end), node.Number(end+1)))
	}
	return o
}

// piLimitEnd is where the lines the call's limit takes of n end, as pi
// adds them: start plus those taken.
func piLimitEnd(c *piCall, n float64) float64 {
	end := math.Min(c.start+*c.limit, n)
	taken := end - c.start
	return c.start + taken
}

// piFacts are the facts of piText's answer, but for a first line too long
// to show, on a page whose window stopped as w, showing lines from first.
func piFacts(t *reader.Truncation, c *piCall, w reader.Stopped, first int) {
	n := float64(w.Total)
	endDisplay := c.start + 1 + float64(w.Shown) - 1 // as piText's, in floating point
	switch {
	case w.Stop == reader.StopMaxLines:
		t.Cap = reader.CapLines
		piNext(t, c, endDisplay+1)
	case w.Stop == reader.StopBudget:
		t.Cap = reader.CapBytes
		piNext(t, c, endDisplay+1)
	case c.limit != nil:
		if end := piLimitEnd(c, n); end < n {
			t.Cap = reader.CapLimit
			piNext(t, c, end+1)
		}
	}
	if w.Shown > 0 {
		t.FirstLine, t.LastLine = first, first+w.Shown-1
	}
	t.TotalLines, t.TotalKnown = w.Total, true
}

// HeadWhenPlain gives the facts of a plain page the window cuts, as
// piText words them: only how the window stopped goes into them. A first
// line too long to show is left to the read.
func (pi) HeadWhenPlain(p *reader.Plan, _ reader.PlainPage, w reader.Stopped) (reader.Truncation, bool) {
	c := p.Call.(*piCall)
	var t reader.Truncation
	if c.start >= float64(w.Total) || w.Shown == 0 {
		return t, false
	}
	piFacts(&t, c, w, p.Window.Start+1)
	return t, true
}

func piNext(t *reader.Truncation, c *piCall, next float64) {
	if next == math.Trunc(next) && next >= 1 && next < 1<<40 {
		t.NextOffset = int(next)
	}
	t.Next = c.args.With("offset", json.Number(node.Number(next)))
}

// formatSize is pi's formatSize: bytes, then one decimal of KB or MB.
func formatSize(b int64) string {
	switch {
	case b < 1024:
		return fmt.Sprintf("%dB", b)
	case b < 1024*1024:
		return tenths(b, 1024) + "KB"
	}
	return tenths(b, 1024*1024) + "MB"
}

// tenths is JavaScript's (b/d).toFixed(1) in integer arithmetic: toFixed
// rounds a tie up where Go's %.1f rounds it to even (1280 B is "1.3KB").
func tenths(b, d int64) string {
	t := (20*b + d) / (2 * d)
	return fmt.Sprintf("%d.%d", t/10, t%10)
}
