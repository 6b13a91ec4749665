// Package compare asks every agent's read tool for one file and says, for
// each, whether the model sees it whole, the calls that read all of it, and
// what no call can show: readlens compare (issue 12).
//
// Every call goes through reader.Read, the one engine: a row is the default
// call (Profile.Args with no offset or limit), then the continuation each
// answer names (Truncation.Next), call after call, until a window reaches the
// file's last line. Verdicts come from the results' facts (Truncation,
// Facts, Lines); where only a tool's words say it refused, the words are
// matched exactly (refusals.go). The package imports reader and the
// runtimes only: no agent, no UI.
package compare

import (
	"context"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"sync/atomic"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Verdict is what the model makes of the default call.
type Verdict string

const (
	Whole   Verdict = "whole"   // the first call shows the whole file
	Cut     Verdict = "cut"     // the first call shows part of it (Row.Cap says which cap)
	Refused Verdict = "refused" // the tool refuses the file (Row.Reason says why)
	Error   Verdict = "error"   // the call fails, or the agent would never return
)

// worse orders verdicts from the least the model sees.
var worse = map[Verdict]int{Error: 0, Refused: 1, Cut: 2, Whole: 3}

// Caps of a cut, in readlens's words.
const (
	CapLines   = "lines"    // the tool's line cap
	CapBytes   = "bytes"    // its byte or character cap (pi's first-line cap too)
	CapTokens  = "tokens"   // its token cap (Claude Code's partial first page)
	CapSize    = "size"     // its cap on the file's size: nothing shown, ask for less (Claude Code's 256 KB)
	CapPerLine = "per_line" // only lines longer than its per-line cap were cut
	CapEntries = "entries"  // a directory listing's page
)

// Reasons a tool refuses a file, or fails.
const (
	ReasonBinary    = "binary"
	ReasonBlocklist = "blocklist"
	ReasonTooLarge  = "too_large"
	ReasonOutside   = "outside"   // outside the workspace the tool allows
	ReasonNotUTF8   = "not_utf8"  // crush's only binary check
	ReasonMedia     = "media"     // an image or PDF the tool will not take
	ReasonIgnored   = "ignored"   // the tool's ignore rules (Gemini CLI's .gitignore, .geminiignore)
	ReasonNoAnswer  = "no_answer" // with Error: the agent would never return (a FIFO)
)

// How a plan ended.
const (
	EndLastLine   = "last_line"   // the last call's window reaches the file's last line
	EndNoNext     = "no_next"     // the last call names no continuation, and the file goes on or was never shown
	EndNoProgress = "no_progress" // a continuation showed nothing past the call before it
	EndError      = "error"       // a continuation returned an error
	EndChanged    = "changed"     // the file changed between two calls
	EndLimit      = "limit"       // readlens stopped at Options.MaxCalls
)

// Row is one agent's answer for the file.
type Row struct {
	Profile string
	Verdict Verdict
	Cap     string // with Cut: which cap
	Reason  string // with Refused, or Error: no_answer
	// Message is the first line of the tool's own error text (or of its
	// refusal, when it is not worded as an error); empty when it has none.
	Message string
	Note    string // readlens's own remark on the first call, never the tool's
	First   Call   // the default call
	Plan    Plan
	Unseen  Unseen
	Tokens  TokenMethod
	// Size is the file's size as the first call found it; -1 when the call
	// found no regular file (or never reached the path).
	Size int64

	count *tokenCounter // what counts the row's figures; nil: none are
	// Images are what the model receives for an image file: each image the
	// first call sends, at the size and in the format the tool sends it
	// (Attachment.Original says what the file was when the tool changed
	// it); none when the tool sends no image.
	Images []reader.Attachment
}

// Call is one call of a plan and what it shows.
type Call struct {
	Args       json.RawMessage // in the tool's own names
	FirstLine  int             // first line shown, 0 when none
	LastLine   int
	TotalLines int
	TotalKnown bool
	// Resumes and Ends are the tail an answer cut in its middle shows
	// whole (reader.Truncation): 0 when there is none.
	Resumes, Ends int
	Bytes         int // of the output the model receives
	Tokens        int
	IsError       bool
	Silent        bool // the tool asked for no further call: the next one is the model's own
	// Result is the engine's answer; kept only with Options.KeepResults.
	Result *reader.Result
}

// Plan is the calls that read the whole file, from the default one on.
type Plan struct {
	Calls      []Call
	Bytes      int // every call's output, added up
	Tokens     int
	ModelAsked bool   // every continuation followed is one the tool asked for
	End        string // why the plan stopped (End* constants)
}

// Unseen is what the model cannot see from the lines the plan shows.
type Unseen struct {
	LinesCut      int   // lines the per-line cap cut
	CharsLost     int64 // code points those cuts dropped
	CRLFToLF      int   // lines the file ends \r\n that reach the model ending \n
	BytesReplaced int   // bytes shown as U+FFFD: invalid UTF-8, UTF-16 unpaired surrogates
	BOMBytes      int   // the bytes of a byte order mark the tool dropped before line 1
}

// TokenMethod says how the token figures were counted.
type TokenMethod struct {
	Tokenizer string // cl100k_base, o200k_base, or "count_tokens <model>"
	Estimated bool   // not the agent's own count: all but count_tokens's
}

// Options bound a comparison.
type Options struct {
	// MaxCalls bounds a plan (0: DefaultMaxCalls); a plan that reaches it
	// ends EndLimit.
	MaxCalls int
	// KeepResults keeps every call's Result in its Call (tests check them).
	KeepResults bool
	// NoTokens skips the token counts, which on a large file take as long
	// as the calls: Row.Tokens.Tokenizer is then "" and every figure 0.
	NoTokens bool
	// KeepPixels keeps the thumbnail of each image the model receives
	// (Attachment.Pixels in Row.Images), for a view that draws it; else it
	// is dropped, as an audit of many files would hold them all.
	KeepPixels bool
	// Progress, when set, counts the calls made and the agents answered
	// as they are, for a display while a large file's plans run.
	Progress *Progress
}

// Progress is how far a comparison has gone. A file that changes while
// it is read is compared again, and counted again.
type Progress struct {
	Calls    atomic.Int64 // calls made, every agent's
	Answered atomic.Int64 // agents whose row is done
}

// DefaultMaxCalls is the default bound on a plan's calls.
const DefaultMaxCalls = 10000

// Absolute is path as compare hands it to every tool: resolved against the
// request's working directory, so that no tool's rule on relative paths
// (Codex takes absolute ones only) decides the row instead of the file.
func Absolute(path string, req reader.Request) (string, error) {
	if node.IsAbs(path) {
		return path, nil
	}
	cwd := req.Cwd
	if !node.IsAbs(cwd) {
		wd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		cwd = node.Resolve(wd, cwd)
	}
	return node.Resolve(cwd, path), nil
}

// Agent is one profile's row: req names the profile and the world it runs
// in (its Args are ignored); path is handed to the tool as Absolute makes it.
func Agent(ctx context.Context, path string, req reader.Request, opts Options) (*Row, error) {
	// Each call of the plan starts where the one before it stopped, and
	// counts nothing counted before: the answers are the same, the work
	// grows with the file instead of its square.
	req.Marks = reader.NewMarks()
	row, res, err := first(ctx, path, &req, opts)
	if err != nil {
		return nil, err
	}
	var seen lineSeen
	seen.add(&row.Unseen, res)
	if row.Verdict == Whole || row.Verdict == Cut {
		if err := follow(ctx, req, res, row, row.count, opts, &seen); err != nil {
			return nil, err
		}
	}
	if row.count != nil {
		row.Tokens = row.count.method() // a count that failed on the way says so
	}
	if opts.Progress != nil {
		opts.Progress.Answered.Add(1)
	}
	return row, nil
}

// First is the default call alone, judged as Agent judges it: the verdict,
// the first call, and in Unseen what that call's own lines hide; the plan
// holds that one call and ends EndNoNext. readlens audit (issue 13) asks it
// of every file, where following each plan would cost the square of the
// file. The Result is in Row.First.Result with Options.KeepResults.
func First(ctx context.Context, path string, req reader.Request, opts Options) (*Row, error) {
	row, res, err := first(ctx, path, &req, opts)
	if err != nil {
		return nil, err
	}
	(&lineSeen{}).count(&row.Unseen, res) // no call follows
	return row, nil
}

// first runs the default call and judges it; req.Args becomes that call's.
func first(ctx context.Context, path string, req *reader.Request, opts Options) (*Row, *reader.Result, error) {
	abs, err := Absolute(path, *req)
	if err != nil {
		return nil, nil, err
	}
	p := req.Profile
	req.Args = p.Args(abs, nil, nil)
	res, err := reader.Read(ctx, *req)
	if err != nil {
		return nil, nil, err
	}
	count := counter(res.Profile, *req) // the profile's name, without building its Info again
	if opts.NoTokens {
		count = nil
	}
	row := &Row{Profile: res.Profile, Note: res.Note, Size: -1, count: count}
	if f := res.Facts; f.Examined && f.Kind == reader.KindFile && f.Regular {
		row.Size = f.Size // a device read as a file has no size to give
	}
	judge(row, res)
	for _, a := range res.Attachments {
		if strings.HasPrefix(a.Mime, "image/") {
			if !opts.KeepPixels {
				a.Pixels = nil
			}
			row.Images = append(row.Images, a)
		}
	}
	row.First = record(res, count, opts)
	if count != nil {
		row.Tokens = count.method()
	}
	row.Plan = Plan{Calls: []Call{row.First}, Bytes: row.First.Bytes, Tokens: row.First.Tokens, ModelAsked: true, End: EndNoNext}
	return row, res, nil
}

// follow makes the calls the tool asks for, after res, until the window
// reaches the last line.
func follow(ctx context.Context, req reader.Request, res *reader.Result, row *Row, count *tokenCounter, opts Options, seen *lineSeen) error {
	max := opts.MaxCalls
	if max <= 0 {
		max = DefaultMaxCalls
	}
	first := res.Facts
	for {
		t := res.Truncation
		if len(t.Next) == 0 {
			if !res.IsError && t.Cap == reader.CapNone {
				row.Plan.End = EndLastLine // the tool showed the rest: Cap says so
			}
			return nil
		}
		if len(row.Plan.Calls) >= max {
			row.Plan.End = EndLimit
			return nil
		}
		req.Args = t.Next
		next, err := reader.Read(ctx, req)
		if err != nil {
			return err
		}
		if f := next.Facts; first.Examined && (f.Size != first.Size || !f.ModTime.Equal(first.ModTime) || f.Kind != first.Kind) {
			row.Plan.End = EndChanged // what it shows is another file's
			return nil
		}
		c := record(next, count, opts)
		c.Silent = t.Silent
		row.Plan.Calls = append(row.Plan.Calls, c)
		row.Plan.Bytes += c.Bytes
		row.Plan.Tokens += c.Tokens
		row.Plan.ModelAsked = row.Plan.ModelAsked && !t.Silent
		seen.add(&row.Unseen, next)
		switch {
		case next.IsError:
			row.Plan.End = EndError
			return nil
		case next.Truncation.LastLine <= res.Truncation.LastLine && len(next.Truncation.Next) == 0:
			// The tool's own reason first: pi's answer for a later line
			// over 50 KB shows nothing and names no call.
			row.Plan.End = EndNoNext
			return nil
		case next.Truncation.LastLine <= res.Truncation.LastLine:
			row.Plan.End = EndNoProgress
			return nil
		}
		if !opts.KeepResults {
			res.Release() // counted and seen: the next page builds in its buffers
		}
		res = next
	}
}

func record(res *reader.Result, count *tokenCounter, opts Options) Call {
	if opts.Progress != nil {
		opts.Progress.Calls.Add(1)
	}
	t := res.Truncation
	c := Call{
		Args: res.Args, FirstLine: t.FirstLine, LastLine: t.LastLine,
		TotalLines: t.TotalLines, TotalKnown: t.TotalKnown, Resumes: t.Resumes, Ends: t.Ends,
		Bytes: len(res.Output), Tokens: count.count(res.Output), IsError: res.IsError,
	}
	if opts.KeepResults {
		c.Result = res
	}
	return c
}

// lineSeen counts each line once: the runs of lines the plan's calls have
// shown, in order and apart. A call cut in its middle shows two runs, and
// the next reads on from the first: most plans make one.
type lineSeen struct{ runs [][2]int }

func (s *lineSeen) add(u *Unseen, res *reader.Result) {
	s.count(u, res)
	for i := 0; i < len(res.Lines); {
		j := i + 1
		for j < len(res.Lines) && res.Lines[j].N == res.Lines[j-1].N+1 {
			j++
		}
		s.mark(res.Lines[i].N, res.Lines[j-1].N)
		i = j
	}
}

// count adds what res's lines hide to u, but for the lines counted before.
func (s *lineSeen) count(u *Unseen, res *reader.Result) {
	for _, l := range res.Lines {
		if len(s.runs) > 0 && s.has(l.N) {
			continue
		}
		if l.N == 1 {
			u.BOMBytes += res.Facts.BOM
		}
		if l.Cut {
			u.LinesCut++
			u.CharsLost += l.Lost
		}
		if l.CRLF {
			u.CRLFToLF++
		}
		u.BytesReplaced += l.Replaced
	}
}

// has says line n was counted.
func (s *lineSeen) has(n int) bool {
	i := sort.Search(len(s.runs), func(i int) bool { return s.runs[i][1] >= n })
	return i < len(s.runs) && s.runs[i][0] <= n
}

// mark records lines a to b as counted, merging the runs they touch.
func (s *lineSeen) mark(a, b int) {
	i := sort.Search(len(s.runs), func(i int) bool { return s.runs[i][1] >= a-1 })
	j := i
	for j < len(s.runs) && s.runs[j][0] <= b+1 {
		a, b = min(a, s.runs[j][0]), max(b, s.runs[j][1])
		j++
	}
	s.runs = append(s.runs[:i], append([][2]int{{a, b}}, s.runs[j:]...)...)
}

// SortWorstFirst orders rows from the least the model sees to the most,
// keeping the profiles' order among equals.
func SortWorstFirst(rows []*Row) {
	sort.SliceStable(rows, func(i, j int) bool { return worse[rows[i].Verdict] < worse[rows[j].Verdict] })
}
