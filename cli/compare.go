package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"charm.land/lipgloss/v2"
	"charm.land/lipgloss/v2/table"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
	"github.com/spf13/cobra"
)

// compareFS is what compare reads: nil is the disk. Tests serve a tree at a
// fixed path, because the outputs name it and compare counts their bytes.
var compareFS reader.FS

// compareFlags are the options of `readlens compare`.
type compareFlags struct {
	profiles []string
	cwd      string
	worktree string
	json     bool
	width    int
	maxCalls int
	noTokens bool
}

func newCompareCmd() *cobra.Command {
	var f compareFlags
	cmd := &cobra.Command{
		Use:   "compare PATH",
		Short: "Every agent's read tool on PATH: who sees it whole, the calls to read it all, what none shows",
		Long: `Run every profile's read tool (or those --profiles names) on PATH, as its
default call with no offset or limit, and say for each agent:

  the verdict   whole, cut (by which cap: lines, bytes, tokens, size,
                per_line, entries), refused (binary, blocklist, too_large,
                outside, not_utf8, media) or error, with the first line of
                the tool's own error text;
  first call    the lines it shows, of how many, its bytes and tokens;
  to read it all
                the calls that read the whole file, following the
                continuation each answer asks for (codex asks for none: the
                call a model would make next is followed, and marked so),
                with their bytes and tokens added up;
  never shown   lines the per-line cap cut and the characters lost, lines
                whose \r\n reaches the model as \n, invalid UTF-8 bytes shown
                as U+FFFD.

Every call is the one readlens read makes, through the same engine; the
agents run side by side. Tokens are estimates: cl100k_base, o200k_base for
codex (--no-tokens skips them). The table puts the agents that see least
first; --json prints one object with the agents in the profiles' order.

Exit status: 0 when every agent answered (whatever it answered), 2 when
readlens cannot run the calls.`,
		Example: `  readlens compare src/app.ts
  readlens compare big.log --profiles opencode,claude-code,codex
  readlens compare dist/app.min.js --json | jq '.agents[] | {profile, verdict, calls: (.plan.calls | length)}'`,
		Args: func(cmd *cobra.Command, pos []string) error {
			if len(pos) != 1 {
				return usageErr("compare needs one PATH")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, pos []string) error {
			return runCompare(cmd, pos[0], f)
		},
	}
	fl := cmd.Flags()
	fl.StringSliceVar(&f.profiles, "profiles", nil, "the agents to compare, comma-separated (default: every profile)")
	fl.StringVar(&f.cwd, "cwd", "", "the agents' working directory (default: the current directory)")
	fl.StringVar(&f.worktree, "worktree", "", "the project root the agents see (default: the git worktree of --cwd, else /)")
	fl.BoolVar(&f.json, "json", false, "print one JSON object: the path, its size and every agent's row")
	fl.IntVar(&f.width, "width", 0, "the table's width (default: the terminal's, else 100)")
	fl.IntVar(&f.maxCalls, "max-calls", compare.DefaultMaxCalls, "stop each agent's plan after this many calls")
	fl.BoolVar(&f.noTokens, "no-tokens", false, "count no tokens (on a large file the counting takes as long as the calls)")
	_ = cmd.RegisterFlagCompletionFunc("profiles", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return all.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

func runCompare(cmd *cobra.Command, path string, f compareFlags) error {
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
	base := reader.Request{Cwd: f.cwd, Worktree: f.worktree, Now: now, FS: compareFS}
	abs, err := compare.Absolute(path, base)
	if err != nil {
		return usageErr("%v", err)
	}
	if f.maxCalls < 1 {
		return usageErr("--max-calls must be at least 1")
	}
	rows, err := compare.All(cmd.Context(), abs, base, profiles, compare.Options{MaxCalls: f.maxCalls, NoTokens: f.noTokens})
	if err != nil {
		return usageErr("%v", err)
	}
	out := cmd.OutOrStdout()
	if f.json {
		// Exact into a pipe; on a terminal, a file name's control
		// characters are shown as symbols, as readlens read does.
		var b strings.Builder
		if err = writeCompareJSON(&b, abs, rows); err == nil {
			err = writeOutput(out, cmd.ErrOrStderr(), b.String(), isTerminal(out))
		}
	} else {
		width := f.width
		if width <= 0 {
			width = 100
			if o, ok := out.(*os.File); ok && term.IsTerminal(o.Fd()) {
				if cols, _, err := term.GetSize(o.Fd()); err == nil && cols > 0 {
					width = cols
				}
			}
		}
		_, err = io.WriteString(out, compareTable(abs, rows, width))
	}
	if err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// The --json form of a comparison: the shape issue 12 gives, plus
// "reason", "message" and "note" on a row that has them, the tokenizer
// and "estimated" on every row, and the plan's "end".
type jsonCompare struct {
	Path   string      `json:"path"`
	Size   *int64      `json:"size"`
	Agents []jsonAgent `json:"agents"`
}

type jsonAgent struct {
	Profile   string     `json:"profile"`
	Verdict   string     `json:"verdict"`
	Cap       *string    `json:"cap"`
	Reason    string     `json:"reason,omitempty"`
	Message   string     `json:"message,omitempty"`
	Note      string     `json:"note,omitempty"`
	First     jsonFirst  `json:"first"`
	Plan      jsonPlan   `json:"plan"`
	Unseen    jsonUnseen `json:"unseen"`
	Tokenizer *string    `json:"tokenizer"` // null with --no-tokens
	Estimated bool       `json:"estimated"`
}

type jsonFirst struct {
	FirstLine  int  `json:"first_line"`
	LastLine   int  `json:"last_line"`
	TotalLines *int `json:"total_lines"` // null when the tool did not count them
	Bytes      int  `json:"bytes"`
	Tokens     *int `json:"tokens"` // null with --no-tokens
}

type jsonPlan struct {
	Calls      []json.RawMessage `json:"calls"`
	Bytes      int               `json:"bytes"`
	Tokens     *int              `json:"tokens"`
	ModelAsked bool              `json:"model_asked"`
	End        string            `json:"end"`
}

type jsonUnseen struct {
	LinesCut      int   `json:"lines_cut"`
	CharsLost     int64 `json:"chars_lost"`
	CRLFToLF      int   `json:"crlf_to_lf"`
	BytesReplaced int   `json:"bytes_replaced"`
}

func writeCompareJSON(w io.Writer, path string, rows []*compare.Row) error {
	j := jsonCompare{Path: path, Agents: []jsonAgent{}}
	for _, r := range rows {
		if j.Size == nil && r.Size >= 0 {
			j.Size = &r.Size
		}
		a := jsonAgent{
			Profile: r.Profile, Verdict: string(r.Verdict), Reason: r.Reason, Message: r.Message, Note: r.Note,
			First: jsonFirst{FirstLine: r.First.FirstLine, LastLine: r.First.LastLine, Bytes: r.First.Bytes},
			Plan:  jsonPlan{Calls: []json.RawMessage{}, Bytes: r.Plan.Bytes, ModelAsked: r.Plan.ModelAsked, End: r.Plan.End},
			Unseen: jsonUnseen{LinesCut: r.Unseen.LinesCut, CharsLost: r.Unseen.CharsLost,
				CRLFToLF: r.Unseen.CRLFToLF, BytesReplaced: r.Unseen.BytesReplaced},
			Estimated: r.Tokens.Estimated,
		}
		if r.Tokens.Tokenizer != "" {
			a.Tokenizer, a.First.Tokens, a.Plan.Tokens = &r.Tokens.Tokenizer, &r.First.Tokens, &r.Plan.Tokens
		}
		if r.Cap != "" {
			a.Cap = &r.Cap
		}
		if r.First.TotalKnown {
			a.First.TotalLines = &r.First.TotalLines
		}
		for _, c := range r.Plan.Calls {
			a.Plan.Calls = append(a.Plan.Calls, c.Args)
		}
		j.Agents = append(j.Agents, a)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(j)
}

// compareTable is the text form: a heading, then one row an agent, worst
// verdict first, fitted to width. Everything from the file system (the
// path, the tools' messages) goes through render.Plain first.
func compareTable(path string, rows []*compare.Row, width int) string {
	sorted := append([]*compare.Row(nil), rows...)
	compare.SortWorstFirst(sorted)
	var size int64 = -1
	for _, r := range rows {
		if r.Size >= 0 {
			size = r.Size
			break
		}
	}
	var b strings.Builder
	head := render.Plain(path)
	if size >= 0 {
		head += " · " + bytesText(size)
	}
	b.WriteString(ansi.Truncate(head, width, "…") + "\n")
	header := []string{"agent", "verdict", "first call", "to read it all", "never shown"}
	cells := [][]string{header}
	for _, r := range sorted {
		cells = append(cells, []string{r.Profile, verdictText(r), firstText(r), planText(r), unseenText(r.Unseen)})
	}
	fit(cells, width)
	t := table.New().
		Border(lipgloss.NormalBorder()).
		Headers(cells[0]...).
		Rows(cells[1:]...).
		StyleFunc(func(row, col int) lipgloss.Style { return lipgloss.NewStyle().Padding(0, 1) })
	b.WriteString(t.Render() + "\n")
	var notes []string
	if len(rows) > 0 && rows[0].Tokens.Tokenizer != "" {
		notes = append(notes, "tok: estimated tokens (cl100k_base; o200k_base for codex)")
	}
	for _, r := range rows {
		if !r.Plan.ModelAsked {
			notes = append(notes, "unasked: the tool names no next call; readlens made the one a model would")
			break
		}
	}
	for _, n := range notes {
		b.WriteString(ansi.Truncate(n, width, "…") + "\n")
	}
	return b.String()
}

// fit wraps the cells so that the table is at most width wide: the widest
// column gives up a column at a time, down to its header's width (headers
// are not wrapped); a table that cannot fit even so is drawn at its least.
func fit(cells [][]string, width int) {
	n := len(cells[0])
	frame := n + 1 + 2*n // a border between and around the columns, padding 1 each side
	widths := make([]int, n)
	least := make([]int, n)
	for _, row := range cells {
		for i, c := range row {
			for _, l := range strings.Split(c, "\n") {
				widths[i] = max(widths[i], ansi.StringWidth(l))
			}
		}
	}
	for i, h := range cells[0] {
		least[i] = max(ansi.StringWidth(h), 6)
	}
	for total := frame + sum(widths); total > width; total-- {
		widest := -1
		for i := range widths {
			if widths[i] > least[i] && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break
		}
		widths[widest]--
	}
	for _, row := range cells[1:] {
		for i := range row {
			row[i] = ansi.Wrap(row[i], widths[i], " ")
		}
	}
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func verdictText(r *compare.Row) string {
	switch {
	case r.Cap != "":
		return string(r.Verdict) + ": " + r.Cap
	case r.Reason != "":
		return string(r.Verdict) + ": " + r.Reason
	}
	return string(r.Verdict)
}

// messageWidth bounds a tool's message in the table: its first line is
// whole in --json.
const messageWidth = 60

// firstText is what the first call shows; for a refusal or an error, the
// tool's own first line, quoted (or readlens's note, which is not).
func firstText(r *compare.Row) string {
	c := r.First
	var parts []string
	if c.LastLine > 0 {
		lines := num(c.FirstLine)
		if c.LastLine != c.FirstLine {
			lines += "–" + num(c.LastLine)
		}
		if c.TotalKnown {
			lines += " of " + num(c.TotalLines)
		}
		parts = append(parts, lines)
	}
	switch {
	case r.Message != "":
		parts = append(parts, "“"+ansi.Truncate(render.Plain(r.Message), messageWidth, "…")+"”")
	case r.Note != "" && r.Verdict == compare.Error:
		parts = append(parts, "readlens: "+ansi.Truncate(render.Plain(r.Note), messageWidth, "…"))
	}
	if r.Reason != compare.ReasonNoAnswer { // no answer has no size
		parts = append(parts, sizeText(r, c.Bytes, c.Tokens))
	}
	return strings.Join(parts, "\n")
}

// planEnds says, in readlens's words, why a plan stopped short.
var planEnds = map[string]string{
	compare.EndNoNext:     "stops: the tool names no next call",
	compare.EndNoProgress: "stops: a call showed nothing new",
	compare.EndError:      "stops: a call failed",
	compare.EndChanged:    "stops: the file changed",
	compare.EndLimit:      "stops: readlens's limit on calls",
}

func planText(r *compare.Row) string {
	p := r.Plan
	if r.Verdict == compare.Refused || r.Verdict == compare.Error {
		return "—"
	}
	calls := num(len(p.Calls)) + " " + plural(len(p.Calls), "call")
	if !p.ModelAsked {
		calls += " (unasked)"
	}
	lines := []string{calls, sizeText(r, p.Bytes, p.Tokens)}
	if p.End != compare.EndLastLine {
		lines = append(lines, planEnds[p.End])
	}
	return strings.Join(lines, "\n")
}

// sizeText is an output's bytes, and its tokens when they were counted.
func sizeText(r *compare.Row, bytes, tokens int) string {
	if r.Tokens.Tokenizer == "" {
		return bytesText(int64(bytes))
	}
	return bytesText(int64(bytes)) + ", " + num(tokens) + " tok"
}

func unseenText(u compare.Unseen) string {
	var parts []string
	if u.LinesCut > 0 {
		parts = append(parts, fmt.Sprintf("%s %s cut: %s chars", num(u.LinesCut), plural(u.LinesCut, "line"), num(int(u.CharsLost))))
	}
	if u.CRLFToLF > 0 {
		parts = append(parts, fmt.Sprintf("%s CRLF as LF", num(u.CRLFToLF)))
	}
	if u.BytesReplaced > 0 {
		parts = append(parts, fmt.Sprintf("%s %s as U+FFFD", num(u.BytesReplaced), plural(u.BytesReplaced, "byte")))
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, "\n")
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// num writes n with thousands separators: 25,000.
func num(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + num(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// bytesText is a size as people read it: 812 B, 29.9 KB, 104.9 MB (1000s).
func bytesText(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
