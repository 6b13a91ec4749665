package reader

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"syscall"
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

func init() { register(dmcc{}) }

const (
	dmLimit    = 2000
	dmLineMax  = 2000
	dmMaxBytes = 51200
	dmSample   = 4096
	dmLineCut  = "..."
	dmPreview  = 20
)

func (dmcc) Info() Info {
	return Info{
		Name: "dmcc", Agent: "dm_cc", Release: "design document 000 (completed from opencode 1.1.65)",
		Tool: "read", Titled: true,
		Params: []Param{
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
}

func (dmcc) Args(path string, offset, limit *int) json.RawMessage {
	return object("filePath", path, "offset", intArg(offset), "limit", intArg(limit))
}

type dmCall struct {
	// listErr is why os.listdir fails on posixpath.dirname of a missing
	// path that ends in a slash: that dirname is the path itself.
	listErr    error
	offset     int64  // 1 when absent
	offsetText string // str(offset): Python ints print every digit
	limit      int64
	args       Args
}

func (dmcc) Plan(env Env, a Args) (*Plan, *outcome) {
	fp := a.Get("filePath")
	if fp.Kind != String {
		return nil, fail("Invalid parameter: filePath must be a string")
	}
	c := &dmCall{offset: 1, offsetText: "1", limit: dmLimit, args: a}
	for _, key := range []string{"offset", "limit"} {
		v := a.Get(key)
		if v.Kind == Missing || v.Kind == Null {
			continue
		}
		n, text, ok := pyInt(v)
		if !ok {
			return nil, fail("Invalid parameter: " + key + " must be an integer")
		}
		if key == "offset" {
			if n < 1 {
				return nil, fail("offset must be >= 1")
			}
			c.offset, c.offsetText = clampInt(n), text
		} else {
			c.limit = clampInt(n)
		}
	}
	p := fp.Str // an absolute path is used as given, as opencode does
	if !isAbs(p) {
		p = pyAbspath(env.Cwd, p)
	}
	if strings.HasSuffix(p, "/") && strings.Trim(p, "/") != "" {
		if st, err := env.FS.Stat(pyDirname(p)); err != nil {
			c.listErr = err
		} else if !st.IsDir() {
			c.listErr = syscall.ENOTDIR
		}
	}
	start := int(c.offset - 1)
	return &Plan{
		Path:   p,
		Title:  pyRelpath(env.Worktree, p),
		Dir:    DirList,
		Near:   true,
		Sample: dmSample, SampleBySize: true,
		Binary: dmBinary,
		Text:   Text{Split: Split{Universal: true, Phantom: true}},
		Window: Window{
			Start:  start,
			Limit:  int(max(c.limit, 0)),
			Cut:    LineCut{Max: dmLineMax, Unit: Runes, Suffix: dmLineCut},
			Budget: Budget{Max: dmMaxBytes, Unit: Bytes, Sep: 1},
			Count:  true,
		},
		Call: c,
	}, nil
}

// dmcc's _BINARY_EXTENSIONS: the document lists .zip .tar .gz .exe .so
// .class .jar .pyc .bin "and more"; opencode's list holds them all.
func dmBinary(sample []byte, path string) bool {
	if slices.Contains(ocBinaryExts, strings.ToLower(pyExt(path))) {
		return true
	}
	nul, ratio := controlRatio(sample)
	return nul || ratio > 0.3
}

func (dmcc) Format(p *Plan, f *Found) *outcome {
	c := p.Call.(*dmCall)
	switch {
	case f.Kind == KindMissing:
		return dmMissing(p.Path, c, f)
	case f.Kind == KindSpecial:
		return wouldHang("dmcc", f)
	case f.Kind == KindDir && f.Err != nil:
		return fail(pyOSError(f.Err, p.Path))
	case f.Kind == KindDir:
		return dmDirectory(p.Path, c, f.Entries)
	case f.Err != nil:
		return fail(pyOSError(f.Err, p.Path))
	case f.Binary:
		return fail("Cannot read binary file: " + p.Path)
	}
	return dmText(p.Path, c, f.Page)
}

// dmMissing lists the parent directory for names that contain each other,
// case-insensitively, in directory order, and keeps the first three.
func dmMissing(path string, c *dmCall, f *Found) *outcome {
	dir, base := pyDirname(path), pyLower(pyBasename(path))
	switch {
	case dir != nodeDirname(path):
		// A trailing slash: posixpath's dirname is the path itself, which
		// the engine (listing Node's dirname) did not list.
		if c.listErr != nil {
			return fail(pyOSError(c.listErr, dir))
		}
	case f.SiblingsErr != nil:
		return fail(pyOSError(f.SiblingsErr, dir))
	}
	var near []string
	for _, name := range f.Siblings {
		n := pyLower(name)
		if strings.Contains(n, base) || strings.Contains(base, n) {
			near = append(near, pyJoin(dir, name))
			if len(near) == 3 {
				break
			}
		}
	}
	if len(near) > 0 {
		return fail("File not found: " + path + "\n\nDid you mean one of these?\n" + strings.Join(near, "\n"))
	}
	return fail("File not found: " + path)
}

func dmDirectory(path string, c *dmCall, entries []Entry) *outcome {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name
		if e.Dir {
			names[i] += "/"
		}
	}
	slices.SortStableFunc(names, func(a, b string) int { return strings.Compare(pyLower(a), pyLower(b)) })
	// entries[start:start+limit], with Python's slice bounds.
	n := int64(len(names))
	start := min(c.offset-1, n)
	end := start + c.limit
	if end < 0 {
		end = max(n+end, 0)
	}
	end = min(end, n)
	shown := names[start:max(start, end)]

	o := &outcome{}
	o.frame("<path>" + path + "</path>\n<type>directory</type>\n<entries>\n")
	for i, name := range shown {
		if i > 0 {
			o.frame("\n")
		}
		o.line(Line{N: int(start) + i + 1, Text: name}, "", "")
	}
	o.frame("\n")
	t := &o.truncation
	if start+int64(len(shown)) < n {
		next := c.offset + int64(len(shown))
		o.notice(fmt.Sprintf("\n(Showing %d of %d entries. Use 'offset' parameter to read beyond entry %d)", len(shown), n, next))
		t.Cap, t.NextOffset, t.Next = CapEntries, int(next), c.args.With("offset", next)
	} else {
		o.notice(fmt.Sprintf("\n(%d entries)", n))
	}
	o.frame("\n</entries>")
	o.setPreview(strings.Join(shown[:min(len(shown), dmPreview)], "\n"))
	if len(shown) > 0 {
		t.FirstLine, t.LastLine = int(start)+1, int(start)+len(shown)
	}
	t.TotalLines, t.TotalKnown = int(n), true
	return o
}

func dmText(path string, c *dmCall, pg *Page) *outcome {
	if pg.Err != nil {
		return fail(pyOSError(pg.Err, path))
	}
	total := int64(pg.Total)
	if c.offset-1 >= total {
		return fail(fmt.Sprintf("Offset %s is out of range for this file (%d lines)", c.offsetText, total))
	}
	o := &outcome{}
	o.frame("<path>" + path + "</path>\n<type>file</type>\n<content>\n")
	preview := make([]string, 0, dmPreview)
	for i, l := range pg.Lines {
		if i > 0 {
			o.frame("\n")
		}
		o.line(l, fmt.Sprintf("%d: ", l.N), dmLineCut)
		if i < dmPreview {
			shown := l.Text
			if l.Cut {
				shown += dmLineCut
			}
			preview = append(preview, shown)
		}
	}
	last := c.offset + int64(len(pg.Lines)) - 1
	t := &o.truncation
	switch {
	case pg.Stop == StopBudget:
		o.notice(fmt.Sprintf("\n\n(Output truncated at %d bytes. Use 'offset' parameter to read beyond line %d)", dmMaxBytes, last))
		t.Cap = CapBytes
	case total > last:
		o.notice(fmt.Sprintf("\n\n(File has more lines. Use 'offset' parameter to read beyond line %d)", last))
		t.Cap = CapLimit
		if v := c.args.Get("limit"); v.Kind == Missing || v.Kind == Null {
			t.Cap = CapLines
		}
	default:
		o.notice(fmt.Sprintf("\n\n(End of file - total %d lines)", total))
	}
	o.frame("\n</content>")
	o.setPreview(strings.Join(preview, "\n"))
	if t.Cap != CapNone {
		// "Beyond line N": the next call starts at N+1, the first line not shown.
		t.NextOffset, t.Next = int(last+1), c.args.With("offset", last+1)
	}
	if len(pg.Lines) > 0 {
		t.FirstLine, t.LastLine = pg.Lines[0].N, pg.Lines[len(pg.Lines)-1].N
	}
	t.TotalLines, t.TotalKnown = int(total), true
	return o
}
