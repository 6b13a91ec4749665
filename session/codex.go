package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
	codexagent "github.com/readlens/readlens/reader/agents/codex"
)

// Codex's rollout, as Codex CLI 0.169.0 writes it
// ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl; see
// testdata/sessions/codex):
//
//   - every line is {"timestamp","type","payload"}: the first a
//     session_meta (id, cwd, cli_version), then turn_context (the turn's
//     cwd), response_item (the conversation's items as the Responses API
//     carries them), event_msg (what the UI shows), world_state,
//     token_usage_record;
//   - a response_item function_call (name, arguments as a JSON string,
//     call_id) is a tool call; its function_call_output (call_id, output)
//     is the result as the next request sends it, the model's form, but for
//     what the harness cuts from a long one: a read_file answer over
//     48,000 bytes is recorded whole and reached gpt-5-codex cut in the
//     middle (codex.ModelView), which the session shows.
//
// Codex 0.169.0 offers no read tool: the model reads with its shell tool,
// exec_command {"cmd"}, whose output is Codex's header ("Chunk ID…",
// "Process exited with code N", "Output:") then the command's output, cut
// in the middle past its token budget ("Warning: truncated output"). Such
// commands are shell reads, kept as recorded. view_image {"path"} reads
// an image: readlens has no profile of it, so Check does not run it again.
// Earlier releases' tools are read too: read_file (0.57.0 to 0.105.0, the
// codex profile's tool), shell {"command":[…]}, shell_command {"command"},
// local_shell_call, and apply_patch, whose patch names the files it edits.

// codexTypes are the rollout's record types.
var codexTypes = map[string]bool{
	"session_meta": true, "response_item": true, "event_msg": true, "turn_context": true,
	"compacted": true, "world_state": true, "token_usage_record": true,
}

type codexRecord struct {
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Payload   json.RawMessage `json:"payload"`
}

type codexItem struct {
	Type       string          `json:"type"`
	ID         string          `json:"id"`
	Cwd        string          `json:"cwd"`
	CliVersion string          `json:"cli_version"`
	Name       string          `json:"name"`
	Arguments  json.RawMessage `json:"arguments"` // a JSON string holding the arguments' JSON
	Input      string          `json:"input"`     // a custom tool's (apply_patch's patch)
	CallID     string          `json:"call_id"`
	Output     json.RawMessage `json:"output"`
	Role       string          `json:"role"`    // a message's
	Content    json.RawMessage `json:"content"` // a message's: input_text blocks
	Message    json.RawMessage `json:"message"` // event_msg user_message's: a string
	Action     *struct {
		Command []string `json:"command"`
		Workdir string   `json:"workdir"`
	} `json:"action"` // local_shell_call's
}

type codex struct {
	s       *Session
	cwd     string           // the turn's working directory
	pending map[string]*Call // calls awaiting their output, by call_id
	last    map[string]int   // a read's key -> the Index of the latest read with it
	reads   int
}

func newCodex(s *Session) *codex {
	s.Agent, s.AgentName = "codex", "Codex CLI"
	return &codex{s: s, pending: map[string]*Call{}, last: map[string]int{}}
}

func (p *codex) line(n int, b []byte) error {
	var r codexRecord
	if err := decodeRecord(b, &r, ""); err != nil {
		return err
	}
	if r.Type == "" {
		return errors.New("a JSON value with no record type")
	}
	if !codexTypes[r.Type] {
		p.s.Unknown[r.Type]++
		return nil
	}
	var it codexItem
	if len(r.Payload) > 0 && r.Payload[0] == '{' {
		if err := json.Unmarshal(r.Payload, &it); err != nil {
			return errors.New("not a record: its payload is not Codex's")
		}
	}
	p.s.Records++
	switch r.Type {
	case "session_meta":
		if p.s.ID == "" {
			p.s.ID, p.s.Cwd, p.s.Version = it.ID, it.Cwd, it.CliVersion
			p.cwd = it.Cwd
		}
	case "turn_context":
		if it.Cwd != "" {
			p.cwd = it.Cwd
		}
	case "event_msg":
		if it.Type == "user_message" && p.s.Prompt == "" {
			_ = json.Unmarshal(it.Message, &p.s.Prompt)
		}
	case "response_item":
		switch it.Type {
		case "message":
			if it.Role == "user" && p.s.Prompt == "" {
				p.s.Prompt = codexPrompt(it.Content)
			}
		case "function_call", "custom_tool_call", "local_shell_call":
			p.call(n, r.Timestamp, &it)
		case "function_call_output", "custom_tool_call_output":
			p.result(n, &it)
		}
	}
	return nil
}

// codexArgs are the arguments of the tools Codex's releases offered.
type codexArgs struct {
	Cmd      string          `json:"cmd"`     // exec_command
	Command  json.RawMessage `json:"command"` // shell: an argv; shell_command: a string
	Workdir  string          `json:"workdir"`
	Path     string          `json:"path"`      // view_image
	FilePath string          `json:"file_path"` // read_file
}

func (p *codex) call(n int, ts string, it *codexItem) {
	c := &Call{N: len(p.s.Calls) + 1, Kind: KindOther, ID: it.CallID, Tool: it.Name, Line: n, Cwd: p.cwd, Time: ts}
	var raw string
	if json.Unmarshal(it.Arguments, &raw) == nil {
		c.Args = compact(json.RawMessage(raw))
	} else {
		c.Args = compact(it.Arguments)
	}
	var a codexArgs
	_ = json.Unmarshal(c.Args, &a)
	if it.Type == "local_shell_call" && it.Action != nil {
		c.Tool, a.Workdir = "local_shell", it.Action.Workdir
		a.Command, _ = json.Marshal(it.Action.Command)
	}
	if a.Workdir != "" {
		c.Cwd = codexPath(a.Workdir, p.cwd)
	}
	key := ""
	switch {
	case it.Name == "apply_patch" || strings.Contains(it.Input, "*** Begin Patch"):
		for _, f := range patchFiles(it.Input) {
			p.s.Changes = append(p.s.Changes, Change{Path: codexPath(f, c.Cwd), Line: n, Call: c.N, By: "apply_patch"})
		}
	case it.Name == "read_file":
		c.Kind, c.Path = KindRead, codexPath(a.FilePath, c.Cwd)
		var in map[string]json.RawMessage
		_ = json.Unmarshal(c.Args, &in)
		key = "read\x00" + c.Path + "\x00" + string(in["offset"]) + "\x00" + string(in["limit"]) + "\x00" + string(in["mode"]) + "\x00" + string(in["indentation"])
	case it.Name == "view_image":
		c.Kind, c.Path = KindRead, codexPath(a.Path, c.Cwd)
		c.Unchecked = "readlens has no profile of Codex's view_image"
		key = "view\x00" + c.Path
	default:
		c.Command = codexCommand(a)
		if file, span, ok := shellRead(c.Command); ok {
			c.Kind, c.Path, c.Span = KindShell, codexPath(file, c.Cwd), span
			key = "shell\x00" + c.Path + "\x00" + spanKey(span)
		}
	}
	if c.Kind != KindOther {
		p.reads++
		c.Index = p.reads
		c.RepeatOf = p.last[key]
		p.last[key] = c.Index
	}
	p.s.Calls = append(p.s.Calls, c)
	if it.CallID != "" {
		p.pending[it.CallID] = c
	}
}

// codexCommand is the command line a shell call ran: exec_command's cmd,
// shell_command's command, or the script of shell's argv when it is a
// shell's -lc (["bash","-lc","sed -n …"]).
func codexCommand(a codexArgs) string {
	if a.Cmd != "" {
		return a.Cmd
	}
	var s string
	if json.Unmarshal(a.Command, &s) == nil {
		return s
	}
	var argv []string
	if json.Unmarshal(a.Command, &argv) != nil || len(argv) == 0 {
		return ""
	}
	if len(argv) == 3 && (argv[1] == "-lc" || argv[1] == "-c") {
		switch filepath.Base(argv[0]) {
		case "bash", "sh", "zsh":
			return argv[2]
		}
	}
	return strings.Join(argv, " ")
}

func codexPath(path, cwd string) string {
	if path == "" {
		return ""
	}
	// A path under the cwd as written is kept: readlens's recorded
	// sessions have $ROOT for both.
	underCwd := cwd != "" && (path == cwd || strings.HasPrefix(path, cwd+"/"))
	if !filepath.IsAbs(path) && cwd != "" && !underCwd {
		path = filepath.Join(cwd, path)
	}
	return filepath.Clean(path)
}

var (
	codexExit      = lazyregexp.New(`(?m)^(?:Process exited with code|Exit code:) (-?[0-9]+)$`)
	codexTruncated = lazyregexp.New(`(?m)^(?:Warning: truncated output|Total output lines: )`)
)

func (p *codex) result(n int, it *codexItem) {
	c := p.pending[it.CallID]
	if c == nil {
		return
	}
	delete(p.pending, it.CallID)
	res := &Result{Attachments: []Attachment{}, Source: Source{Record: "response_item " + it.Type, Line: n}}
	var output string // the text, kept by the session once whole
	out := bytes.TrimSpace(it.Output)
	switch {
	case len(out) > 0 && out[0] == '"':
		_ = json.Unmarshal(out, &output)
	case len(out) > 0 && out[0] == '[':
		// Content items: text, and images as data URLs (view_image's).
		var items []struct {
			Type     string `json:"type"`
			Text     string `json:"text"`
			ImageURL string `json:"image_url"`
		}
		_ = json.Unmarshal(out, &items)
		var texts []string
		for _, x := range items {
			switch {
			case x.ImageURL != "":
				res.Attachments = append(res.Attachments, dataURL(x.ImageURL))
			case x.Type == "input_text" || x.Type == "output_text" || x.Type == "text":
				texts = append(texts, x.Text)
			default:
				texts = append(texts, "["+x.Type+" item]")
			}
		}
		output = strings.Join(texts, "\n")
	case len(out) > 0 && out[0] == '{':
		// Earlier releases: {"content": …, "success": false}.
		var o struct {
			Content string `json:"content"`
			Success *bool  `json:"success"`
		}
		_ = json.Unmarshal(out, &o)
		output, res.IsError = o.Content, o.Success != nil && !*o.Success
	}
	if c.Tool == "read_file" {
		codexReadFile(c, res, output)
		if cut := codexagent.ModelView(output); cut != output {
			output, res.Cut, res.Transcript = cut, true, true
		}
	}
	if c.Kind == KindShell || c.Kind == KindOther {
		// The shell's answer: the command's exit code, in Codex's header or
		// in the JSON earlier releases sent ({"output","metadata"}).
		var j struct {
			Metadata struct {
				ExitCode *int `json:"exit_code"`
			} `json:"metadata"`
		}
		if m := codexExit.FindStringSubmatch(output); m != nil {
			code, _ := strconv.Atoi(m[1])
			res.IsError = code != 0
		} else if json.Unmarshal([]byte(output), &j) == nil && j.Metadata.ExitCode != nil {
			res.IsError = *j.Metadata.ExitCode != 0
		}
		res.Cut = c.Kind == KindShell && codexTruncated.MatchString(output)
	}
	res.Output = p.s.text(output)
	c.Result = res
}

var codexLine = lazyregexp.New(`^L[0-9]+: `)

// codexReadFile reads what read_file's output says: the Responses API
// carries no error flag, and read_file answers with its lines, each
// "L{n}: ", or with its error's text alone ("offset exceeds file
// length"), so an output that does not begin with a line is an error.
// It is cut when it starts past line 1, or when it holds as many lines as
// the limit (2000 by default): the output gives no total, so a file that
// ends exactly there counts as cut too.
func codexReadFile(c *Call, res *Result, output string) {
	if output != "" && !codexLine.MatchString(output) {
		res.IsError = true
		return
	}
	var in struct {
		Offset *int    `json:"offset"`
		Limit  *int    `json:"limit"`
		Mode   *string `json:"mode"`
	}
	if json.Unmarshal(c.Args, &in) != nil || (in.Mode != nil && *in.Mode != "slice") {
		return
	}
	limit := 2000
	if in.Limit != nil {
		limit = *in.Limit
	}
	lines := strings.Count(output, "\n") + 1
	res.Cut = (in.Offset != nil && *in.Offset > 1) || (output != "" && lines >= limit)
}
