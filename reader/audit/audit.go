// Package audit says which files of a tree each agent's read tool cuts,
// refuses, fails on or shows with something hidden: readlens audit
// (issue 13), the engine half.
//
// The files are the ones git would list in a git work tree (git ls-files,
// run as a subprocess), else every regular file under the path, walked
// without following symbolic links. Every file gets each agent's default
// call through reader.Read, judged by reader/compare's First: the verdicts,
// caps and refusals are compare's, so audit and compare never disagree.
// The agents' calls on one file share one reading of it (reader.Snapshot):
// its bytes, read once when they fit, and the stats of the directories
// above it, kept for the run.
// Files are audited by a bounded pool of workers and handed to the caller
// one at a time, in the listing's order, as they finish: nothing holds the
// whole tree.
package audit

import (
	"context"
	"errors"
	"io/fs"
	"runtime"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/semaphore"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/reader/node"
)

// Kind is what a finding says of a file and an agent.
type Kind string

const (
	KindError   Kind = "error"   // the call fails, or the agent would never return
	KindRefused Kind = "refused" // the tool refuses the file (Finding.Cap says why)
	KindCut     Kind = "cut"     // the first call shows part of the file (Finding.Cap says which cap)
	KindUnseen  Kind = "unseen"  // lines shown with something hidden: a per-line cut, CRLF as LF, bytes as U+FFFD
)

// Kinds are every kind, worst first.
var Kinds = []Kind{KindError, KindRefused, KindCut, KindUnseen}

// Rank orders kinds worst first: 0 for error.
func Rank(k Kind) int {
	for i, x := range Kinds {
		if x == k {
			return i
		}
	}
	return len(Kinds)
}

// Finding is one agent's answer for one file, when it is not the whole file
// as it stands.
type Finding struct {
	Path    string // relative to Options.Root, with the system's separators
	Profile string
	Kind    Kind
	// Cap is, for a cut, the cap that cut it (compare's Cap* names); for a
	// refusal, why (compare's Reason* names); for an error, no_answer when
	// the agent would never return, else ""; for unseen, the first of
	// per_line, crlf, replaced that applies.
	Cap        string
	FirstLine  int // the first call's window: 0 when it shows no line
	LastLine   int
	TotalLines int
	TotalKnown bool // the tool counted the file's lines
	// Resumes and Ends are the tail the first call shows after a cut in
	// its middle (compare.Call): 0 when there is none.
	Resumes, Ends int
	Tokens        int    // the first call's output, estimated (compare.Tokens)
	Tokenizer     string // "" when no tokens were counted (Options.NoTokens)
	Message       string // the first line of the tool's own error text, where it has one
	Note          string // readlens's own remark, never the tool's
	// Line is where the finding points: the first line the model is not
	// shown (1 when it is shown none), or for unseen the first line with
	// something hidden.
	Line   int
	Unseen compare.Unseen
}

// File is one entry of the listing, audited or skipped.
type File struct {
	Path     string // relative to Options.Root
	Skipped  string // why the file was not audited; "" when it was
	Findings []Finding
}

// Options say what to audit and how.
type Options struct {
	Root     string   // absolute: paths are reported relative to it
	Paths    []string // absolute; a directory is listed, anything else audited as named
	Profiles reader.Profiles
	// Base is every call's request but its profile and arguments: Cwd,
	// Worktree, FS (nil is the disk), Now.
	Base reader.Request
	// Workers bounds the files audited at once (0: GOMAXPROCS).
	Workers int
	// NoTokens counts no tokens for the findings: about half of a run on
	// Go's tree. Claude Code's own count for its cap is its read's and is
	// made either way.
	NoTokens bool
	// Tokens counts a finding's first call's output and names the
	// tokenizer; nil is compare.Tokens. The bench collects the texts for
	// its floor through it.
	Tokens func(profile, text string) (int, string)
	// Ignore are absolute paths left out of the listing without a word:
	// readlens's own files, such as a baseline being written.
	Ignore []string
	// Git lists a directory when it is in a git work tree; nil uses git on
	// PATH (GitLister). With Base.FS set, trees are always walked.
	Git Lister
	// Warn, when set, hears what the person should know of how the files
	// were listed (a repository git refuses), once each.
	Warn func(string)
	// Progress, when set, is kept up to date as the run goes, for a
	// progress display.
	Progress *Progress
}

// Progress is how far a run has come; any goroutine may read it. The
// listing runs only a little ahead of the audit (memory stays bounded), so
// the total comes from a second listing that only counts, run alongside.
type Progress struct {
	Emitted atomic.Int64 // entries handed to emit
	Total   atomic.Int64 // every entry the run will emit, once Counted
	Counted atomic.Bool
	current atomic.Pointer[string]
	total   sync.Once
}

// counted sets the total, once: the first to know it, the count or the
// run's end, says it.
func (p *Progress) counted(n int64) {
	p.total.Do(func() {
		p.Total.Store(n)
		p.Counted.Store(true)
	})
}

// Current is the path a worker began last.
func (p *Progress) Current() string {
	if s := p.current.Load(); s != nil {
		return *s
	}
	return ""
}

// Lister lists the files of a directory as git would, relative to it; ok
// is false when dir is in no git work tree.
type Lister func(ctx context.Context, dir string, yield func(rel string) error) (ok bool, err error)

// Stats are what a run counted.
type Stats struct {
	Files   int // files audited
	Skipped int
}

type job struct {
	seq      int
	abs      string
	explicit bool // named on the command line: audited whatever it is
	regular  bool // the listing found a regular file (reader.OpenListed)
	file     File
}

// Run audits the tree and calls emit for every entry, in the listing's
// order, from one goroutine. An error from emit or from the listing (git
// failing, a missing git) stops the run and is returned.
func Run(ctx context.Context, opts Options, emit func(File) error) (Stats, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	opts.Workers = workers
	switch {
	case opts.NoTokens:
		opts.Tokens = nil
	case opts.Tokens == nil:
		opts.Tokens = compare.Tokens
	}
	if opts.Git == nil {
		opts.Git = GitLister(once(opts.Warn))
	}
	fsys := opts.Base.FS
	if fsys == nil {
		fsys = reader.OS{}
	}
	if opts.Base.Worktree == "" && node.IsAbs(opts.Base.Cwd) {
		// Every call would look for it, up from the same directory.
		opts.Base.Worktree = reader.Worktree(fsys, node.Resolve("/", opts.Base.Cwd))
	}
	stats := &reader.StatCache{}
	defer stats.Close()
	room := semaphore.NewWeighted(roomMax)
	// window bounds what is in flight: the lister may run at most this
	// many entries ahead of the one emitted last, so one slow file holds
	// back a bounded number of finished ones. A finished file holds only
	// its findings; with 4 a worker, the other workers soon waited on a
	// large file's (GOROOT/src: 92% of both cores used, not 86%).
	window := make(chan struct{}, 64*workers)
	// The channels hold all the window lets through, so neither the lister
	// nor a worker ever waits to hand an entry on. Unbuffered, each handoff
	// waited for the other side to get a core; by an execution trace of
	// GOROOT/src's audit the cores were busy 89.5% of the run, and 94.4%
	// with these.
	jobs := make(chan job, cap(window))
	done := make(chan job, cap(window))
	var listErr error
	listed := make(chan struct{}) // closed once listErr is set
	go func() {
		defer close(listed)
		defer close(jobs)
		seq := 0
		send := func(j job) error {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			j.seq = seq
			seq++
			select {
			case jobs <- j:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		ignore := ignored(opts)
		listErr = list(ctx, opts, fsys, func(j job) error {
			if ignore[j.abs] {
				return nil
			}
			return send(j)
		})
	}()
	if opts.Progress != nil {
		go count(ctx, opts, fsys, opts.Progress)
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if ctx.Err() != nil {
					return // a cancelled run emits nothing more: the jobs left wait for no one
				}
				if j.file.Skipped == "" {
					if opts.Progress != nil {
						opts.Progress.current.Store(&j.file.Path)
					}
					j.file = auditFile(ctx, opts, fsys, stats, room, j)
				}
				select {
				case done <- j:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); close(done) }()

	var st Stats
	var emitErr error
	pending := map[int]File{}
	next := 0
	for j := range done {
		if emitErr != nil || ctx.Err() != nil {
			continue // drain, so the workers end; a cancelled call's answer is no finding
		}
		pending[j.seq] = j.file
		for {
			f, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			<-window
			if f.Skipped != "" {
				st.Skipped++
			} else {
				st.Files++
			}
			if opts.Progress != nil {
				opts.Progress.Emitted.Add(1)
			}
			if err := emit(f); err != nil {
				emitErr = err
				cancel()
				break
			}
		}
	}
	<-listed // the workers may have stopped first, on a cancelled run
	err := emitErr
	if err == nil {
		err = listErr
	}
	if err == nil {
		err = ctx.Err()
	}
	if opts.Progress != nil && err == nil {
		// Everything listed was emitted: that is the total, whether or not
		// the count run alongside has got there (its listing may be slower
		// than the audit, and it ends with the run).
		opts.Progress.counted(opts.Progress.Emitted.Load())
	}
	return st, err
}

// once passes each distinct message to warn a single time: the tree is
// listed twice when progress is shown.
func once(warn func(string)) func(string) {
	if warn == nil {
		return nil
	}
	var mu sync.Mutex
	said := map[string]bool{}
	return func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if !said[msg] {
			said[msg] = true
			warn(msg)
		}
	}
}

// auditFile runs every profile's default call on one file.
func auditFile(ctx context.Context, opts Options, fsys reader.FS, stats *reader.StatCache, room *semaphore.Weighted, j job) File {
	f := j.file
	open, lstat, err := look(fsys, stats, j)
	if err != nil {
		// Listed a moment ago; gone now: say so rather than report every
		// agent's "not found". The answer is the run's, for the calls.
		f.Skipped = "deleted while the audit ran"
		return f
	}
	w := weight(fsys, j.abs, lstat)
	if err := room.Acquire(ctx, w); err != nil {
		if open != nil {
			open.Close()
		}
		f.Skipped = err.Error() // a cancelled run: never emitted
		return f
	}
	defer room.Release(w)
	// Every profile reads the file through one snapshot: its bytes read
	// once (when they fit in heldMax) and the stats shared by the run.
	var data []byte
	var info fs.FileInfo
	if open != nil {
		data, info = reader.ReadOpen(open, lstat, heldMax(opts.Workers))
		open.Close()
	} else {
		data, info, _ = reader.ReadOnce(fsys, j.abs, heldMax(opts.Workers), lstat)
	}
	shared := reader.Snapshot(fsys, stats, j.abs, data, info)
	for _, p := range opts.Profiles {
		req := opts.Base
		req.Profile = p
		req.FS = shared
		req.FactsOnly = true        // a whole read is no finding: its words are never needed
		req.NoWords = opts.NoTokens // nor any read's, when no tokens are counted
		row, err := compare.First(ctx, j.abs, req, compare.Options{NoTokens: true, KeepResults: true})
		if err != nil {
			// readlens could not run the call (a cancelled run): an error,
			// in readlens's words, never the tool's.
			f.Findings = append(f.Findings, Finding{Path: f.Path, Profile: p.Info().Name, Kind: KindError, Line: 1, Note: err.Error()})
			continue
		}
		f.Findings = append(f.Findings, findings(f.Path, row, opts.Tokens)...)
		row.First.Result.Release() // judged: the next agent's call builds in its buffers
	}
	return f
}

// look is what auditFile knows of a listed file before its calls: a file
// the listing found regular opened, without following a link, and its
// Lstat, kept for the calls; else the Lstat alone (nil for a name given on
// the command line). err is fs.ErrNotExist when the file is gone.
func look(fsys reader.FS, stats *reader.StatCache, j job) (reader.File, fs.FileInfo, error) {
	if j.explicit {
		return nil, nil, nil
	}
	if j.regular {
		f, lstat, err := reader.OpenListed(fsys, j.abs)
		if err != nil {
			return nil, nil, err
		}
		if f != nil {
			stats.KeepLstat(j.abs, lstat)
			return f, lstat, nil
		}
	}
	lstat, err := stats.Lstat(fsys, j.abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	return nil, lstat, nil
}

// ignored is the set of Options.Ignore.
func ignored(opts Options) map[string]bool {
	m := map[string]bool{}
	for _, p := range opts.Ignore {
		m[p] = true
	}
	return m
}

// count lists the tree once more, counting, for Progress.Total. A listing
// that fails leaves the total unknown: Run reports the error.
func count(ctx context.Context, opts Options, fsys reader.FS, p *Progress) {
	ignore := ignored(opts)
	n := int64(0)
	err := list(ctx, opts, fsys, func(j job) error {
		if !ignore[j.abs] {
			n++
		}
		return nil
	})
	if err == nil {
		p.counted(n)
	}
}
