package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
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
--exclude-standard lists (git must be on PATH); outside one, every regular
file, symbolic links not followed. What is not audited (a symbolic link, a
FIFO, a device, an unreadable directory, a file deleted meanwhile) is
skipped with its reason. A PATH naming a file is audited whatever it is.

Findings, one per file, agent and kind:
  cut       the first call shows part of the file (cap: lines, bytes,
            tokens, size, entries)
  refused   the tool refuses it (cap: binary, blocklist, too_large,
            outside, not_utf8, media)
  error     the call fails (cap: no_answer when the agent never returns)
  unseen    lines shown with something hidden (cap: per_line, crlf,
            replaced)

Formats: text (by file, worst first, then a summary), json (one object),
github (workflow annotations), sarif (SARIF 2.1.0).

Baselines: --write-baseline FILE records every finding (its path, agent,
kind and cap); --baseline FILE then reports only the findings FILE does not
hold, so a team can adopt audit on a repository as it stands.

Exit status: 0 when nothing --fail-on names was found (by default nothing
fails), 1 when something was, 2 on a usage error.`,
		Example: `  readlens audit
  readlens audit src docs --profiles claude-code,codex
  readlens audit --format github --fail-on cut,refused --profiles claude-code
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
	fl.BoolVar(&f.noTokens, "no-tokens", false, "count no tokens (on a large tree the counting takes as long as the calls); tokens are then null in JSON")
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
	profiles := all.Profiles
	if len(f.profiles) > 0 {
		profiles = nil
		for _, name := range f.profiles {
			p, err := all.Lookup(strings.TrimSpace(name))
			if err != nil {
				return usageErr("--profiles: %v", err)
			}
			profiles = append(profiles, p)
		}
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
		fsys := auditFS
		if fsys == nil {
			fsys = reader.OS{}
		}
		if _, err := fsys.Lstat(abs); err != nil {
			return usageErr("%s: %v", p, errors.Unwrap(err))
		}
		paths = append(paths, abs)
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
	began := now()
	failed := false
	errOut := cmd.ErrOrStderr()
	st, err := audit.Run(cmd.Context(), audit.Options{Root: root, Paths: paths, Profiles: profiles, Base: base, Ignore: ignore, NoTokens: f.noTokens}, func(af audit.File) error {
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
	if err != nil {
		if f.format == "text" || f.format == "github" {
			_ = out.Flush() // what was found is still true; a half JSON document is not
		}
		return usageErr("%v", err) // audit.ErrNoGit among them
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

// describe is a finding in readlens's words, one line, for people: the
// text form and the annotations. Names and the tool's words are made
// terminal-safe by the caller.
func describe(x audit.Finding) string {
	var parts []string
	switch x.Kind {
	case audit.KindCut:
		s := "cut by its " + x.Cap + " cap"
		if x.Cap == compare.CapSize {
			s = "cut by its size cap: nothing shown, offset and limit asked for"
		}
		parts = append(parts, s)
		if x.LastLine > 0 {
			parts = append(parts, "shows "+linesText(x))
		}
	case audit.KindRefused:
		parts = append(parts, "refused: "+x.Cap)
	case audit.KindError:
		if x.Cap == compare.ReasonNoAnswer {
			parts = append(parts, "error: the agent would never return")
		} else {
			parts = append(parts, "error")
		}
	case audit.KindUnseen:
		u := x.Unseen
		var hid []string
		if u.LinesCut > 0 {
			hid = append(hid, fmt.Sprintf("%s %s cut by the per-line cap (%s chars lost)", render.Thousands(u.LinesCut), render.Plural(u.LinesCut, "line"), render.Thousands(int(u.CharsLost))))
		}
		if u.CRLFToLF > 0 {
			hid = append(hid, fmt.Sprintf("%s CRLF %s shown as LF", render.Thousands(u.CRLFToLF), render.Plural(u.CRLFToLF, "line")))
		}
		if u.BytesReplaced > 0 {
			hid = append(hid, fmt.Sprintf("%s invalid UTF-8 %s shown as U+FFFD", render.Thousands(u.BytesReplaced), render.Plural(u.BytesReplaced, "byte")))
		}
		parts = append(parts, "unseen: "+strings.Join(hid, ", "))
	}
	switch {
	case x.Message != "":
		parts = append(parts, "“"+x.Message+"”")
	case x.Note != "" && x.Kind == audit.KindError:
		parts = append(parts, "readlens: "+x.Note)
	}
	if x.Tokenizer != "" && (x.Kind == audit.KindCut || x.Kind == audit.KindUnseen) {
		parts = append(parts, "first call "+render.Thousands(x.Tokens)+" tok")
	}
	return strings.Join(parts, " · ")
}

func linesText(x audit.Finding) string {
	s := "lines " + render.Thousands(x.FirstLine)
	if x.LastLine != x.FirstLine {
		s += "–" + render.Thousands(x.LastLine)
	}
	if x.TotalKnown {
		s += " of " + render.Thousands(x.TotalLines)
	}
	return s
}

// sortFindings orders a file's findings worst first, keeping the
// profiles' order among equals.
func sortFindings(xs []audit.Finding) []audit.Finding {
	s := append([]audit.Finding(nil), xs...)
	sort.SliceStable(s, func(i, j int) bool { return audit.Rank(s[i].Kind) < audit.Rank(s[j].Kind) })
	return s
}

// auditText: a file's name, then one line per finding, worst first; the
// skipped entries as they come; a summary at the end. Everything from the
// file system or a tool goes through render.Plain, whatever the output.
type auditText struct {
	w        io.Writer
	profiles []string
	counts   map[string]map[audit.Kind]int
	findings int
}

func (t *auditText) begin() error {
	t.counts = map[string]map[audit.Kind]int{}
	for _, p := range t.profiles {
		t.counts[p] = map[audit.Kind]int{}
	}
	return nil
}

func (t *auditText) file(f audit.File) error {
	if f.Skipped != "" {
		_, err := fmt.Fprintf(t.w, "%s\n  skipped: %s\n", render.Plain(f.Path), render.Plain(f.Skipped))
		return err
	}
	if len(f.Findings) == 0 {
		return nil
	}
	width := 0
	for _, x := range f.Findings {
		width = max(width, len(x.Profile))
	}
	var b strings.Builder
	b.WriteString(render.Plain(f.Path) + "\n")
	for _, x := range sortFindings(f.Findings) {
		t.counts[x.Profile][x.Kind]++
		t.findings++
		fmt.Fprintf(&b, "  %-*s  %s\n", width, x.Profile, render.Plain(describe(x)))
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

func (t *auditText) end(st audit.Stats, elapsed time.Duration) error {
	var b strings.Builder
	if st.Files > 0 || st.Skipped > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s %s audited, %s skipped, %s %s\n", render.Thousands(st.Files), render.Plural(st.Files, "file"), render.Thousands(st.Skipped),
		render.Thousands(t.findings), render.Plural(t.findings, "finding"))
	width := len("agent")
	for _, p := range t.profiles {
		width = max(width, len(p))
	}
	fmt.Fprintf(&b, "%-*s", width, "agent")
	for _, k := range audit.Kinds {
		fmt.Fprintf(&b, "  %8s", k)
	}
	b.WriteString("\n")
	for _, p := range t.profiles {
		fmt.Fprintf(&b, "%-*s", width, p)
		for _, k := range audit.Kinds {
			fmt.Fprintf(&b, "  %8s", render.Thousands(t.counts[p][k]))
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

// The JSON form: exactly issue 13's shape. Findings are spooled to a
// temporary file as they come, since "files" precedes them and is known
// only at the end: memory stays bounded whatever the tree.
type auditJSON struct {
	w        io.Writer
	root     string
	profiles []string
	terminal bool
	spool    *os.File
	spooled  *bufio.Writer
	n        int
}

type jsonFinding struct {
	Path       string  `json:"path"`
	Profile    string  `json:"profile"`
	Kind       string  `json:"kind"`
	Cap        *string `json:"cap"`
	FirstLine  int     `json:"first_line"`
	LastLine   int     `json:"last_line"`
	TotalLines *int    `json:"total_lines"` // null when the tool did not count them
	Tokens     *int    `json:"tokens"`      // null with --no-tokens
	Message    *string `json:"message"`     // null when the tool has no words for it
}

func (j *auditJSON) begin() error {
	f, err := os.CreateTemp("", "readlens-audit-*.json")
	if err != nil {
		return err
	}
	_ = os.Remove(f.Name()) // unlinked: gone whatever becomes of readlens
	j.spool, j.spooled = f, bufio.NewWriter(f)
	return nil
}

func marshal(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}

func (j *auditJSON) file(f audit.File) error {
	for _, x := range f.Findings {
		jf := jsonFinding{Path: x.Path, Profile: x.Profile, Kind: string(x.Kind), FirstLine: x.FirstLine, LastLine: x.LastLine}
		if x.Tokenizer != "" {
			jf.Tokens = &x.Tokens
		}
		if x.Cap != "" {
			jf.Cap = &x.Cap
		}
		if x.TotalKnown {
			jf.TotalLines = &x.TotalLines
		}
		if x.Message != "" {
			jf.Message = &x.Message
		}
		b, err := marshal(jf)
		if err != nil {
			return err
		}
		if j.n > 0 {
			j.spooled.WriteString(",\n")
		}
		j.n++
		j.spooled.WriteString("    ")
		if _, err := j.spooled.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func (j *auditJSON) end(st audit.Stats, elapsed time.Duration) error {
	defer j.spool.Close()
	if err := j.spooled.Flush(); err != nil {
		return err
	}
	if _, err := j.spool.Seek(0, io.SeekStart); err != nil {
		return err
	}
	root, _ := marshal(j.root)
	profiles, _ := marshal(j.profiles)
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  \"root\": %s,\n  \"files\": %d,\n  \"profiles\": %s,\n  \"findings\": [", root, st.Files, profiles)
	if j.n > 0 {
		b.WriteString("\n")
	}
	if err := j.write(b.String()); err != nil {
		return err
	}
	r := bufio.NewReader(j.spool)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			if err := j.write(line); err != nil {
				return err
			}
		}
		if err != nil {
			break
		}
	}
	tail := "],\n"
	if j.n > 0 {
		tail = "\n  ],\n"
	}
	return j.write(fmt.Sprintf("%s  \"elapsed_ms\": %d\n}\n", tail, elapsed.Milliseconds()))
}

// write is JSON as it is, or on a terminal with every character the
// sanitizer would not show as itself written as a \u escape.
func (j *auditJSON) write(s string) error {
	b := []byte(s)
	if j.terminal {
		b = render.JSON(b)
	}
	_, err := j.w.Write(b)
	return err
}

// auditGitHub prints a workflow command per finding:
// ::warning file=PATH,line=N,title=TITLE::MESSAGE
// (error for a finding of kind error), escaped as the runner unescapes
// them.
type auditGitHub struct {
	w        io.Writer
	terminal bool // then a name's control characters are shown as symbols
}

func (g *auditGitHub) begin() error { return nil }

func (g *auditGitHub) file(f audit.File) error {
	for _, x := range sortFindings(f.Findings) {
		level := "warning"
		if x.Kind == audit.KindError {
			level = "error"
		}
		title := "readlens: " + x.Profile + " " + string(x.Kind)
		if x.Cap != "" {
			title += " (" + x.Cap + ")"
		}
		line := fmt.Sprintf("::%s file=%s,line=%d,title=%s::%s", level,
			ghProperty(filepath.ToSlash(x.Path)), x.Line, ghProperty(title), ghData(x.Profile+": "+describe(x)))
		if g.terminal {
			line = render.Plain(line)
		}
		if _, err := io.WriteString(g.w, line+"\n"); err != nil {
			return err
		}
	}
	return nil
}

func (g *auditGitHub) end(audit.Stats, time.Duration) error { return nil }

// ghData escapes a workflow command's message (actions/toolkit
// escapeData): %, \r, \n.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property's value (escapeProperty): also : and ,.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// SARIF 2.1.0: one run, readlens the driver, one rule per kind; a result
// per finding, located at its path (a relative URI) and the first line the
// model is not shown. Streamed: the results are the document's last part.
type auditSARIF struct {
	w        io.Writer
	terminal bool
	n        int
}

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

var sarifRules = map[audit.Kind]string{
	audit.KindError:   "The agent's read tool fails on the file, or never returns.",
	audit.KindRefused: "The agent's read tool refuses the file (binary, blocklist, too large, outside the workspace, not UTF-8, media).",
	audit.KindCut:     "The agent's read tool shows part of the file on its default call (a line, byte, token or size cap).",
	audit.KindUnseen:  "The agent's read tool shows lines with something hidden: a per-line cut, CRLF shown as LF, invalid UTF-8 shown as U+FFFD.",
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI       string `json:"uri"`
			URIBaseID string `json:"uriBaseId,omitempty"`
		} `json:"artifactLocation"`
		Region struct {
			StartLine int `json:"startLine"`
		} `json:"region"`
	} `json:"physicalLocation"`
}

func (s *auditSARIF) write(b []byte) error {
	if s.terminal {
		b = render.JSON(b)
	}
	_, err := s.w.Write(b)
	return err
}

func (s *auditSARIF) begin() error {
	var rules []sarifRule
	for _, k := range audit.Kinds {
		rules = append(rules, sarifRule{ID: string(k), ShortDescription: sarifMessage{sarifRules[k]}})
	}
	r, err := marshal(rules)
	if err != nil {
		return err
	}
	name := version
	if name == "" {
		name, _ = buildVersion(debug.ReadBuildInfo())
	}
	v, _ := marshal(name)
	head := fmt.Sprintf(`{"version":"2.1.0","$schema":%q,"runs":[{"tool":{"driver":{"name":"readlens","version":%s,"rules":%s}},"columnKind":"unicodeCodePoints","results":[`,
		sarifSchema, v, r)
	return s.write([]byte(head))
}

func (s *auditSARIF) file(f audit.File) error {
	for _, x := range sortFindings(f.Findings) {
		res := sarifResult{RuleID: string(x.Kind), RuleIndex: audit.Rank(x.Kind), Level: "warning",
			Message: sarifMessage{x.Profile + ": " + describe(x)}}
		if x.Kind == audit.KindError {
			res.Level = "error"
		}
		var loc sarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI, loc.PhysicalLocation.ArtifactLocation.URIBaseID = sarifURI(x.Path)
		loc.PhysicalLocation.Region.StartLine = max(x.Line, 1)
		res.Locations = []sarifLocation{loc}
		b, err := marshal(res)
		if err != nil {
			return err
		}
		if s.n > 0 {
			b = append([]byte(",\n"), b...)
		} else {
			b = append([]byte("\n"), b...)
		}
		s.n++
		if err := s.write(b); err != nil {
			return err
		}
	}
	return nil
}

func (s *auditSARIF) end(audit.Stats, time.Duration) error {
	return s.write([]byte("\n]}]}\n"))
}

// sarifURI is a finding's path as a URI reference: relative to %SRCROOT%
// (the root), each byte that may not stand in a path percent-encoded; a
// first segment with a colon is led by ./ so it cannot read as a scheme.
// A path outside the root is a file URI.
func sarifURI(p string) (uri, base string) {
	slash := filepath.ToSlash(p)
	if filepath.IsAbs(p) {
		return (&url.URL{Scheme: "file", Path: slash}).String(), ""
	}
	uri = (&url.URL{Path: slash}).EscapedPath()
	if first, _, _ := strings.Cut(uri, "/"); strings.Contains(first, ":") {
		uri = "./" + uri
	}
	return uri, "%SRCROOT%"
}
