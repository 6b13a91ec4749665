package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/internal/hugeheap"
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
	tokens   string
	noImages bool
	model    string
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
                outside, not_utf8, media, ignored) or error, with the first
                line of the tool's own error text;
  first call    the lines it shows, of how many, its bytes and tokens;
  to read it all
                the calls that read the whole file, following the
                continuation each answer asks for (codex asks for none: the
                call a model would make next is followed, and marked so),
                with their bytes and tokens added up;
  never shown   lines the per-line cap cut and the characters lost, lines
                whose \r\n reaches the model as \n, bytes shown as U+FFFD
                (invalid UTF-8, a UTF-16 file's unpaired surrogates).

Every call is the one readlens read makes, through the same engine; the
agents run side by side. Tokens are estimates: cl100k_base, o200k_base for
codex (--no-tokens skips them). With --tokens api and ANTHROPIC_API_KEY set,
Claude Code's are exact: readlens asks Anthropic's count_tokens endpoint what
Claude Code asks it, so its cap and its partial page fall where they would;
answers are kept in the user cache directory. The table puts the agents that see least
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
	fl.BoolVar(&f.noImages, "no-images", false, "compare as for a model without image input (Cline and crush refuse images then; pi sends them with its note that the model will not see them)")
	fl.StringVar(&f.model, "model", "", modelHelp)
	fl.BoolVar(&f.noTokens, "no-tokens", false, "count no tokens (on a large file the counting takes as long as the calls)")
	fl.StringVar(&f.tokens, "tokens", "local", tokensHelp)
	_ = cmd.RegisterFlagCompletionFunc("profiles", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return all.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

func runCompare(cmd *cobra.Command, path string, f compareFlags) error {
	profiles, err := chooseProfiles(f.profiles)
	if err != nil {
		return err
	}
	if err := checkModel(f.model, profiles...); err != nil {
		return err
	}
	counter, err := tokenCounter(f.tokens)
	if err != nil {
		return err
	}
	base := reader.Request{Cwd: f.cwd, Worktree: f.worktree, Now: now, FS: compareFS, Tokens: counter, NoImages: f.noImages, Model: f.model}
	abs, err := compare.Absolute(path, base)
	if err != nil {
		return usageErr("%v", err)
	}
	if f.maxCalls < 1 {
		return usageErr("--max-calls must be at least 1")
	}
	defer tuneGC()()
	adviseHugePages(abs)
	opts := compare.Options{MaxCalls: f.maxCalls, NoTokens: f.noTokens}
	// A progress line on a terminal's stderr; nothing on a pipe or in CI.
	var bar *liveLine
	if e, ok := cmd.ErrOrStderr().(*os.File); ok && isTerminal(e) {
		opts.Progress = &compare.Progress{}
		bar = startCompareProgress(e, opts.Progress, len(profiles), terminalWidth(e))
		defer bar.end() // on every way out; it erases the line once
	}
	rows, err := compare.All(cmd.Context(), abs, base, profiles, opts)
	bar.end() // before the table, which may go to the same terminal
	if err != nil {
		return usageErr("%v", err)
	}
	out := cmd.OutOrStdout()
	if f.json {
		err = writeCompareJSON(out, abs, rows, isTerminal(out))
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
		_, err = io.WriteString(out, render.CompareTable(abs, rows, width))
		if counter != nil {
			// As read says it: the count asked for was not made (the
			// JSON holds it in the row's note).
			for _, r := range rows {
				if r.Note != "" && r.Verdict != compare.Error {
					fmt.Fprintf(cmd.ErrOrStderr(), "readlens: %s: %s\n", r.Profile, render.Plain(r.Note))
				}
			}
		}
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
	// Images are what the model receives for an image file (mime, size,
	// dimensions, bytes_exact, and the original when the tool changed it).
	Images    []reader.Attachment `json:"images,omitempty"`
	Estimated bool                `json:"estimated"`
}

type jsonFirst struct {
	FirstLine  int  `json:"first_line"`
	LastLine   int  `json:"last_line"`
	TotalLines *int `json:"total_lines"` // null when the tool did not count them
	// The tail a cut in the middle of the answer leaves (codex's harness).
	Resumes int  `json:"resumes,omitempty"`
	Ends    int  `json:"ends,omitempty"`
	Bytes   int  `json:"bytes"`
	Tokens  *int `json:"tokens"` // null with --no-tokens
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
	BOMBytes      int   `json:"bom_bytes"`
}

func writeCompareJSON(w io.Writer, path string, rows []*compare.Row, terminal bool) error {
	j := jsonCompare{Path: path, Agents: []jsonAgent{}}
	for _, r := range rows {
		if j.Size == nil && r.Size >= 0 {
			j.Size = &r.Size
		}
		a := jsonAgent{
			Profile: r.Profile, Verdict: string(r.Verdict), Reason: r.Reason, Message: r.Message, Note: r.Note,
			First: jsonFirst{FirstLine: r.First.FirstLine, LastLine: r.First.LastLine, Resumes: r.First.Resumes, Ends: r.First.Ends, Bytes: r.First.Bytes},
			Plan:  jsonPlan{Calls: []json.RawMessage{}, Bytes: r.Plan.Bytes, ModelAsked: r.Plan.ModelAsked, End: r.Plan.End},
			Unseen: jsonUnseen{LinesCut: r.Unseen.LinesCut, CharsLost: r.Unseen.CharsLost,
				CRLFToLF: r.Unseen.CRLFToLF, BytesReplaced: r.Unseen.BytesReplaced, BOMBytes: r.Unseen.BOMBytes},
			Estimated: r.Tokens.Estimated, Images: r.Images,
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
	return encodeJSON(w, j, terminal)
}

// adviseHugePages backs the outputs compare is about to write with huge
// pages (internal/hugeheap) when they are many: every agent writes the
// whole file once or more, about a hundred times its size in all. On a
// 100 KB file the CPU went from 81 to 54 ms (scripts/bench.sh); under
// 32 KiB the collection that frees the reserve costs more than the faults
// it saves.
func adviseHugePages(path string) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < 32<<10 {
		return
	}
	hugeheap.Advise(int(min(64<<20, 128*fi.Size())))
}
