package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
	"github.com/spf13/cobra"
)

// auditFS is what audit reads and walks: nil is the disk (and git). Tests
// serve a tree at a fixed root, because the outputs name it.
var auditFS reader.FS

type auditFlags struct {
	profiles []string
	format   string
	failOn   []string
	cwd      string
	baseline string
	write    string
	noTokens bool
	tui      bool
}

func newAuditCmd() *cobra.Command {
	var f auditFlags
	cmd := &cobra.Command{
		Use:   "audit [PATH...]",
		Short: "Which files each agent's read tool cuts, refuses, fails on or shows with something hidden",
		Long: `Audit every file under each PATH (default: the current directory) with
every profile's read tool (or those --profiles names): the default call, no
offset or limit, through the same engine as readlens read, judged as
readlens compare judges its first call.

Files: in a git work tree, exactly what git ls-files --cached --others
--exclude-standard lists (without git on PATH, read from git's index and
ignore files to the same list); outside one, every regular
file, symbolic links not followed. What is not audited (a symbolic link, a
FIFO, a device, an unreadable directory, a file deleted meanwhile) is
skipped with its reason. A PATH naming a file is audited whatever it is.

Findings, one per file, agent and kind:
  cut       the first call shows part of the file (cap: lines, bytes,
            tokens, size, entries)
  refused   the tool refuses it (cap: binary, blocklist, too_large,
            outside, not_utf8, media, ignored)
  error     the call fails (cap: no_answer when the agent never returns)
  unseen    lines shown with something hidden (cap: per_line, crlf,
            replaced)

Formats: text (by file, worst first, then a summary), json (one object),
github (workflow annotations), sarif (SARIF 2.1.0).

Baselines: --write-baseline FILE records every finding (its path, agent,
kind and cap); --baseline FILE then reports only the findings FILE does not
hold, so a team can adopt audit on a repository as it stands.

--tui lists the findings in the inspector as they come; enter opens that
file's card for that agent (the call readlens read makes).

Exit status: 0 when nothing --fail-on names was found (by default nothing
fails), 1 when something was, 2 on a usage error.`,
		Example: `  readlens audit
  readlens audit src docs --profiles claude-code,codex
  readlens audit --format github --fail-on cut,refused --profiles claude-code
  readlens audit --tui --profiles claude-code
  readlens audit --format json | jq '.findings[] | select(.kind == "cut")'
  readlens audit --write-baseline .readlens-baseline.json
  readlens audit --baseline .readlens-baseline.json --fail-on cut,refused`,
		RunE: func(cmd *cobra.Command, pos []string) error {
			return runAudit(cmd, pos, f)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&f.profiles, "profiles", nil, "the agents, comma-separated (default: every profile)")
	fl.StringVar(&f.format, "format", "text", "text, json, github or sarif")
	fl.StringSliceVar(&f.failOn, "fail-on", nil, "exit 1 when a finding of these kinds is found: cut, refused, error, unseen")
	fl.StringVar(&f.baseline, "baseline", "", "report only findings this baseline does not hold (as --write-baseline wrote it)")
	fl.StringVar(&f.write, "write-baseline", "", "record every finding of this audit in FILE, to pass to --baseline later")
	fl.BoolVar(&f.noTokens, "no-tokens", false, "count no tokens for the findings (on a tree of long files, over half the audit's time); tokens are then null in JSON")
	fl.BoolVar(&f.tui, "tui", false, "list the findings in the inspector; enter opens a finding's card for its agent")
	fl.StringVar(&f.cwd, "cwd", "", "the agents' working directory, and the root findings are relative to (default: the current directory)")
	_ = cmd.RegisterFlagCompletionFunc("profiles", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return all.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions([]string{"text", "json", "github", "sarif"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("fail-on", cobra.FixedCompletions([]string{"cut", "refused", "error", "unseen"}, cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// auditWriter is one output format, fed as the audit goes.
type auditWriter interface {
	begin() error
	file(f audit.File) error
	end(st audit.Stats, elapsed time.Duration) error
}

func runAudit(cmd *cobra.Command, pos []string, f auditFlags) error {
	profiles, err := chooseProfiles(f.profiles)
	if err != nil {
		return err
	}
	failOn := map[audit.Kind]bool{}
	for _, k := range f.failOn {
		k = strings.TrimSpace(k)
		if audit.Rank(audit.Kind(k)) == len(audit.Kinds) {
			return usageErr("--fail-on: %q is not a kind: cut, refused, error or unseen", k)
		}
		failOn[audit.Kind(k)] = true
	}
	base := reader.Request{Cwd: f.cwd, Now: now, FS: auditFS}
	root, err := compare.Absolute(".", base)
	if err != nil {
		return usageErr("%v", err)
	}
	root = filepath.Clean(root)
	base.Cwd = root
	fsys := auditFS
	if fsys == nil {
		fsys = reader.OS{}
	}
	if fi, err := fsys.Stat(root); err != nil || !fi.IsDir() {
		// The root every PATH is taken from: say so, not that each PATH
		// is missing.
		var why any = "not a directory"
		if err != nil {
			why = errors.Unwrap(err)
		}
		if f.cwd == "" {
			return usageErr("the working directory %s: %v", render.Plain(root), why)
		}
		return usageErr("--cwd %s: %v", render.Plain(f.cwd), why)
	}
	if len(pos) == 0 {
		pos = []string{"."}
	}
	var paths []string
	for _, p := range pos {
		abs, err := compare.Absolute(p, base)
		if err != nil {
			return usageErr("%v", err)
		}
		abs = filepath.Clean(abs)
		// A PATH that is not there is a mistake, not a finding: a CI step
		// with a misspelt directory must not pass by auditing nothing.
		if _, err := fsys.Lstat(abs); err != nil {
			return usageErr("%s: %v", p, errors.Unwrap(err))
		}
		paths = append(paths, abs)
	}
	if f.tui {
		return auditInspector(cmd, f, audit.Options{Root: root, Paths: paths, Profiles: profiles, Base: base, NoTokens: f.noTokens})
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	terminal := isTerminal(cmd.OutOrStdout())
	var w auditWriter
	var names []string // in the order chosen, as the findings come
	for _, p := range profiles {
		names = append(names, p.Info().Name)
	}
	switch f.format {
	case "text":
		w = &auditText{w: out, profiles: names}
	case "json":
		w = &auditJSON{w: out, root: root, profiles: names, terminal: terminal}
	case "github":
		w = &auditGitHub{w: out, terminal: terminal}
	case "sarif":
		w = &auditSARIF{w: out, terminal: terminal}
	default:
		return usageErr("--format: %q is not text, json, github or sarif", f.format)
	}
	var known audit.Baseline
	if f.baseline != "" {
		b, err := os.ReadFile(f.baseline)
		if err == nil {
			known, err = audit.ReadBaseline(strings.NewReader(string(b)))
		}
		if err != nil {
			return usageErr("--baseline: %v", err)
		}
	}
	var record *audit.BaselineWriter
	var saveBaseline func() error
	var ignore []string
	if f.write != "" {
		// Written beside its place and renamed there at the end: a run
		// that fails leaves the old baseline as it was.
		tmp, err := os.CreateTemp(filepath.Dir(f.write), ".readlens-baseline-*")
		if err != nil {
			return usageErr("--write-baseline: %v", err)
		}
		defer os.Remove(tmp.Name()) // nothing once renamed; else a failed run's debris
		defer tmp.Close()
		if abs, err := filepath.Abs(tmp.Name()); err == nil {
			ignore = append(ignore, abs) // the spool is readlens's, not the project's
		}
		spool := bufio.NewWriter(tmp)
		record = audit.NewBaselineWriter(spool)
		saveBaseline = func() error {
			if err := record.Close(); err != nil {
				return err
			}
			if err := spool.Flush(); err != nil {
				return err
			}
			if err := tmp.Close(); err != nil {
				return err
			}
			return os.Rename(tmp.Name(), f.write)
		}
	}
	if err := w.begin(); err != nil {
		return usageErr("%v", err)
	}
	defer tuneGC()()
	began := now()
	failed := false
	errOut := cmd.ErrOrStderr()
	opts := audit.Options{Root: root, Paths: paths, Profiles: profiles, Base: base, Ignore: ignore, NoTokens: f.noTokens}
	// A progress line on a terminal's stderr; nothing on a pipe or in CI.
	var bar *liveLine
	if e, ok := errOut.(*os.File); ok && isTerminal(e) {
		opts.Progress = &audit.Progress{}
		bar = startAuditProgress(e, opts.Progress, terminalWidth(e))
		defer bar.end() // on every way out; it erases the line once
	}
	opts.Warn = func(msg string) {
		defer bar.hold()()
		fmt.Fprintf(errOut, "readlens: %s\n", render.Plain(msg))
	}
	st, err := audit.Run(cmd.Context(), opts, func(af audit.File) error {
		defer bar.hold()() // off while this file's lines are written
		kept := af.Findings[:0]
		for _, x := range af.Findings {
			if record != nil {
				record.Add(x)
			}
			if known.Has(x) {
				continue
			}
			kept = append(kept, x)
			failed = failed || failOn[x.Kind]
		}
		af.Findings = kept
		if af.Skipped != "" && f.format != "text" {
			// Not in the JSON's shape: skipped entries are for people.
			fmt.Fprintf(errOut, "readlens: skipped %s: %s\n", render.Plain(af.Path), render.Plain(af.Skipped))
		}
		if err := w.file(af); err != nil {
			return err
		}
		if terminal { // a person watching: show each file as it comes
			return out.Flush()
		}
		return nil
	})
	bar.end() // before the summary
	if err != nil {
		if f.format == "text" || f.format == "github" {
			_ = out.Flush() // what was found is still true; a half JSON document is not
		}
		return usageErr("%v", err) // git failing, or an index it cannot read without git
	}
	if err := w.end(st, now().Sub(began)); err != nil {
		return usageErr("%v", err)
	}
	if err := out.Flush(); err != nil {
		return usageErr("%v", err)
	}
	if saveBaseline != nil {
		if err := saveBaseline(); err != nil {
			return usageErr("--write-baseline: %v", err)
		}
	}
	if failed {
		return &exitError{code: exitToolError, err: errors.New("findings --fail-on names"), silent: true}
	}
	return nil
}
