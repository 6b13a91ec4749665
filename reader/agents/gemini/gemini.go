package gemini

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// gemini CLI core 0.61.0 (@google/gemini-cli-core): the read_file tool
// (dist/src/tools/read-file.js) and processSingleFileContent
// (dist/src/utils/fileUtils.js). Spec: shared/research/others.md §2; goldens
// in testdata/oracle/gemini-cli were recorded with
// shared/oracles/gemini_read_file.mjs.
//
// The workspace is the directory Gemini CLI was started in (its targetDir):
// readlens's --cwd. Relative paths resolve against it and reads outside it
// are refused.
type gemini struct{}

// Profile is Gemini CLI's read_file tool, as readlens reproduces it.
var Profile reader.Profile = gemini{}

const (
	MaxLines     = 2000
	MaxLine      = 2000
	gmMaxMB      = 20
	gmSVGMax     = 1 << 20
	gmCutSuffix  = "... [truncated]"
	gmMediaText  = "Binary content provided (1 item(s))."
	gmInjectText = "Binary content (%s) read successfully. Content will be injected for analysis in the next sequence."
)

// gmBinaryExts is BINARY_EXTENSIONS (utils/ignorePatterns.js), sorted as
// the tool sorts it.
var gmBinaryExts = []string{".7z", ".a", ".bin", ".bmp", ".bz2", ".class", ".dat", ".dll", ".doc", ".docx",
	".dylib", ".exe", ".gif", ".gz", ".jar", ".jpeg", ".jpg", ".lib", ".o", ".obj", ".odp", ".ods", ".odt",
	".pak", ".pdf", ".png", ".ppt", ".pptx", ".pyc", ".pyo", ".rar", ".rpa", ".so", ".svg", ".tar", ".war",
	".wasm", ".webp", ".xls", ".xlsx", ".zip"}

// gmAudioExts are the supported audio extensions and their mime types.
var gmAudioExts = map[string]string{".mp3": "audio/mpeg", ".wav": "audio/wav", ".aiff": "audio/aiff",
	".aif": "audio/aiff", ".aac": "audio/aac", ".ogg": "audio/ogg", ".flac": "audio/flac"}

// gmAudioAliases is AUDIO_MIME_TYPE_NORMALIZATION.
var gmAudioAliases = map[string]string{"audio/mp3": "audio/mpeg", "audio/x-mp3": "audio/mpeg",
	"audio/wave": "audio/wav", "audio/x-wav": "audio/wav", "audio/vnd.wave": "audio/wav",
	"audio/x-pn-wav": "audio/wav", "audio/x-aiff": "audio/aiff", "audio/aif": "audio/aiff",
	"audio/x-aac": "audio/aac"}

func (gemini) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "gemini-cli", Agent: "Gemini CLI", Release: "core 0.61.0", Tool: "read_file",
	Source:     "dist/src/tools/read-file.js, processSingleFileContent in dist/src/utils/fileUtils.js and the JIT context of dist/src/tools/jit-context.js (npm @google/gemini-cli-core)",
	Spec:       "shared/research/others.md §2",
	Recordings: "testdata/oracle/gemini-cli, with shared/oracles/gemini_read_file.mjs and the session memory of internal/record/gemini_memory.mjs",
	Params: []reader.Param{
		{Name: "file_path", Type: "string", Required: true, Doc: "The path to the file to read."},
		{Name: "start_line", Type: "integer >= 1", Doc: "Optional: The 1-based line number to start reading from."},
		{Name: "end_line", Type: "integer >= 1", Doc: "Optional: The 1-based line number to end reading at (inclusive)."},
	},
	Limits: []string{
		"2000 lines from start_line (none when end_line is given); no line numbers",
		"lines over 2000 characters (UTF-16 units) are cut and end in '... [truncated]'",
		"files over 20 MB are refused; SVG over 1 MB is not shown",
		"text is decoded by its byte order mark (UTF-8, UTF-16LE/BE, UTF-32LE/BE)",
		"binary: 41 extensions or isbinaryfile's sniffing, reported as text, not as an error",
		"images, PDF, audio and video are sent as inline data",
		"paths its .gitignore and .geminiignore rules ignore are refused before reading",
		"a successful read appends the GEMINI.md files between the workspace and the file, their @imports inlined (JIT context)",
	},
	Notes: []string{
		"the JIT context assumes a fresh session: only the GEMINI.md files loaded at start (the workspace's and those above it, the global one) are known",
		"the project temp directory is named after the workspace's lower-cased base name; Gemini keeps a registry of such names",
	},
}

func (gemini) Args(path string, offset, limit *int) json.RawMessage {
	start, end := reader.StartEnd(offset, limit)
	return reader.JSONObject("file_path", path, "start_line", start, "end_line", end)
}

type gmCall struct {
	root       string    // the workspace (targetDir)
	refusal    gmRefusal // the workspace check's refusal of this path, for Found.Escaped
	start, end int       // 0: not given
	kind       string    // what detectFileType found, for Format
	// Where a successful read looks for the context it appends (jit.go):
	// the file system, the workspace resolved and the home directory.
	fs              reader.FS
	workspace, home string
}

func (gemini) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	if msg := gmValidate(a); msg != "" {
		return nil, reader.Fail(msg)
	}
	c := &gmCall{root: env.Cwd}
	startV, endV := a.Get("start_line"), a.Get("end_line")
	if startV.Kind == reader.Number {
		c.start = int(min(startV.Num, 1<<50))
	}
	if endV.Kind == reader.Number {
		c.end = int(min(endV.Num, 1<<50))
	}
	raw := strings.ReplaceAll(a.Get("file_path").Str, "\x00", "")
	if strings.TrimFunc(raw, node.IsSpace) == "" {
		return nil, reader.Fail("The 'file_path' parameter must be non-empty.")
	}
	p, err := gmResolve(env, raw)
	if err != nil {
		return nil, reader.Fail("Failed to resolve path: " + err.Error())
	}
	if msg := gmValidatePath(p); msg != "" {
		return nil, reader.Fail("Invalid path: " + msg)
	}
	within, refusal := gmWorkspace(env, p)
	if within == "" {
		return nil, reader.Fail(refusal.String())
	}
	c.refusal = refusal
	c.fs, c.workspace, c.home = env.FS, refusal.root, env.Home
	// Compared as the numbers JavaScript holds, not as the lines they
	// come to: start_line 1e300 is past end_line 1e299.
	if c.start != 0 && c.end != 0 && startV.Num > endV.Num {
		return nil, reader.Fail("start_line cannot be greater than end_line")
	}
	// The ignore rules are asked of the path as given and as resolved.
	asked := []string{p}
	if s := gmSanitize(env, raw); s != p {
		asked = []string{s, p}
	}
	for _, q := range asked {
		if r := gmIgnored(env.FS, env.Cwd, q); r != nil {
			out := reader.Fail(gmIgnoredWords(p))
			out.Note = "ignored by " + r.where()
			return nil, out
		}
	}
	w := reader.Window{Start: 0, Limit: MaxLines, Count: true,
		Cut: reader.LineCut{Max: MaxLine, Unit: reader.UTF16, Suffix: gmCutSuffix}}
	if c.start > 0 {
		w.Start = c.start - 1
	}
	if c.end > 0 {
		w.Limit = max(0, c.end-w.Start)
	}
	ext := strings.ToLower(node.Extname(p))
	plan := &reader.Plan{
		Path:   p,
		Within: within, // the engine opens p beneath it, or Found.Escaped
		Dir:    reader.DirRefuse,
		Sample: ibfSample,
		Media:  gmMedia,
		Binary: gmBinary,
		Text:   reader.Text{Encoding: reader.EncodingBOM, Split: reader.Split{Phantom: true, TrimCR: true}},
		Window: w,
		Call:   c,
	}
	if !env.Blocks(p) {
		// The size rule comes first, from stat: such a file is never read.
		plan.MaxSize = gmMaxMB << 20
	}
	if ext == ".svg" {
		// SVG is read whole as text: split on "\n" and joined again, it is the file.
		c.kind = "svg"
		plan.Text.Split = reader.Split{Phantom: true}
		// Larger files are refused by size; the budget only stops readlens
		// from holding them (decoded text is at most three times its bytes).
		plan.Window = reader.Window{Limit: -1, Budget: reader.Budget{Max: 3*gmSVGMax + 1, Unit: reader.Bytes, Sep: 1, Halt: true}}
		// An SVG is known by its extension and refused by its stat.
		plan.MaxSize = gmSVGMax
	}
	return plan, nil
}

// gmValidate is Ajv on the tool's schema, first failure only, as
// SchemaValidator words it: required keys, then each property in order.
func gmValidate(a reader.Args) string {
	v := a.Get("file_path")
	switch {
	case v.Kind == reader.Missing:
		return "params must have required property 'file_path'"
	case v.Kind != reader.String:
		return "params/file_path must be string"
	}
	for _, key := range []string{"start_line", "end_line"} {
		switch v := a.Get(key); {
		case v.Kind == reader.Missing:
		case v.Kind != reader.Number || v.Num != math.Trunc(v.Num) || math.IsInf(v.Num, 0):
			return "params/" + key + " must be integer"
		case v.Num < 1:
			return "params/" + key + " must be >= 1"
		}
	}
	return ""
}

// gmMedia is detectFileType's media branches: .ts/.mts/.cts and .svg are
// text first; image/* and application/pdf by extension; audio/* and
// video/* (and the audio extensions) only when the bytes look binary.
func gmMedia(sample []byte, path string) string {
	ext := strings.ToLower(node.Extname(path))
	if ext == ".ts" || ext == ".mts" || ext == ".cts" || ext == ".svg" {
		return ""
	}
	mime := geminiMimeOf(path)
	switch {
	case strings.HasPrefix(mime, "image/"), mime == "application/pdf":
		return mime
	case strings.HasPrefix(mime, "audio/"), strings.HasPrefix(mime, "video/"):
		if !isBinaryFile(sample) {
			return ""
		}
		if strings.HasPrefix(mime, "video/") {
			return mime
		}
	}
	if audio := gmAudioMime(path, mime); audio != "" && isBinaryFile(sample) {
		return audio
	}
	return ""
}

// gmAudioFormats is SUPPORTED_AUDIO_FORMATS_DISPLAY.
const gmAudioFormats = "MP3, WAV, AIFF, AAC, OGG, and FLAC"

// gmUnsupportedAudio says detectFileType, given binary bytes, calls the
// file audio though getSupportedAudioMimeTypeForFile has no type for it
// (.mid, .m4a, .amr, ...).
func gmUnsupportedAudio(path string) bool {
	switch strings.ToLower(node.Extname(path)) {
	case ".ts", ".mts", ".cts", ".svg":
		return false
	}
	mime := geminiMimeOf(path)
	return strings.HasPrefix(mime, "audio/") && gmAudioMime(path, mime) == ""
}

// gmAudioMime is getSupportedAudioMimeTypeForFile.
func gmAudioMime(path, mime string) string {
	if n, ok := gmAudioAliases[mime]; ok {
		mime = n
	}
	for _, m := range gmAudioExts {
		if m == mime && mime != "" {
			return mime
		}
	}
	return gmAudioExts[strings.ToLower(node.Extname(path))]
}

func gmBinary(sample []byte, path string) bool {
	ext := strings.ToLower(node.Extname(path))
	switch {
	case ext == ".ts" || ext == ".mts" || ext == ".cts" || ext == ".svg":
		return false
	case slices.Contains(gmBinaryExts, ext):
		return true
	}
	return isBinaryFile(sample)
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// the window holds 2000 lines and 2000 characters a line, and an SVG over
// 1 MB, which the tool declines to show, the plan refused from the stat.
func (gemini) WholeWhenPlain(*reader.Plan, reader.PlainPage) bool { return true }

func (gemini) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*gmCall)
	o := gmFormat(c, p, f)
	if o.IsError || f.Media != nil {
		return o // a file sent as data has its own (gmMediaAnswer)
	}
	gmAppendJIT(o, gmJIT(c.fs, c.workspace, c.home, p.Path))
	return o
}

// gmFormat is the tool's answer before the context it appends.
func gmFormat(c *gmCall, p *reader.Plan, f *reader.Found) *reader.Outcome {
	rel := strings.ReplaceAll(node.Relative(c.root, p.Path), "\\", "/")
	switch {
	case f.Escaped:
		return reader.Fail(c.refusal.String())
	case f.Kind == reader.KindMissing: // fs.existsSync is false on any error
		return reader.Fail("File not found: " + p.Path)
	case f.Kind == reader.KindDir:
		return reader.Fail("Path is a directory, not a file: " + p.Path)
	case float64(f.Size)/(1<<20) > gmMaxMB:
		return reader.Fail(fmt.Sprintf("File size exceeds the %dMB limit: %s (%sMB)", gmMaxMB, p.Path, jsFixed2(float64(f.Size)/(1<<20))))
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("Gemini CLI", f)
	case f.Err != nil:
		return reader.Fail("Error reading file " + p.Path + ": " + node.Error(f.Err, "open", p.Path))
	case f.Media != nil:
		return gmMediaAnswer(c, p, f)
	case f.Binary && gmUnsupportedAudio(p.Path):
		// detectFileType calls any binary audio/* file audio; only six
		// formats have a mime type to send it with.
		return reader.Fail("Unsupported audio file format for " + p.Path + ". Supported audio formats are " + gmAudioFormats + ".")
	case f.Binary:
		o := &reader.Outcome{}
		o.Notice("Cannot display content of binary file: " + rel)
		return o
	case c.kind == "svg" && f.Size > gmSVGMax:
		o := &reader.Outcome{}
		o.Notice("Cannot display content of SVG file larger than 1MB: " + rel)
		return o
	}
	pg := f.Page
	if pg.Err != nil {
		return reader.Fail("Error reading file " + p.Path + ": " + node.Error(pg.Err, "read", p.Path))
	}
	if bytes.HasPrefix(f.Sample, []byte{0xfe, 0xff}) && f.Size%2 != 0 {
		// decodeUTF16BE swaps the bytes with Buffer.swap16, which throws
		// on an odd length (the mark's two bytes are off already).
		return reader.Fail("Error reading file " + p.Path + ": Buffer size must be a multiple of 16-bits")
	}
	o := reader.OutcomeFor(pg)
	cut := false
	for _, l := range pg.Lines {
		cut = cut || l.Cut
	}
	first := 0
	if len(pg.Lines) > 0 {
		first = pg.Lines[0].N
	}
	start, end, truncated := gmFacts(&o.Truncation, p, c, pg.Stopped(), cut, first)
	if truncated {
		o.Notice(fmt.Sprintf("\nIMPORTANT: The file content has been truncated.\n"+
			"Status: Showing lines %d-%d of %d total lines.\n"+
			"Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. "+
			"For example, to read the next section of the file, use start_line: %d.\n\n"+
			"--- FILE CONTENT (truncated) ---\n", start+1, end, pg.Total, end+1))
	}
	gmLines(o, pg.Lines)
	return o
}

// gmFacts are the facts of gmFormat's answer on a text page whose window
// stopped as w, showing lines from first, cut says some line was cut: the
// lines shown, and whether the answer says it is truncated (truncated),
// of lines start+1 to end. An SVG file's answer says nothing of its lines.
func gmFacts(t *reader.Truncation, p *reader.Plan, c *gmCall, w reader.Stopped, cut bool, first int) (start, end int, truncated bool) {
	if w.Shown > 0 {
		t.FirstLine, t.LastLine = first, first+w.Shown-1
	}
	if c.kind == "svg" {
		return 0, 0, false
	}
	total := w.Total
	start = min(p.Window.Start, total)
	end = min(p.Window.Start+max(p.Window.Limit, 0), total)
	truncated = start > 0 || end < total || cut
	if truncated && end < total {
		t.Cap = reader.CapLimit
		if c.end == 0 {
			t.Cap = reader.CapLines
		}
		t.NextOffset = end + 1
		t.Next = gmNext(p, c, end+1)
	}
	t.TotalLines, t.TotalKnown = total, true
	return start, end, truncated
}

// HeadWhenPlain gives the facts of a plain page the window cuts, as
// gmFormat words them: only how the window stopped goes into them, since
// no line of it is cut. The context the answer appends (gmAppendJIT) is
// words alone.
func (gemini) HeadWhenPlain(p *reader.Plan, _ reader.PlainPage, w reader.Stopped) (reader.Truncation, bool) {
	var t reader.Truncation
	gmFacts(&t, p, p.Call.(*gmCall), w, false, p.Window.Start+1)
	return t, true
}

func gmLines(o *reader.Outcome, lines []reader.Line) {
	for i, l := range lines {
		if i > 0 {
			o.Frame("\n")
		}
		o.Line(l, "", gmCutSuffix)
	}
}

// gmNext is the call the notice asks for: start_line set, end_line dropped.
func gmNext(p *reader.Plan, c *gmCall, next int) json.RawMessage {
	return reader.JSONObject("file_path", p.Path, "start_line", next)
}

// jsFixed2 is JavaScript's n.toFixed(2) for the sizes the tool prints.
func jsFixed2(n float64) string {
	return fmt.Sprintf("%.2f", n)
}

// gmMediaAnswer is convertToFunctionResponse's answer for a file sent as
// data: the context a read appends is a text part beside it, and the
// answer is the text parts joined by "\n", audio's and video's note
// first; with neither, an image's answer says only that it was provided.
func gmMediaAnswer(c *gmCall, p *reader.Plan, f *reader.Found) *reader.Outcome {
	o := &reader.Outcome{Attachments: []reader.Attachment{*f.Media}}
	jit := gmJIT(c.fs, c.workspace, c.home, p.Path)
	av := strings.HasPrefix(f.Media.Mime, "audio/") || strings.HasPrefix(f.Media.Mime, "video/")
	switch {
	case av:
		o.Media(fmt.Sprintf(gmInjectText, f.Media.Mime))
		if jit != "" {
			o.Frame("\n")
		}
	case jit == "":
		o.Media(gmMediaText)
	}
	gmAppendJIT(o, jit)
	return o
}

// gmAppendJIT appends the context a read found, if any, as the tool
// delimits it.
func gmAppendJIT(o *reader.Outcome, jit string) {
	if jit != "" {
		o.Frame(gmJITPrefix)
		o.Notice(jit)
		o.Frame(gmJITSuffix)
	}
}
