package codex

import (
	"encoding/json"
	"strings"
	"unicode"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// codex CLI's read_file as last shipped (codex-rs
// core/src/tools/handlers/read_file.rs, 0.57.0 to 0.105.0; never offered to
// the bundled models, gone from 0.169.0). Spec: shared/research/others.md
// §4. The oracle is Codex CLI 0.105.0 itself, run on each case of
// testdata/cases/codex.json against a scripted fake Responses API
// (internal/record/codex.go); codex_test.go checks each rule as an
// exact-output table besides. Where the spec is silent the handler's source was
// read (openai/codex read_file.rs, the version with COMMENT_PREFIXES
// "#", "//", "--"): slice mode reads with read_until('\n') and strips "\n"
// then one "\r"; format_line decodes lossily and keeps at most 500 bytes at
// a char boundary; indentation mode walks out from the anchor by effective
// indent (a blank line takes the indent above it), and trims blank lines
// at both ends.
type codex struct{}

// Profile is Codex CLI's read_file tool, as readlens reproduces it.
var Profile reader.Profile = codex{}

const (
	cxLimit    = 2000
	MaxLine    = 500 // bytes
	cxTabWidth = 4
	cxParseErr = "failed to parse function arguments: "
	// cxMargin is how many lines above its reach indentation mode reads, so
	// that a blank line at the top of the block knows the indent above it.
	cxMargin = 64
)

func (codex) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "codex", Agent: "Codex CLI", Release: "read_file as last shipped (codex-rs 0.57.0-0.105.0)", Tool: "read_file",
	Source:     "codex-rs core/src/tools/handlers/read_file.rs (shipped 0.57.0 to 0.105.0, gone from 0.169.0)",
	Spec:       "shared/research/others.md §4",
	Recordings: "testdata/oracle/codex, Codex CLI 0.105.0 against a scripted fake Responses API (internal/record/codex.go)",
	Params: []reader.Param{
		{Name: "file_path", Type: "string", Required: true, Doc: "Absolute path to the file"},
		{Name: "offset", Type: "integer >= 1", Doc: "The line number to start reading from. Must be 1 or greater."},
		{Name: "limit", Type: "integer >= 1", Doc: "The maximum number of lines to return."},
		{Name: "mode", Type: `"slice" | "indentation"`, Doc: "slice (default) or an indentation-aware block"},
		{Name: "indentation", Type: "object", Doc: "anchor_line, max_levels (0: unlimited), include_siblings, include_header, max_lines"},
	},
	Limits: []string{
		"2000 lines by default; 'L{n}: line', no header, footer or total",
		"lines cut silently at 500 bytes, at a character boundary",
		"no binary, image, PDF or directory handling: bytes are decoded lossily",
		"Codex's harness keeps 48,000 bytes of an answer for gpt-5-codex (10,000 tokens and a fifth, 4 bytes a token): a longer one keeps its first and last 24,000 around '…N tokens truncated…'",
	},
	Notes: []string{
		"indentation mode reads the lines within max_lines of the anchor and 64 more above: a blank line further up takes its indent from the lines readlens read",
		"a line longer than 500 bytes whose first 500 bytes are blank counts as blank in indentation mode",
		"the harness's cut assumes gpt-5-codex, the model whose catalog entry offers read_file: another model's truncation policy cuts elsewhere",
	},
}

func (codex) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("file_path", path, "offset", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

type cxCall struct {
	args          reader.Args
	filePath      string // file_path, from the object or the array
	offset, limit int
	limited       bool // the model gave the limit; else it is the tool's own
	indent        bool
	anchor        int
	maxLevels     int
	siblings      bool
	header        bool
	guard         int // max_lines, or the limit
}

// TakesAnyJSON: serde reads an array as ReadFileArgs's fields in order and
// fails anything else that is not an object.
func (codex) TakesAnyJSON() {}

func (codex) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	c, msg := cxParse(a)
	if msg != "" {
		return nil, reader.Fail(cxParseErr + msg)
	}
	switch {
	case c.offset == 0:
		return nil, reader.Fail("offset must be a 1-indexed line number")
	case c.limit == 0:
		return nil, reader.Fail("limit must be greater than zero")
	case !node.IsAbs(c.filePath):
		return nil, reader.Fail("file_path must be an absolute path")
	case c.indent && c.anchor == 0:
		return nil, reader.Fail("anchor_line must be a 1-indexed line number")
	case c.indent && c.guard == 0:
		return nil, reader.Fail("max_lines must be greater than zero")
	case strings.ContainsRune(c.filePath, 0):
		// Rust refuses the path before it asks the system to open it.
		return nil, reader.Fail("failed to read file: file name contained an unexpected NUL byte")
	}
	w := reader.Window{Start: c.offset - 1, Limit: c.limit, Cut: reader.LineCut{Max: MaxLine, Unit: reader.Bytes}}
	// Past its own default limit the tool stops without a word: readlens
	// counts the rest, to say what the model never saw.
	w.Count = !c.limited
	if c.indent {
		// The block never holds more than min(limit, max_lines) lines, so it
		// lies within that many lines of the anchor; the file is counted to
		// check the anchor.
		reach := min(c.limit, c.guard)
		w.Start = max(0, c.anchor-reach-cxMargin)
		w.Limit = c.anchor + reach - 1 - w.Start
		w.Count = true
	}
	return &reader.Plan{
		Path:   c.filePath, // PathBuf::from: kept as given
		Dir:    reader.DirMissing,
		Text:   reader.Text{Split: reader.Split{TrimCR: true}},
		Window: w,
		Call:   c,
	}, nil
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// its window holds every cap (2000 lines, 500 bytes a line); only
// indentation mode words a page otherwise, and it is never the default.
// The harness keeps all of an answer up to 48,000 bytes (harness.go).
func (codex) WholeWhenPlain(_ *reader.Plan, pg reader.PlainPage) bool {
	return cxPlainBytes(pg.Lines, pg.Bytes) <= cxKeptBytes
}

func (codex) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*cxCall)
	switch {
	case f.Kind == reader.KindMissing: // a directory opens, then its first read fails with EISDIR
		return reader.Fail("failed to read file: " + rustIOError(f.Err))
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("Codex", f)
	case f.Err != nil:
		return reader.Fail("failed to read file: " + rustIOError(f.Err))
	}
	pg := f.Page
	if pg.Err != nil {
		return reader.Fail("failed to read file: " + rustIOError(pg.Err))
	}
	if c.indent {
		return cxHarness(cxIndent(c, pg), c.nextAt)
	}
	if len(pg.Lines) == 0 {
		return reader.Fail("offset exceeds file length")
	}
	o := reader.OutcomeFor(pg)
	cxLines(o, pg.Lines)
	t := &o.Truncation
	t.FirstLine, t.LastLine = pg.Lines[0].N, pg.Lines[len(pg.Lines)-1].N
	switch {
	case pg.Stop == reader.StopLimit && c.limited:
		t.Cap = reader.CapLimit
	case pg.Stop == reader.StopLimit:
		// The tool's default limit, of which it tells the model nothing.
		t.Cap, t.Silent = reader.CapLines, true
		t.TotalLines, t.TotalKnown = pg.Total, pg.Counted
		t.Next = c.nextAt(t.LastLine + 1)
	}
	return cxHarness(o, c.nextAt)
}

// nextAt is the call that reads on from line, the model's own: the same
// call from there, as an object; a slice of the file after an indentation
// block.
func (c *cxCall) nextAt(line int) json.RawMessage {
	if c.args.NotObject() || c.indent {
		return reader.JSONObject("file_path", c.filePath, "offset", line)
	}
	return c.args.With("offset", line)
}

func cxLines(o *reader.Outcome, lines []reader.Line) {
	for i, l := range lines {
		if i > 0 {
			o.Frame("\n")
		}
		o.NumberedLine(l, reader.LineNumber{Lead: "L", N: l.N, Sep: ": "}, "")
	}
}

// cxIndent is indentation::read_block on the lines read around the anchor.
func cxIndent(c *cxCall, pg *reader.Page) *reader.Outcome {
	total := pg.Total
	if total == 0 || c.anchor > total {
		return reader.Fail("anchor_line exceeds file length")
	}
	lines := pg.Lines
	first := lines[0].N
	ai := c.anchor - first // the anchor's index in lines
	eff := make([]int, len(lines))
	prev := 0
	for i, l := range lines {
		if strings.TrimLeftFunc(l.Text, unicode.IsSpace) != "" {
			prev = cxIndentOf(l.Text)
		}
		eff[i] = prev
	}
	minIndent := 0
	if c.maxLevels != 0 {
		minIndent = max(0, eff[ai]-c.maxLevels*cxTabWidth)
	}
	final := min(c.limit, c.guard, total)
	o := reader.OutcomeFor(pg)
	if final == 1 {
		cxLines(o, lines[ai:ai+1])
		cxSpan(o, lines[ai:ai+1], total)
		return o
	}
	lo, hi := ai, ai // the block is lines[lo..hi]
	i, j := ai-1, ai+1
	upMin, downMin := 0, 0
	for hi-lo+1 < final {
		progressed := 0
		if i >= 0 {
			if eff[i] >= minIndent {
				lo--
				progressed++
				i--
				if eff[lo] == minIndent && !c.siblings {
					headerComment := c.header && cxComment(lines[lo].Text)
					if headerComment || upMin == 0 {
						upMin++
					} else {
						lo++ // this line should not have been taken
						progressed--
						i = -1
					}
				}
				if hi-lo+1 >= final {
					break
				}
			} else {
				i = -1
			}
		}
		if j < len(lines) {
			if eff[j] >= minIndent {
				hi++
				progressed++
				j++
				if eff[hi] == minIndent && !c.siblings {
					if downMin > 0 {
						hi--
						progressed--
						j = len(lines)
					}
					downMin++
				}
			} else {
				j = len(lines)
			}
		}
		if progressed == 0 {
			break
		}
	}
	blank := func(l reader.Line) bool { return strings.TrimFunc(l.Text, unicode.IsSpace) == "" }
	for lo <= hi && blank(lines[lo]) {
		lo++
	}
	for hi >= lo && blank(lines[hi]) {
		hi--
	}
	block := lines[lo : hi+1]
	cxLines(o, block)
	cxSpan(o, block, total)
	return o
}

func cxSpan(o *reader.Outcome, block []reader.Line, total int) {
	if len(block) > 0 {
		o.Truncation.FirstLine, o.Truncation.LastLine = block[0].N, block[len(block)-1].N
	}
	o.Truncation.TotalLines, o.Truncation.TotalKnown = total, true
}

// cxIndentOf is measure_indent: leading spaces count 1, tabs 4.
func cxIndentOf(s string) int {
	n := 0
	for _, r := range s {
		switch r {
		case ' ':
			n++
		case '\t':
			n += cxTabWidth
		default:
			return n
		}
	}
	return n
}

// cxComment is LineRecord::is_comment: the trimmed line starts with "#",
// "//" or "--".
func cxComment(s string) bool {
	t := strings.TrimFunc(s, unicode.IsSpace)
	return strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "--")
}
