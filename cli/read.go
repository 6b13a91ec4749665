package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/render"
	"github.com/spf13/cobra"
)

// readFlags are the options of `readlens read`.
type readFlags struct {
	profile   string
	offset    int
	limit     int
	args      string
	cwd       string
	worktree  string
	json      bool
	blocklist bool
	tokens    string
	noImages  bool
	model     string
	card      cardFlags
}

// now is the clock readlens times calls with; tests pin it.
var now = time.Now

func newReadCmd() *cobra.Command {
	var f readFlags
	cmd := &cobra.Command{
		Use:   "read [PATH]",
		Short: "Print exactly what the agent's read tool returns for PATH",
		Long: `Run the profile's read tool on PATH and print exactly the text the model
receives: nothing added, not even a final newline.

--offset and --limit become the tool's own offset and limit arguments, values
unchanged: a tool whose offset is 0-based gets 0 for its first line. With
--args you pass the raw arguments instead, exactly as a model would send them;
they are validated by the tool, with the tool's own error text. JSON that is
not an object reaches the tools whose oracles answer it (codex, cline, pi,
crush, opencode); for the others it is refused.

Exit status: 0 when the tool succeeds, 1 when it returns an error (its text
is still printed: it is what the model sees), 2 when readlens cannot run the
call, 3 when the agent would never return (a FIFO with no writer, a device).`,
		Example: `  readlens read src/app.ts
  readlens read src/app.ts --offset 2001 --limit 500
  readlens read --profile pi --args '{"path":"src/app.ts","offset":"10"}'
  readlens read big.log --json | jq .truncation`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, pos []string) error {
			return runRead(cmd, pos, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.profile, "profile", "p", all.Default, "the agent whose read tool runs (see `readlens profiles`)")
	fl.IntVar(&f.offset, "offset", 0, "the tool's offset argument (in the tool's own base)")
	fl.IntVar(&f.limit, "limit", 0, "the tool's limit argument")
	fl.StringVar(&f.args, "args", "", "the raw tool arguments as JSON, instead of PATH, --offset and --limit")
	fl.StringVar(&f.cwd, "cwd", "", "the agent's working directory (default: the current directory)")
	fl.StringVar(&f.worktree, "worktree", "", "the project root the agent sees (default: the git worktree of --cwd, else /)")
	fl.BoolVar(&f.json, "json", false, "print one JSON object: the output and everything readlens knows about the call")
	f.card.register(cmd)
	fl.BoolVar(&f.noImages, "no-images", false, "read as for a model without image input (Cline refuses images then, crush too, naming the model; pi sends them with its note that the model will not see them; other tools do not ask)")
	fl.StringVar(&f.model, "model", "", modelHelp)
	fl.BoolVar(&f.blocklist, "blocklist", false, "refuse executables, archives, databases and non-image media by extension, with any profile")
	fl.StringVar(&f.tokens, "tokens", "local", tokensHelp)
	_ = cmd.RegisterFlagCompletionFunc("profile", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return all.Names(), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

func runRead(cmd *cobra.Command, pos []string, f readFlags) error {
	p, err := all.Lookup(f.profile)
	if err != nil {
		return usageErr("%v", err)
	}
	var raw json.RawMessage
	switch {
	case f.json && f.card.render:
		return usageErr("--json and --render print different things: give one")
	case f.args != "" && (len(pos) > 0 || cmd.Flags().Changed("offset") || cmd.Flags().Changed("limit")):
		return usageErr("--args replaces PATH, --offset and --limit: give one or the other")
	case f.args != "":
		raw = json.RawMessage(f.args)
	case len(pos) == 0:
		return usageErr("read needs a PATH, or the tool's arguments with --args")
	default:
		var off, lim *int
		if cmd.Flags().Changed("offset") {
			off = &f.offset
		}
		if cmd.Flags().Changed("limit") {
			lim = &f.limit
		}
		raw = p.Args(pos[0], off, lim)
	}
	if err := checkModel(f.model, p); err != nil {
		return err
	}
	counter, err := tokenCounter(f.tokens)
	if err != nil {
		return err
	}
	res, err := reader.Read(cmd.Context(), reader.Request{
		Profile: p, Args: raw, Cwd: f.cwd, Worktree: f.worktree, Now: now,
		Blocklist: f.blocklist, Tokens: counter, Pictures: f.card.render, NoImages: f.noImages, Model: f.model,
	})
	if err != nil {
		if errors.Is(err, reader.ErrNotObject) || strings.HasPrefix(err.Error(), "tool arguments") {
			return usageErr("--args: %v", err)
		}
		return usageErr("%v", err)
	}
	out := cmd.OutOrStdout()
	switch {
	case f.json:
		err = writeJSON(out, res, isTerminal(out))
	case f.card.render:
		err = f.card.write(cmd.InOrStdin(), out, res, f.cwd)
	default:
		err = writeOutput(out, cmd.ErrOrStderr(), res.Output, isTerminal(out))
	}
	if err != nil {
		return usageErr("%v", err)
	}
	if counter != nil && res.Note != "" && res.Output != "" && !f.json && !f.card.render {
		fmt.Fprintln(cmd.ErrOrStderr(), "readlens: "+render.Plain(res.Note)) // the count asked for was not made
	}
	switch {
	case res.Note != "" && res.Output == "" && !res.IsError && len(res.Attachments) == 0:
		if !f.json && !f.card.render {
			fmt.Fprintln(cmd.ErrOrStderr(), "readlens: "+render.Plain(res.Note))
		}
		return &exitError{code: exitNoAnswer, err: errors.New(res.Note), silent: true}
	case res.IsError:
		return &exitError{code: exitToolError, err: errors.New("tool error"), silent: true}
	}
	return nil
}

// jsonResult is the --json form of a result.
type jsonResult struct {
	Profile     string              `json:"profile"`
	Args        json.RawMessage     `json:"args"`
	Title       *string             `json:"title,omitempty"`
	Preview     *string             `json:"preview,omitempty"`
	Output      string              `json:"output"`
	IsError     bool                `json:"is_error"`
	Attachments []reader.Attachment `json:"attachments"`
	Truncation  reader.Truncation   `json:"truncation"`
	Tokens      *reader.Tokens      `json:"tokens,omitempty"`
	Note        string              `json:"note,omitempty"`
	After       string              `json:"after,omitempty"`
	Outside     bool                `json:"outside_cwd,omitempty"`
	RealPath    string              `json:"real_path,omitempty"`
	Stats       jsonStats           `json:"stats"`
}

type jsonStats struct {
	BytesRead    int64   `json:"bytes_read"`
	LinesScanned int64   `json:"lines_scanned"`
	ElapsedMS    float64 `json:"elapsed_ms"`
}

// writeJSON prints the --json object: into a pipe or a file, as
// encoding/json writes it; to a terminal, with every character the
// sanitizer would not show as itself (JSON escapes only those below U+0020)
// written as a \u escape, so the same JSON reaches a reader and no control
// sequence reaches the terminal.
func writeJSON(w io.Writer, r *reader.Result, terminal bool) error {
	j := jsonResult{
		Profile: r.Profile, Args: r.Args, Output: r.Output, IsError: r.IsError,
		Attachments: r.Attachments, Truncation: r.Truncation, Tokens: r.Tokens, Note: r.Note, After: r.After,
		Stats: jsonStats{
			BytesRead:    r.Stats.BytesRead,
			LinesScanned: r.Stats.LinesScanned,
			ElapsedMS:    float64(r.Stats.Elapsed.Microseconds()) / 1000,
		},
	}
	if r.HasTitle {
		j.Title = &r.Title
	}
	if r.Outside {
		j.RealPath = r.RealPath
	}
	if r.HasPreview {
		j.Preview = &r.Preview
	}
	if j.Attachments == nil {
		j.Attachments = []reader.Attachment{}
	}
	return encodeJSON(w, j, terminal)
}

// encodeJSON writes v as indented JSON: exact into a pipe; on a terminal,
// what the sanitizer would show as a symbol is escaped instead (render.JSON),
// the same JSON and nothing the terminal acts on.
func encodeJSON(w io.Writer, v any, terminal bool) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	text := b.Bytes()
	if terminal {
		text = render.JSON(text)
	}
	_, err := w.Write(text)
	return err
}

// writeOutput prints the tool's text: the exact bytes into a pipe or a
// file, where they are the point; to a terminal, nothing the file holds
// may reach it as a control sequence, so those characters are shown as
// symbols and stderr says so.
func writeOutput(out, errOut io.Writer, text string, terminal bool) error {
	if !terminal {
		_, err := io.WriteString(out, text)
		return err
	}
	safe, changed := render.Safe(text)
	if _, err := io.WriteString(out, safe); err != nil {
		return err
	}
	if changed {
		fmt.Fprintln(errOut, "\nreadlens: control and invisible characters are shown as symbols on a terminal; pipe the output for the exact bytes")
	}
	return nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}
