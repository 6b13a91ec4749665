package dmcc

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"syscall"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/opencode"
	"github.com/readlens/readlens/reader/node"
	"github.com/readlens/readlens/reader/python"
)

// dmcc: dm_cc's ReadTool, a Python read tool that design document 000
// describes as "fully aligned with opencode" of the <path> era. There is no
// release to run, so the profile is the document, and where the document is
// silent, opencode 1.1.65 (npm opencode-linux-x64, the only registry release
// between the 2026-02-11 format change and the 2026-02-17 streaming rewrite),
// whose read.ts it ports, read with Python's eyes:
//
//   - the document's words win: `offset must be >= 1`, the three footers,
//     `<content>` followed by a newline (1.1.65 glued line 1 to it), entries
//     sorted with str.lower;
//   - 1.1.65 gives what the document elides: `Offset N is out of range for
//     this file (M lines)`, the directory footers, the numbers in the footers
//     (the last line shown), the not-found suggestions (directory order, the
//     first three whose lowercased names contain each other);
//   - Python gives the rest: the file is read in text mode with
//     encoding="utf-8", errors="replace" (\r\n and \r become \n, a BOM
//     stays) and split on "\n", so a trailing newline makes an empty last
//     line, as text.split("\n") did in 1.1.65; lengths are code points;
//     paths go through posixpath; a parent directory that cannot be listed
//     raises os.listdir's OSError, as 1.1.65 leaked readdirSync's.
//   - offset and limit must be JSON integers (the document types them
//     int | None); anything else is refused with readlens's own words
//     ("Invalid parameter: offset must be an integer"), since the document
//     gives none. A limit below 1 shows no line, as the ported loop does.
//   - no image or PDF attachments (the document has none): a PNG fails the
//     binary check like any file with a NUL byte.
type dmcc struct{}

// Profile is the read tool of design document 000 (dmcc), as readlens reproduces it.
var Profile reader.Profile = dmcc{}

const (
	Limit      = 2000
	LineMax    = 2000
	dmMaxBytes = 51200
	dmSample   = 4096
	dmLineCut  = "..."
	dmPreview  = 20
)

func (dmcc) Info() reader.Info { return info }

// info is built once: a read asks for it on every call.
var info = reader.Info{
	Name: "dmcc", Agent: "dm_cc", Release: "design document 000 (completed from opencode 1.1.65)",
	Source:     "dm_cc's ReadTool of design document 000, ported from opencode 1.1.65's read.ts where the document is silent",
	Spec:       "shared/seeds/000 (design document 000)",
	Recordings: "none: no release to run; rule rows in dmcc_test.go",
	Tool:       "read", Titled: true,
	Params: []reader.Param{
		{Name: "filePath", Type: "string", Required: true, Doc: "The file or directory to read"},
		{Name: "offset", Type: "integer >= 1", Doc: "The line to start from (1-indexed, default 1)"},
		{Name: "limit", Type: "integer", Doc: "The maximum number of lines to read (default 2000)"},
	},
	Limits: []string{
		"2000 lines by default",
		"lines over 2000 characters (code points) are cut and get \"...\"",
		"50 KB (51200 bytes) of line text per call",
		"the file is split on \\n after Python's newline translation: a trailing newline adds an empty last line",
		"directories: entries sorted case-insensitively, subdirectories with a trailing /",
		"binary: 28 extensions, or NUL / >30% control bytes in the first 4096 bytes",
	},
	Notes: []string{
		"no release exists: where design document 000 is silent the profile follows opencode 1.1.65, which it ports (see the README)",
	},
}

func (dmcc) Args(path string, offset, limit *int) json.RawMessage {
	return reader.JSONObject("filePath", path, "offset", reader.IntArg(offset), "limit", reader.IntArg(limit))
}

type dmCall struct {
	// listErr is why os.listdir fails on posixpath.dirname of a missing
	// path that ends in a slash: that dirname is the path itself.
	listErr    error
	offset     int64  // 1 when absent
	offsetText string // str(offset): Python ints print every digit
	limit      int64
	args       reader.Args
}

func (dmcc) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	fp := a.Get("filePath")
	if fp.Kind != reader.String {
		return nil, reader.Fail("Invalid parameter: filePath must be a string")
	}
	c := &dmCall{offset: 1, offsetText: "1", limit: Limit, args: a}
	for _, key := range []string{"offset", "limit"} {
		v := a.Get(key)
		if v.Kind == reader.Missing || v.Kind == reader.Null {
			continue
		}
		n, text, ok := reader.PythonInt(v)
		if !ok {
			return nil, reader.Fail("Invalid parameter: " + key + " must be an integer")
		}
		if key == "offset" {
			if n < 1 {
				return nil, reader.Fail("offset must be >= 1")
			}
			c.offset, c.offsetText = reader.ClampInt(n), text
		} else {
			c.limit = reader.ClampInt(n)
		}
	}
	p := fp.Str // an absolute path is used as given, as opencode does
	if !node.IsAbs(p) {
		p = python.Abspath(env.Cwd, p)
	}
	if strings.HasSuffix(p, "/") && strings.Trim(p, "/") != "" {
		if st, err := env.FS.Stat(python.Dirname(p)); err != nil {
			c.listErr = err
		} else if !st.IsDir() {
			c.listErr = syscall.ENOTDIR
		}
	}
	start := int(c.offset - 1)
	return &reader.Plan{
		Path:   p,
		Title:  python.Relpath(env.Worktree, p),
		Dir:    reader.DirList,
		Near:   true,
		Sample: dmSample, SampleBySize: true,
		Binary: dmBinary,
		Text:   reader.Text{Split: reader.Split{Universal: true, Phantom: true}},
		Window: reader.Window{
			Start:  start,
			Limit:  int(max(c.limit, 0)),
			Cut:    reader.LineCut{Max: LineMax, Unit: reader.Runes, Suffix: dmLineCut},
			Budget: reader.Budget{Max: dmMaxBytes, Unit: reader.Bytes, Sep: 1},
			Count:  true,
		},
		Call: c,
	}, nil
}

// dmcc's _BINARY_EXTENSIONS: the document lists .zip .tar .gz .exe .so
// .class .jar .pyc .bin "and more"; opencode's list holds them all.
func dmBinary(sample []byte, path string) bool {
	if slices.Contains(opencode.BinaryExts, strings.ToLower(python.Ext(path))) {
		return true
	}
	nul, ratio := reader.ControlRatio(sample)
	return nul || ratio > 0.3
}

// WholeWhenPlain says a plain page the window left whole is worded whole:
// its window holds every cap (2000 lines, 2000 characters a line, 50 KB).
func (dmcc) WholeWhenPlain(*reader.Plan, reader.PlainPage) bool { return true }

func (dmcc) Format(p *reader.Plan, f *reader.Found) *reader.Outcome {
	c := p.Call.(*dmCall)
	switch {
	case f.Kind == reader.KindMissing:
		return dmMissing(p.Path, c, f)
	case f.Kind == reader.KindSpecial:
		return reader.WouldHang("dmcc", f)
	case f.Kind == reader.KindDir && f.Err != nil:
		return reader.Fail(python.OSError(f.Err, p.Path))
	case f.Kind == reader.KindDir:
		return dmDirectory(p.Path, c, f.Entries)
	case f.Err != nil:
		return reader.Fail(python.OSError(f.Err, p.Path))
	case f.Binary:
		return reader.Fail("Cannot read binary file: " + p.Path)
	}
	return dmText(p.Path, c, f.Page)
}

// dmMissing lists the parent directory for names that contain each other,
// case-insensitively, in directory order, and keeps the first three.
func dmMissing(path string, c *dmCall, f *reader.Found) *reader.Outcome {
	dir, base := python.Dirname(path), python.Lower(python.Basename(path))
	switch {
	case dir != node.Dirname(path):
		// A trailing slash: posixpath's dirname is the path itself, which
		// the engine (listing Node's dirname) did not list.
		if c.listErr != nil {
			return reader.Fail(python.OSError(c.listErr, dir))
		}
	case f.SiblingsErr != nil:
		return reader.Fail(python.OSError(f.SiblingsErr, dir))
	}
	var near []string
	for _, name := range f.Siblings {
		n := python.Lower(name)
		if strings.Contains(n, base) || strings.Contains(base, n) {
			near = append(near, python.Join(dir, name))
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

func dmDirectory(path string, c *dmCall, entries []reader.Entry) *reader.Outcome {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name
		if e.Dir {
			names[i] += "/"
		}
	}
	slices.SortStableFunc(names, func(a, b string) int { return strings.Compare(python.Lower(a), python.Lower(b)) })
	// entries[start:start+limit], with Python's slice bounds.
	n := int64(len(names))
	start := min(c.offset-1, n)
	end := start + c.limit
	if end < 0 {
		end = max(n+end, 0)
	}
	end = min(end, n)
	shown := names[start:max(start, end)]

	o := &reader.Outcome{}
	o.Frame("<path>" + path + "</path>\n<type>directory</type>\n<entries>\n")
	for i, name := range shown {
		if i > 0 {
			o.Frame("\n")
		}
		o.Line(reader.Line{N: int(start) + i + 1, Text: name}, "", "")
	}
	o.Frame("\n")
	t := &o.Truncation
	if start+int64(len(shown)) < n {
		next := c.offset + int64(len(shown))
		o.Notice(fmt.Sprintf("\n(Showing %d of %d entries. Use 'offset' parameter to read beyond entry %d)", len(shown), n, next))
		t.Cap, t.NextOffset, t.Next = reader.CapEntries, int(next), c.args.With("offset", next)
	} else {
		o.Notice(fmt.Sprintf("\n(%d entries)", n))
	}
	o.Frame("\n</entries>")
	o.SetPreview(strings.Join(shown[:min(len(shown), dmPreview)], "\n"))
	if len(shown) > 0 {
		t.FirstLine, t.LastLine = int(start)+1, int(start)+len(shown)
	}
	t.TotalLines, t.TotalKnown = int(n), true
	return o
}

func dmText(path string, c *dmCall, pg *reader.Page) *reader.Outcome {
	if pg.Err != nil {
		return reader.Fail(python.OSError(pg.Err, path))
	}
	total := int64(pg.Total)
	if dmOutOfRange(c, pg.Total) {
		return reader.Fail(fmt.Sprintf("Offset %s is out of range for this file (%d lines)", c.offsetText, total))
	}
	o := reader.OutcomeFor(pg)
	o.Frame("<path>" + path + "</path>\n<type>file</type>\n<content>\n")
	preview := make([]string, 0, dmPreview)
	for i, l := range pg.Lines {
		if i > 0 {
			o.Frame("\n")
		}
		o.NumberedLine(l, reader.LineNumber{N: l.N, Sep: ": "}, dmLineCut)
		if i < dmPreview {
			shown := l.Text
			if l.Cut {
				shown += dmLineCut
			}
			preview = append(preview, shown)
		}
	}
	t := &o.Truncation
	last := dmFacts(t, c, pg.Stopped())
	switch t.Cap {
	case reader.CapBytes:
		o.Notice(fmt.Sprintf("\n\n(Output truncated at %d bytes. Use 'offset' parameter to read beyond line %d)", dmMaxBytes, last))
	case reader.CapLimit, reader.CapLines:
		o.Notice(fmt.Sprintf("\n\n(File has more lines. Use 'offset' parameter to read beyond line %d)", last))
	default:
		o.Notice(fmt.Sprintf("\n\n(End of file - total %d lines)", total))
	}
	o.Frame("\n</content>")
	o.SetPreview(strings.Join(preview, "\n"))
	return o
}

// dmOutOfRange says the offset is past the file's lines: an error.
func dmOutOfRange(c *dmCall, total int) bool { return c.offset-1 >= int64(total) }

// dmFacts are the facts of dmText's answer on a page whose window stopped
// as w; last is the last line shown, which the answer names.
func dmFacts(t *reader.Truncation, c *dmCall, w reader.Stopped) (last int64) {
	last = c.offset + int64(w.Shown) - 1
	switch {
	case w.Stop == reader.StopBudget:
		t.Cap = reader.CapBytes
	case int64(w.Total) > last:
		t.Cap = reader.CapLimit
		if v := c.args.Get("limit"); v.Kind == reader.Missing || v.Kind == reader.Null {
			t.Cap = reader.CapLines
		}
	}
	if t.Cap != reader.CapNone {
		// "Beyond line N": the next call starts at N+1, the first line not shown.
		t.NextOffset, t.Next = int(last+1), c.args.With("offset", last+1)
	}
	if w.Shown > 0 {
		t.FirstLine, t.LastLine = int(c.offset), int(last)
	}
	t.TotalLines, t.TotalKnown = w.Total, true
	return last
}

// HeadWhenPlain gives the facts of a plain page the window cuts, as
// dmText words them: only how the window stopped goes into them.
func (dmcc) HeadWhenPlain(p *reader.Plan, _ reader.PlainPage, w reader.Stopped) (reader.Truncation, bool) {
	c := p.Call.(*dmCall)
	var t reader.Truncation
	if dmOutOfRange(c, w.Total) {
		return t, false
	}
	dmFacts(&t, c, w)
	return t, true
}
