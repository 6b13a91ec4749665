package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
)

// The Claude Code session recorder: the real CLI (2.1.330, native build)
// runs one scripted conversation against a fake Messages API served by this
// program on 127.0.0.1, inside a network namespace with only loopback, the
// way shared/oracles/claude_code_read.mjs runs one Read. The CLI writes its
// own transcript under CLAUDE_CONFIG_DIR; that file, with the temporary
// paths put back as $ROOT, $PROJECT, $HOME and $TMP, is
// testdata/sessions/claude-code/<name>.jsonl, and <name>.recording.json
// says how it was made (testdata/sessions/claude-code/README.md).
//
//	CLAUDE_BIN=$SCRATCH/node_modules/@anthropic-ai/claude-code-linux-x64/claude \
//	    go run ./internal/record -session claude-code
//
// It needs unshare and ip (iproute2), as the Read recorder does.

func init() { sessionRecorder["claude-code"] = recordClaudeSession }

// claudeSessionID is the id the CLI is told to use (--session-id), so the
// file's name is the same on every recording.
const claudeSessionID = "5e55105e-0015-4c1a-9d2e-00000000c1a0"

// netnsEnv marks the recorder's second run, the one inside the namespace.
const netnsEnv = "READLENS_RECORD_NETNS"

// sessionCall is one tool_use block the fake model sends; input is JSON
// with $ROOT for the working directory.
type sessionCall struct{ name, input string }

// sessionStep is one answer of the fake model: its tool calls, and what
// happens to the files before the model is asked for it (a person editing
// a file between two of the model's turns).
type sessionStep struct {
	calls     []sessionCall
	meanwhile func(root string) error
}

// claudeConversation is the scripted conversation: every kind of read
// issue 15 asks the session reader to tell apart.
var claudeConversation = []sessionStep{
	{calls: []sessionCall{{"Read", `{"file_path":"$ROOT/small.txt"}`}}},                              // a whole small file
	{calls: []sessionCall{{"Read", `{"file_path":"$ROOT/lines_3000.txt","offset":1999,"limit":3}`}}}, // a cut read
	{calls: []sessionCall{{"Read", `{"file_path":"$ROOT/small.txt"}`}}},                              // a repeat (2.1.330 answers it in full, with no stub)
	{calls: []sessionCall{{"Read", `{"file_path":"$ROOT/notes.md"}`}}},
	{calls: []sessionCall{{"Edit", `{"file_path":"$ROOT/notes.md","old_string":"Some notes.","new_string":"Some notes, edited by the model."}`}}},
	{calls: []sessionCall{{"Read", `{"file_path":"$ROOT/notes.md"}`}}}, // the file its own Edit changed
	{calls: []sessionCall{{"Read", `{"file_path":"$ROOT/tabs.txt"}`}}},
	{ // the file a person changed meanwhile
		calls: []sessionCall{{"Read", `{"file_path":"$ROOT/tabs.txt"}`}},
		meanwhile: func(root string) error {
			p := filepath.Join(root, "tabs.txt")
			if err := os.WriteFile(p, []byte("edited\tby a person\nwhile the agent ran\n"), 0o644); err != nil {
				return err
			}
			later := time.Now().Add(2 * time.Second) // a new mtime, whatever the clock's grain
			return os.Chtimes(p, later, later)
		},
	},
	{calls: []sessionCall{ // one answer, two calls: an image and a refusal (over 256 KB)
		{"Read", `{"file_path":"$ROOT/media/pic.png"}`},
		{"Read", `{"file_path":"$ROOT/claude/big_300k.txt"}`},
	}},
	{calls: []sessionCall{{"Bash", `{"command":"sed -n '10,12p' lines_3000.txt","description":"Print lines 10 to 12"}`}}}, // shell reads
	{calls: []sessionCall{{"Bash", `{"command":"head -n 2 unicode.txt","description":"Print the first two lines"}`}}},
	{calls: []sessionCall{{"Read", `{"file_path":"$ROOT/missing.txt"}`}}}, // an error
}

func recordClaudeSession(name string, timeout time.Duration) error {
	bin := os.Getenv("CLAUDE_BIN")
	if bin == "" {
		return fmt.Errorf("set CLAUDE_BIN to the native claude binary of @anthropic-ai/claude-code-linux-x64")
	}
	if os.Getenv(netnsEnv) == "" {
		// Run again inside a network namespace that has only loopback:
		// nothing the CLI sends leaves the machine.
		self, err := os.Executable()
		if err != nil {
			return err
		}
		cmd := exec.Command("unshare", append([]string{"-rn", "sh", "-c", `ip link set lo up && exec "$0" "$@"`, self}, os.Args[1:]...)...)
		cmd.Env = append(os.Environ(), netnsEnv+"=1")
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		return cmd.Run()
	}
	bin, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "readlens-session-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	root := filepath.Join(tmp, "root")
	if err := fixtures.Copy(root, "testdata/fixtures"); err != nil {
		return err
	}
	if err := fixtures.Dynamic(root); err != nil {
		return err
	}
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		return fmt.Errorf("git init: %s", out)
	}
	home := filepath.Join(tmp, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}

	api := &fakeAPI{script: script{root: root, steps: claudeConversation}, model: "claude-sonnet-4-5"}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: api}
	go srv.Serve(ln)
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-p", "Read the files the script names, one call at a time.",
		"--model", api.model, "--allowedTools", "Read,Edit,Bash", "--max-turns", "40",
		"--output-format", "json", "--session-id", claudeSessionID)
	cmd.Dir = root
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"CLAUDE_CONFIG_DIR=" + filepath.Join(home, ".claude"),
		"ANTHROPIC_BASE_URL=http://" + ln.Addr().String(),
		"ANTHROPIC_API_KEY=sk-ant-oracle-not-a-key",
		"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_TELEMETRY=1",
		"DISABLE_ERROR_REPORTING=1",
		"DISABLE_AUTOUPDATER=1",
		"DISABLE_BUG_COMMAND=1",
		"CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY=1",
		"NO_PROXY=*",
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	fmt.Printf("claude exited: %v\nstdout: %s\nstderr: %s\n", runErr, tail(stdout.String()), tail(stderr.String()))
	for _, l := range api.requests() {
		fmt.Println("request:", l)
	}
	if got := api.served(); got < len(api.steps) {
		return fmt.Errorf("the conversation stopped after step %d of %d", got, len(api.steps))
	}

	files, _ := filepath.Glob(filepath.Join(home, ".claude", "projects", "*", claudeSessionID+".jsonl"))
	if len(files) != 1 {
		return fmt.Errorf("no session file for %s under %s", claudeSessionID, filepath.Join(home, ".claude", "projects"))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return err
	}
	// The paths of this run, made the same on every machine: the root
	// first (it is under tmp), its project folder's name (the root with
	// every / as -), then the home, then anything else in tmp.
	text := string(data)
	text = strings.ReplaceAll(text, root, oracle.RootVar)
	text = strings.ReplaceAll(text, filepath.Base(filepath.Dir(files[0])), "$PROJECT")
	text = strings.ReplaceAll(text, home, "$HOME")
	text = strings.ReplaceAll(text, tmp, "$TMP")
	dir := filepath.Join("testdata", "sessions", "claude-code")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := filepath.Join(dir, name+".jsonl")
	if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d bytes, from %s)\n", out, len(text), files[0])

	version, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return fmt.Errorf("claude --version: %v", err)
	}
	meta := map[string]any{
		"agent":    "Claude Code",
		"version":  strings.TrimSpace(string(version)),
		"binary":   "the native claude of npm @anthropic-ai/claude-code-linux-x64",
		"argv":     append([]string{"claude"}, cmd.Args[1:]...),
		"model":    api.model,
		"session":  claudeSessionID,
		"requests": len(api.requests()),
		"steps":    len(api.steps),
		"recorder": "go run ./internal/record -session claude-code (internal/record/session_claude.go)",
		"paths":    map[string]string{"$ROOT": "the working directory: a copy of testdata/fixtures, git init-ed", "$PROJECT": "its folder under projects/", "$HOME": "HOME, with CLAUDE_CONFIG_DIR=$HOME/.claude", "$TMP": "the temporary directory holding both"},
	}
	b, _ := json.MarshalIndent(meta, "", "  ")
	return os.WriteFile(filepath.Join(dir, name+".recording.json"), append(b, '\n'), 0o644)
}

func tail(s string) string {
	if len(s) > 1500 {
		return "..." + s[len(s)-1500:]
	}
	return s
}

// fakeAPI is the scripted Messages API: each request of the main
// conversation (the one that offers the Read tool) is answered with the
// first step whose tool calls have no results yet, so a retried request
// gets the same answer; any other request (a side query) gets a short text.
type fakeAPI struct {
	script
	model string
	tool  string // the read tool's name, which marks the main conversation's requests ("Read" when empty)
}

func toolUseID(step, call int) string { return fmt.Sprintf("toolu_session_%02d_%d", step+1, call+1) }

type apiBlock struct {
	Type      string `json:"type"`
	ToolUseID string `json:"tool_use_id"`
}

type apiRequest struct {
	Stream   bool `json:"stream"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name string `json:"name"`
	} `json:"tools"`
}

func (a *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req apiRequest
	_ = json.Unmarshal(body, &req)
	a.seen(r.Method + " " + r.URL.String())
	switch {
	case strings.Contains(r.URL.Path, "count_tokens"):
		// As the oracle counts: a quarter of the messages' JSON.
		var raw struct {
			Messages json.RawMessage `json:"messages"`
		}
		_ = json.Unmarshal(body, &raw)
		w.Header().Set("content-type", "application/json")
		fmt.Fprintf(w, `{"input_tokens":%d}`, int(math.Ceil(float64(len(raw.Messages))/4)))
		return
	case !strings.HasPrefix(r.URL.Path, "/v1/messages"):
		w.Header().Set("content-type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, "{}")
		return
	}
	main, tool := false, a.tool
	if tool == "" {
		tool = "Read"
	}
	for _, t := range req.Tools {
		main = main || t.Name == tool
	}
	if !main {
		a.reply(w, req.Stream, []any{map[string]any{"type": "text", "text": "ok"}}, "end_turn")
		return
	}
	answered := map[string]bool{}
	for _, m := range req.Messages {
		var blocks []apiBlock
		if json.Unmarshal(m.Content, &blocks) == nil {
			for _, b := range blocks {
				if b.Type == "tool_result" {
					answered[b.ToolUseID] = true
				}
			}
		}
	}
	step := 0
	for step < len(a.steps) && answered[toolUseID(step, 0)] {
		step++
	}
	if step == len(a.steps) {
		a.reply(w, req.Stream, []any{map[string]any{"type": "text", "text": "Done."}}, "end_turn")
		return
	}
	a.enter(step)
	var content []any
	for i, c := range a.steps[step].calls {
		content = append(content, map[string]any{"type": "tool_use", "id": toolUseID(step, i), "name": c.name,
			"input": json.RawMessage(strings.ReplaceAll(c.input, oracle.RootVar, a.root))})
	}
	a.reply(w, req.Stream, content, "tool_use")
}

// reply answers as the Messages API does: server-sent events when the
// request streams, one JSON message otherwise (the oracle's reply()).
func (a *fakeAPI) reply(w http.ResponseWriter, stream bool, content []any, stop string) {
	msg := map[string]any{"id": fmt.Sprintf("msg_session_%d", time.Now().UnixNano()), "type": "message", "role": "assistant",
		"model": a.model, "content": content, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]int{"input_tokens": 10, "output_tokens": 5}}
	if !stream {
		w.Header().Set("content-type", "application/json")
		json.NewEncoder(w).Encode(msg)
		return
	}
	w.Header().Set("content-type", "text/event-stream")
	w.Header().Set("cache-control", "no-cache")
	event := func(typ string, data map[string]any) {
		data["type"] = typ
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
	}
	start := map[string]any{}
	for k, v := range msg {
		start[k] = v
	}
	start["content"], start["stop_reason"] = []any{}, nil
	event("message_start", map[string]any{"message": start})
	for i, c := range content {
		b := c.(map[string]any)
		if b["type"] == "tool_use" {
			event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{"type": "tool_use", "id": b["id"], "name": b["name"], "input": map[string]any{}}})
			event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{"type": "input_json_delta", "partial_json": string(b["input"].(json.RawMessage))}})
		} else {
			event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{"type": "text", "text": ""}})
			event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{"type": "text_delta", "text": b["text"]}})
		}
		event("content_block_stop", map[string]any{"index": i})
	}
	event("message_delta", map[string]any{"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 5}})
	event("message_stop", map[string]any{})
}
