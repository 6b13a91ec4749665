package claude

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330: the Read tool of the native CLI
// (@anthropic-ai/claude-code, whose binary is in the
// @anthropic-ai/claude-code-linux-x64 package). Spec: shared/research/others.md
// §1; goldens in testdata/oracle/claude-code were recorded with
// shared/oracles/claude_code_read.mjs, the real CLI against a scripted fake
// Messages API. The rules below were read from the binary's embedded source.
type claudeCode struct{}

// Profile is Claude Code's Read tool, as readlens reproduces it.
var Profile reader.Profile = claudeCode{}

const (
	ccMaxSize       = 262144  // maxSizeBytes: whole-file reads (no limit) only
	ccMaxTokens     = 25000   // maxTokens
	MaxSelected     = 3200000 // maxTokens × 128: the text a ranged read may select
	ccStreamSize    = 10 << 20
	ccNulWindow     = 8000 // the NUL note looks at this many leading bytes
	ccPDFMaxPages   = 20   // pages per request
	ccPDFWholeMax   = 10   // pages a PDF may have to be read without `pages`
	ccPDFMaxBytes   = 20 << 20
	ccNotebookMax   = 20 << 20  // readlens holds notebooks up to this (Claude Code: 100 MB)
	ccImageMaxBytes = 134217728 // _Ri: the most an image read takes
	ccSample        = ccNulWindow
	ccToolUseError  = "<tool_use_error>%s</tool_use_error>"
)

func (claudeCode) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "claude-code", Agent: "Claude Code", Release: "2.1.330", Tool: "Read",
	Source:     "the Read tool of the native CLI (npm @anthropic-ai/claude-code-linux-x64), read from the binary's embedded source",
	Spec:       "shared/research/others.md §1",
	Recordings: "testdata/oracle/claude-code, the real CLI against a scripted fake Messages API (shared/oracles/claude_code_read.mjs)",
	Params: []reader.Param{
		{Name: "file_path", Type: "string", Required: true, Doc: "The absolute path to the file to read"},
		{Name: "offset", Type: "integer >= 0", Doc: "The line number to start reading from. Only provide if the file is too large to read at once"},
		{Name: "limit", Type: "integer > 0", Doc: "The number of lines to read. Only provide if the file is too large to read at once."},
		{Name: "pages", Type: "string", Doc: `Page range for PDF files (e.g., "1-5", "3", "10-20"). Only applicable to PDF files. Maximum 20 pages per request.`},
		{Name: "allow_large", Type: "boolean", Doc: "Set to true to read a text file, or a line range of one, that is over the usual size limits, up to what still fits in your context."},
	},
	Limits: []string{
		"the whole file by default: no line cap, no per-line cap; lines as N<TAB>text",
		"whole-file reads (no limit): 256 KB (262144 bytes) on disk, then 25,000 tokens (a partial first page past it)",
		"ranged reads: 3.2 MB of selected text, 25,000 tokens",
		"binary: 121 extensions refused before reading (images and .pdf exempt); other bytes read as text with a note",
		"images (png, jpg, jpeg, gif, webp; sniffed when there is no extension), PDFs and notebooks as content blocks",
	},
	Notes: []string{
		"tokens are counted with a local tokenizer (cl100k_base), not Anthropic's count_tokens API: the 25,000-token cap and the partial page's end can fall elsewhere",
		"the context room is that of a fresh session in the oracle (about 1.35 MB or 112,500 tokens): it decides whether the caps' messages offer allow_large, and how far allow_large reaches",
		"PDF pages are rendered by the pdftoppm of the machine readlens runs on, as Claude Code renders them there (without one, its error); page counts come from the PDF's page objects, not from pdftoppm's or pdfinfo's messages",
		"images go through Claude Code's resize (2000x2000, 512,000 bytes, JPEG past that) with Go's decoders and encoders, not Bun.Image's: the mime type, the dimensions and the note after the image are the tool's, the bytes are not (bytes_exact: false), a resized WebP's bytes are not produced at all, and the palette PNG it tries before a JPEG is not (a resized PNG over the budget is sent as a JPEG); image limits are those of models without limits of their own (claude-sonnet-4-5, the oracle's)",
		"notebooks are read up to 20 MB (Claude Code: 100 MB); invalid notebook JSON gets Bun's parse message for the errors recorded (an early end, content after the value, a bare word, an unknown character, a bad escape, a control character in a string, a missing ':', ',' or closing bracket, a number cut short), another may be worded otherwise",
		"devices are not read: /dev/null is known to be empty, other devices get a note (the endless ones are refused by name, as Claude Code does)",
		"the harness's own reminders (<total_tokens>, the malware note) are left out; the trimming of the result's end they cause is kept",
	},
}

func (claudeCode) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("file_path", path, "offset", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

// ccCall is one Read call after coercion and validation.
type ccCall struct {
	args       reader.Args
	filePath   string // as the model sent it (the device guard quotes it)
	path       string // resolved
	eisdir     string // a directory named with a trailing slash, as its EISDIR error names it (ccTrailingSlash)
	offset     int    // 1 when absent
	limit      int    // 0 when absent
	hasLimit   bool
	pages      string
	hasPages   bool
	allowLarge bool
	imageExt   bool // read as an image by its extension
	pageRange  ccPageRange
	cwd        string // the working directory the missing-file text names
	fs         reader.FS
	tokens     reader.TokenCounter // Env.Tokens
	limits     ccLimits            // the image limits of Env.Model
	// counted is the text's token count when WholeWhenPlain made it (a
	// plain file's text is its lines joined), for Format to use again.
	counted *int
}

func (claudeCode) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	c, msg := ccValidate(a)
	if msg != "" {
		return nil, ccToolError(msg)
	}
	c.args, c.cwd, c.fs, c.tokens = a, env.Cwd, env.FS, env.Tokens
	if strings.ContainsRune(c.filePath, 0) {
		// validateInput's first check (P9), before the path is resolved.
		return nil, ccToolError(`Read file_path cannot contain null bytes (\0). Remove the null byte and try again.`)
	}
	path, err := ccResolve(env, c.filePath)
	if err != "" {
		return nil, ccToolError(err)
	}
	if alt := ccScreenshotAlt(path); alt != "" {
		// A macOS screenshot name: a space or U+202F before AM/PM is tried both ways.
		if _, err := env.FS.Stat(path); err != nil {
			if _, err := env.FS.Stat(alt); err == nil {
				path = alt
			}
		}
	}
	path, c.eisdir = ccTrailingSlash(env.FS, path)
	c.path = path
	// validateInput: the pages parameter, the binary extensions, the device guard.
	if c.hasPages {
		r, msg := ccPages(c.pages)
		if msg != "" {
			return nil, ccToolError(msg)
		}
		c.pageRange = r
	}
	if ext := strings.ToLower(node.Extname(path)); ccBinaryExt(path) && !ccMediaExt(ext) {
		return nil, ccToolError("This tool cannot read binary files. The file appears to be a binary " + ext + " file. Use a skill for this file type if one is available, or a shell command or script that can read the format.")
	}
	if msg := ccDeviceGuard(c.filePath, []string{path}); msg != "" {
		return nil, ccToolError(msg)
	}
	// call: the guard again on the path's real spelling, then by kind.
	if real, ok := reader.RealPath(env.FS, path); ok && real != path {
		if msg := ccDeviceGuard(c.filePath, []string{path, real}); msg != "" {
			return nil, reader.Fail(msg)
		}
	}
	p := &reader.Plan{Path: path, Dir: reader.DirRefuse, Near: true, Sample: ccSample, Call: c}
	ext := strings.ToLower(strings.TrimPrefix(node.Extname(path), "."))
	switch {
	case ext == "ipynb":
		p.Whole = ccNotebookMax
	case ccImageExt[ext] || ext == "":
		// An image extension, or none (sniffed): handed over as an image block.
		p.Media = ccImageMedia
		c.limits = ccLimitsFor(env.Model)
		p.Image = func(pic *reader.Picture) *reader.Converted { return ccConvert(pic, c.limits) }
		p.References = ccReferences(c.limits)
		ccTextPlan(env, p, c)
		if ext != "" {
			// An image extension is read as an image whatever its size, up
			// to the image read limit; no extension is sniffed, and text
			// keeps the text caps.
			p.MaxSize, c.imageExt = ccImageMaxBytes, true
		}
	case ext == "pdf":
		p.Whole = ccPDFMaxBytes
		if c.hasPages {
			p.Whole = ccPDFRenderMax // rendered by pdftoppm, not sent whole
		}
	default:
		ccTextPlan(env, p, c)
	}
	return p, nil
}

var ccScreenshot = lazyregexp.New(`^(.+)([ \x{202F}])(AM|PM)(\.png)$`)

// ccScreenshotAlt is the other spelling of a macOS screenshot's name (Rjt).
func ccScreenshotAlt(path string) string {
	m := ccScreenshot.FindStringSubmatch(node.Basename(path))
	if m == nil {
		return ""
	}
	swap := "\u202f"
	if m[2] != " " {
		swap = " "
	}
	return strings.Replace(path, m[2]+m[3]+m[4], swap+m[3]+m[4], 1)
}

func ccToolError(msg string) *reader.Outcome {
	return reader.Fail(strings.Replace(ccToolUseError, "%s", msg, 1))
}

// ccTextPlan sets the text rules: JavaScript's split("\n") with one \r
// dropped per line, a BOM stripped, UTF-16LE when it starts FF FE.
func ccTextPlan(env reader.Env, p *reader.Plan, c *ccCall) {
	start := 0
	if c.offset > 0 {
		start = c.offset - 1
	}
	w := reader.Window{Start: start, Limit: -1, Count: true, CheckUTF8: true}
	if c.hasLimit {
		w.Limit = c.limit
		// The selected-text cap holds for files over the cap or read as a
		// stream (10 MB and up, or not regular); a smaller file is read
		// whole, and its selection is never refused, even where U+FFFD
		// makes the text longer than the file.
		if st, err := env.FS.Stat(p.Path); err != nil || !st.Mode().IsRegular() || st.Size() > MaxSelected {
			w.Budget = reader.Budget{Max: MaxSelected, Unit: reader.Bytes, Sep: 1}
		}
	} else if c.allowLarge {
		p.MaxSize = ccRoomBytes // the caps rise to the context's room
	} else {
		p.MaxSize = ccMaxSize
	}
	p.Text = reader.Text{StripBOM: true, Encoding: reader.EncodingUTF16LEMark, Split: reader.Split{Phantom: true, TrimCR: true, TrimLastCR: true}}
	p.Window = w
}

func (claudeCode) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*ccCall)
	switch {
	case f.Kind == reader.KindMissing && reader.Errno(f.Err) == 0 && f.Err != nil:
		return reader.Fail(f.Err.Error())
	case f.Kind == reader.KindMissing:
		return ccMissing(p, f)
	case f.Kind == reader.KindDir:
		path := p.Path
		if c.eisdir != "" {
			path = c.eisdir // ccTrailingSlash
		}
		return reader.Fail("EISDIR: illegal operation on a directory, read '" + path + "'")
	case f.Kind == reader.KindSpecial:
		return ccSpecial(p, f)
	case f.Err != nil && f.Page == nil:
		return reader.Fail(node.Error(f.Err, "open", p.Path))
	case p.Whole > 0 && strings.HasSuffix(strings.ToLower(p.Path), ".ipynb"):
		return ccNotebook(p, f)
	case p.Whole > 0:
		return ccPDF(c, p, f)
	case f.TooLarge && c.imageExt:
		return reader.Fail(fmt.Sprintf("File is too large to read as an image (the limit is %s): %s. If it is an image, resize it or export a smaller copy, then read that.", ccSize(ccImageMaxBytes), p.Path))
	case f.Media != nil:
		return ccImage(p, f)
	}
	return ccText(c, p, f)
}
