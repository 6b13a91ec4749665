package reader

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"time"

	"github.com/readlens/readlens/reader/node"
)

// Request is one call of an agent's read tool.
type Request struct {
	Profile Profile         // the agent's tool (reader/agents/<name>.Profile)
	Args    json.RawMessage // the tool arguments exactly as a model sends them
	// Cwd is the agent's working directory ("" is the process's).
	Cwd string
	// Worktree is the project root the agent sees ("" is the git worktree
	// containing Cwd, else "/", as opencode decides).
	Worktree string
	Home     string           // "" is $HOME
	FS       FS               // nil is the real disk
	Now      func() time.Time // nil is time.Now; tests pin it
	// Blocklist turns on the extension blocklist (blocklist.go) for this
	// call, whatever the profile.
	Blocklist bool
	// Progress, when set, is kept up to date with the bytes of text the
	// call has read so far: a UI shows it while a slow read runs.
	Progress *atomic.Int64
	// Tokens, when set, counts tokens as the agent's vendor does, for a
	// tool that asks its vendor (TokenCounter); nil counts locally.
	Tokens TokenCounter
	// Marks, when set, carries what one call learnt of a file to the next
	// call on it: a paging plan then reads each page, not the file again.
	Marks *Marks
	// Pictures asks for the pixels of each image the model receives, in
	// Attachment.Pixels, for a UI to draw: the file is then decoded (or
	// the tool's own resize kept), which a read that only reports skips.
	Pictures bool
	// NoImages reads as for a model without image input, for the tools
	// whose answer depends on it (Cline); the others ignore it.
	NoImages bool
	// Model is the model the agent runs, for the tools whose answer
	// depends on it (Claude Code's image limits); empty is the model the
	// profile's oracle ran.
	Model string
	// FactsOnly asks for the facts of the answer, not its words, where the
	// engine can give them without building the words: a plain file that
	// the tool shows whole comes back Unworded (plain.go), an image the
	// tool resizes comes back unmade (Attachment.Unmade). Result.RealPath
	// and Result.Outside, readlens's remarks on the path, are left out.
	// An audit asks it.
	FactsOnly bool
	// NoWords, with FactsOnly, asks for no words at all: a page is windowed
	// and judged by the profile's own Format, but the outcome it builds
	// keeps no text (Result.Unworded). Errors keep theirs. An audit that
	// counts no tokens asks it.
	NoWords bool
}

// Read runs a profile's read tool on a request, as the agent would.
func Read(ctx context.Context, req Request) (*Result, error) {
	p := req.Profile
	args, env, err := req.call()
	if err != nil {
		return nil, err
	}
	now := req.Now
	if now == nil {
		now = time.Now
	}
	began := now()
	env.Elapsed = func() time.Duration { return now().Sub(began) }

	var plan *Plan
	var found *Found
	var out *Outcome
	if m, ok := p.(Several); ok {
		plan, found, out = readSeveral(ctx, env, m, args)
	} else {
		plan, found, out = readOne(ctx, env, p, args)
	}
	if err := ctx.Err(); err != nil {
		return nil, err // abandoned: whatever was read is not the tool's answer
	}
	r := assemble(p.Info(), args, plan, found, out, now().Sub(began))
	if plan != nil && plan.Path != "" && !req.FactsOnly { // no path when the arguments were refused first; no one asked when only facts were
		r.Outside, r.RealPath = outside(env.FS, plan.Path, env.Cwd)
	}
	return r, nil
}

// readOne runs the pipeline on one file.
func readOne(ctx context.Context, env Env, p Profile, args Args) (*Plan, *Found, *Outcome) {
	plan, out := p.Plan(env, args) // validate the arguments, resolve the path
	var found Found
	if out == nil {
		plan.Blocklist = plan.Blocklist || env.Blocklist
		plan.progress, plan.marks = env.progress, env.marks
		plan.pictures = env.pictures
		if env.factsOnly {
			plan.factsOnly = true
			plan.whole, _ = p.(PlainWhole)
			plan.noWords = env.noWords
			if plan.noWords {
				plan.cut, _ = p.(PlainCut)
				plan.head, _ = p.(PlainHeadCut)
			}
		}
		found = examine(ctx, env.FS, plan) // stat, classify, detect, decode, window
		switch {
		case found.Plain != nil:
			out = plainOutcome(found.Plain, found.PlainCut) // known from its shape, and no one asked for the words
		case found.Blocked != "":
			out = formatBlocked(p, plan, &found) // the blocklist refused it
		default:
			out = p.Format(plan, &found) // word it as the agent does
		}
		if found.Page != nil {
			// Format made its own lines of the page's (Outcome.Line): the
			// page's go back for the next window (recycle.go).
			lineBufs.give(found.Page.Lines)
			found.Page.Lines = nil
		}
	}
	return plan, &found, out
}

// Several is a profile whose one call reads several files (Cline's
// read_files). Calls splits the arguments into one call per file, each run
// through the pipeline on its own by Plan and Format; Join words their
// answers together. A non-nil outcome from Calls ends the call there.
type Several interface {
	Profile
	Calls(env Env, args Args) ([]Args, *Outcome)
	Join(calls []Args, answers []*Outcome) *Outcome
}

func readSeveral(ctx context.Context, env Env, m Several, args Args) (*Plan, *Found, *Outcome) {
	calls, out := m.Calls(env, args)
	if out != nil {
		return nil, &Found{}, out
	}
	total := &Found{}
	var first *Plan
	answers := make([]*Outcome, len(calls))
	for i, c := range calls {
		plan, found, out := readOne(ctx, env, m, c)
		answers[i] = out
		total.BytesRead += found.BytesRead
		if i == 0 {
			first, total = plan, found
		}
	}
	if len(calls) == 1 && answers[0].noWords {
		return first, total, answers[0] // nothing to join the facts to
	}
	if len(calls) != 1 {
		// No one path stands for the call: only the bytes read add up.
		first, total = nil, &Found{BytesRead: total.BytesRead}
	}
	out = m.Join(calls, answers)
	for _, a := range answers {
		// Join wrote its own of the answers: their buffers go back, but
		// for any the joined answer kept (Cline's one file keeps its lines).
		if !sameBuffer(a.Parts, out.Parts) {
			partBufs.give(a.Parts)
		}
		if !sameBuffer(a.Lines, out.Lines) {
			lineBufs.give(a.Lines)
		}
		a.Parts, a.Lines = nil, nil
	}
	return first, total, out
}

// call is the request's arguments and the environment its tool runs in.
func (req Request) call() (Args, Env, error) {
	if req.Profile == nil {
		return Args{}, Env{}, errors.New("reader: a request names no profile")
	}
	args, err := ParseArgs(req.Args)
	if errors.Is(err, ErrNotObject) {
		// Known from the first token: what follows must be JSON too.
		var v any
		if bad := json.Unmarshal(req.Args, &v); bad != nil {
			err = fmt.Errorf("tool arguments: %w", bad)
		} else if _, any := req.Profile.(AnyJSON); any {
			args, err = Args{Raw: req.Args, notObject: true}, nil
		}
	}
	if err != nil {
		return Args{}, Env{}, err
	}
	env, err := req.env()
	return args, env, err
}

func (req Request) env() (Env, error) {
	e := Env{FS: req.FS, Cwd: req.Cwd, Worktree: req.Worktree, Home: req.Home, Blocklist: req.Blocklist, Tokens: req.Tokens, NoImages: req.NoImages, Model: req.Model,
		progress: req.Progress, marks: req.Marks, pictures: req.Pictures, factsOnly: req.FactsOnly, noWords: req.FactsOnly && req.NoWords}
	if e.FS == nil {
		e.FS = OS{}
	}
	// Relative directories are the process's, as on a command line. Getwd
	// costs two stats, and an audit makes this call on every file for
	// every agent: ask only when a directory is relative.
	wd := "/"
	if !node.IsAbs(e.Cwd) || (e.Worktree != "" && !node.IsAbs(e.Worktree)) {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return e, err
		}
	}
	e.Cwd = node.Resolve(wd, e.Cwd)
	if e.Worktree == "" {
		e.Worktree = Worktree(e.FS, e.Cwd)
	} else {
		e.Worktree = node.Resolve(wd, e.Worktree)
	}
	if e.Home == "" {
		e.Home = os.Getenv("HOME")
	}
	return e, nil
}

// Worktree is the git worktree containing the absolute directory dir, or
// "/" outside one: the project opencode sees, and a request's default.
func Worktree(fsys FS, dir string) string {
	for d := dir; ; d = node.Dirname(d) {
		if _, err := fsys.Lstat(node.Join(d, ".git")); err == nil {
			return d
		}
		if d == "/" {
			return "/"
		}
	}
}

func assemble(info Info, args Args, plan *Plan, f *Found, out *Outcome, elapsed time.Duration) *Result {
	output := out.Output()
	out.share(output)
	r := &Result{
		Profile:     info.Name,
		Tool:        info.Tool,
		Args:        args.Raw,
		Output:      output,
		IsError:     out.IsError,
		Parts:       out.Parts,
		Lines:       out.Lines,
		Attachments: out.Attachments,
		Truncation:  out.Truncation,
		Tokens:      out.Tokens,
		Note:        out.Note,
		After:       out.After,
		Unworded:    out.noWords,
		Stats:       Stats{BytesRead: f.BytesRead, Elapsed: elapsed},
	}
	if out.preview != nil {
		r.Preview, r.HasPreview = *out.preview, true
	}
	if plan != nil {
		r.Path = plan.Path
		r.Title = plan.Title
		r.HasTitle = info.Titled && !out.IsError
	}
	if f.examined {
		r.Facts = Facts{Examined: true, Kind: f.Kind, Size: f.Size, ModTime: f.ModTime, Regular: f.Mode.IsRegular(),
			Binary: f.Binary, Blocked: f.Blocked, TooLarge: f.TooLarge, Escaped: f.Escaped,
			ImageOmitted: f.Image != nil && f.Image.Omitted}
	}
	if f.Page != nil {
		r.Stats.LinesScanned = int64(f.Page.Total)
		r.Facts.BOM = f.Page.BOM
	}
	return r
}
