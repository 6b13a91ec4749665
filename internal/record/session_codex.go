package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

// The Codex session recorder: Codex CLI 0.169.0 (the native codex of npm
// @openai/codex-linux-x64) runs `codex exec` on one scripted conversation
// against a fake OpenAI Responses API served here on 127.0.0.1, named in
// $CODEX_HOME/config.toml as a model provider (wire_api "responses"),
// inside a network namespace with only loopback. Codex offers no read
// tool: it reads with its shell tool, exec_command, and views images with
// view_image. Codex writes its own rollout under
// $CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl; that file, with the
// run's paths put back as $ROOT, $HOME and $TMP, is
// testdata/sessions/codex/<name>.jsonl (README there).
//
//	CODEX_BIN=$SCRATCH/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex \
//	    go run ./internal/record -session codex
//
// codex exec finishes the conversation (task_complete in the rollout) and
// then does not exit inside the namespace: the recorder stops it once the
// rollout says the task is complete.

func init() { sessionRecorder["codex"] = recordCodexSession }

// codexConversation is the scripted conversation: the model's shell reads
// as Codex's models make them (sed -n, cat, nl, head), a shell edit, an
// image viewed, and a file a person changes meanwhile.
var codexConversation = []sessionStep{
	{calls: []sessionCall{{"exec_command", `{"cmd":"cat small.txt"}`}}},                                                       // a whole small file
	{calls: []sessionCall{{"exec_command", `{"cmd":"sed -n '1999,2001p' lines_3000.txt"}`}}},                                  // a cut read
	{calls: []sessionCall{{"exec_command", `{"cmd":"cat small.txt"}`}}},                                                       // a repeat
	{calls: []sessionCall{{"exec_command", `{"cmd":"nl -ba notes.md","workdir":"$ROOT"}`}}},                                   // a workdir given
	{calls: []sessionCall{{"exec_command", `{"cmd":"sed -i 's/Some notes\\./Some notes, edited by the model./' notes.md"}`}}}, // an edit through the shell
	{calls: []sessionCall{{"exec_command", `{"cmd":"nl -ba notes.md"}`}}},                                                     // the file the shell edited
	{calls: []sessionCall{{"exec_command", `{"cmd":"cat tabs.txt"}`}}},
	{ // the file a person changed meanwhile
		calls:     []sessionCall{{"exec_command", `{"cmd":"cat tabs.txt"}`}},
		meanwhile: personEdits("tabs.txt", "edited\tby a person\nwhile the agent ran\n"),
	},
	{calls: []sessionCall{ // one answer, two calls: an image viewed, a shell read
		{"view_image", `{"path":"$ROOT/media/pic.png"}`},
		{"exec_command", `{"cmd":"head -n 2 unicode.txt"}`},
	}},
	{calls: []sessionCall{{"exec_command", `{"cmd":"cat lines_3000.txt"}`}}},                   // more than Codex hands the model
	{calls: []sessionCall{{"exec_command", `{"cmd":"sed -n '1,5p' lines_3000.txt | wc -l"}`}}}, // a command that is not a read
	{calls: []sessionCall{{"exec_command", `{"cmd":"cat missing.txt"}`}}},                      // an error
}

func recordCodexSession(name string, timeout time.Duration) error {
	return runCodexSession(name, timeout, codexConversation, nil)
}

// runCodexSession runs codex exec on the conversation; setup, when
// given, writes what else $CODEX_HOME needs and returns lines for its
// config.toml and facts for the recording's metadata.
func runCodexSession(name string, timeout time.Duration, steps []sessionStep,
	setup func(bin, codexHome string) (config string, meta map[string]any, err error)) error {
	bin := os.Getenv("CODEX_BIN")
	if bin == "" {
		return fmt.Errorf("set CODEX_BIN to the native codex binary of @openai/codex-linux-x64")
	}
	if done, err := reexecInNetns(); done {
		return err
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
	root, err := sessionRoot(tmp)
	if err != nil {
		return err
	}
	home := filepath.Join(tmp, "home")
	codexHome := filepath.Join(home, ".codex")
	if err := os.MkdirAll(codexHome, 0o755); err != nil {
		return err
	}
	var extraConfig string
	var extraMeta map[string]any
	if setup != nil {
		if extraConfig, extraMeta, err = setup(bin, codexHome); err != nil {
			return err
		}
	}
	run, err := execCodex(bin, root, home, steps, extraConfig, nil, timeout)
	if err != nil {
		return err
	}
	fmt.Printf("codex ended: %v\nstdout: %s\nstderr: %s\n", run.err, tail(run.stdout), tail(run.stderr))
	for _, l := range run.api.requests() {
		fmt.Println("request:", l)
	}
	if got := run.api.served(); got < len(run.api.steps) {
		return fmt.Errorf("the conversation stopped after step %d of %d", got, len(run.api.steps))
	}
	if run.rollout == "" {
		return fmt.Errorf("no rollout under %s", filepath.Join(codexHome, "sessions"))
	}
	data, err := os.ReadFile(run.rollout)
	if err != nil {
		return err
	}
	text := string(data)
	text = strings.ReplaceAll(text, root, oracle.RootVar)
	text = strings.ReplaceAll(text, home, "$HOME")
	text = strings.ReplaceAll(text, tmp, "$TMP")
	version, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return fmt.Errorf("codex --version: %v", err)
	}
	meta := map[string]any{
		"agent":    "Codex CLI",
		"version":  strings.TrimSpace(string(version)),
		"binary":   "the native codex of npm @openai/codex-linux-x64: " + npmPath(bin),
		"argv":     append([]string{"codex"}, run.args...),
		"config":   strings.ReplaceAll(run.config, home, "$HOME"),
		"model":    codexModel,
		"file":     filepath.Base(run.rollout),
		"requests": len(run.api.requests()),
		"steps":    len(run.api.steps),
		"recorder": "go run ./internal/record " + strings.Join(os.Args[1:], " ") + " (internal/record/session_codex*.go)",
		"paths":    map[string]string{"$ROOT": "the working directory: a copy of testdata/fixtures, git init-ed", "$HOME": "HOME, with CODEX_HOME=$HOME/.codex", "$TMP": "the temporary directory holding both"},
	}
	for k, v := range extraMeta {
		meta[k] = v
	}
	return writeSession("codex", name, text, meta)
}

// codexModel is the model every recorded run asks for.
const codexModel = "gpt-5-codex"

// codexRun is how one codex exec run went.
type codexRun struct {
	api            *fakeResponses // the conversation, and what codex sent
	rollout        string         // the rollout's path; "" if codex wrote none
	args           []string       // codex's arguments
	config         string         // config.toml, its port written 127.0.0.1:PORT
	stdout, stderr string
	err            error // how codex exec ended
}

// execCodex runs `codex exec` in root, with HOME=home and
// CODEX_HOME=home/.codex, on the scripted steps against a fake Responses
// API on loopback, extraConfig added to config.toml. codex exec finishes
// the conversation (task_complete in the rollout) and then does not exit
// inside a network namespace: execCodex stops it once the rollout says the
// task is complete, or at the timeout. extraEnv is added to its
// environment.
func execCodex(bin, root, home string, steps []sessionStep, extraConfig string, extraEnv []string, timeout time.Duration) (*codexRun, error) {
	codexHome := filepath.Join(home, ".codex")
	if err := os.MkdirAll(codexHome, 0o755); err != nil {
		return nil, err
	}
	api := &fakeResponses{script: script{root: root, steps: steps}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: api}
	go srv.Serve(ln)
	defer srv.Close()
	config := fmt.Sprintf("model = %q\nmodel_provider = \"fake\"\n"+extraConfig+"\n[model_providers.fake]\nname = \"fake\"\nbase_url = \"http://%s/v1\"\nwire_api = \"responses\"\n", codexModel, ln.Addr())
	if err := os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(config), 0o644); err != nil {
		return nil, err
	}
	run := &codexRun{api: api, config: strings.ReplaceAll(config, ln.Addr().String(), "127.0.0.1:PORT"),
		args: []string{"exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "Read the files the script names, one call at a time."}}
	cmd := exec.Command(bin, run.args...)
	cmd.Dir = root
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "CODEX_HOME=" + codexHome, "NO_PROXY=*"}
	cmd.Env = append(cmd.Env, extraEnv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.After(timeout)
wait:
	for {
		select {
		case run.err = <-exited:
			break wait
		case <-deadline:
			cmd.Process.Kill()
			run.err = <-exited
			break wait
		case <-time.After(200 * time.Millisecond):
			files, _ := filepath.Glob(filepath.Join(codexHome, "sessions", "*", "*", "*", "rollout-*.jsonl"))
			if len(files) == 1 {
				run.rollout = files[0]
			}
			if b, _ := os.ReadFile(run.rollout); run.rollout != "" && bytes.Contains(b, []byte(`"type":"task_complete"`)) {
				time.Sleep(time.Second)
				cmd.Process.Signal(syscall.SIGTERM)
				select {
				case run.err = <-exited:
				case <-time.After(5 * time.Second):
					cmd.Process.Kill()
					run.err = <-exited
				}
				break wait
			}
		}
	}
	if run.rollout == "" {
		// A short conversation can end between two looks.
		if files, _ := filepath.Glob(filepath.Join(codexHome, "sessions", "*", "*", "*", "rollout-*.jsonl")); len(files) == 1 {
			run.rollout = files[0]
		}
	}
	run.stdout, run.stderr = stdout.String(), stderr.String()
	return run, nil
}

// npmPath is a path inside node_modules as the package names it.
func npmPath(p string) string {
	if i := strings.LastIndex(p, "node_modules/"); i >= 0 {
		return p[i+len("node_modules/"):]
	}
	return filepath.Base(p)
}

// fakeResponses is the scripted OpenAI Responses API: each request that
// offers exec_command is answered with the first step whose calls have no
// output yet in its input; any other request gets a short text.
type fakeResponses struct {
	script
	bodies [][]byte // each request's body, in order (under script.mu)
}

// outputs is what codex sent back for each call it made, by call id: the
// output of its function_call_output (a string, or content items) in the
// last request that holds one.
func (a *fakeResponses) outputs() map[string]json.RawMessage {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := map[string]json.RawMessage{}
	for _, body := range a.bodies {
		var req struct {
			Input []struct {
				Type   string          `json:"type"`
				CallID string          `json:"call_id"`
				Output json.RawMessage `json:"output"`
			} `json:"input"`
		}
		_ = json.Unmarshal(body, &req)
		for _, it := range req.Input {
			if it.Type == "function_call_output" {
				out[it.CallID] = it.Output
			}
		}
	}
	return out
}

func callID(step, call int) string { return fmt.Sprintf("call_session_%02d_%d", step+1, call+1) }

func (a *fakeResponses) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	a.seen(r.Method + " " + r.URL.String())
	a.mu.Lock()
	a.bodies = append(a.bodies, body)
	a.mu.Unlock()
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/responses") {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	var req struct {
		Input []struct {
			Type   string `json:"type"`
			CallID string `json:"call_id"`
		} `json:"input"`
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	_ = json.Unmarshal(body, &req)
	main := false
	for _, t := range req.Tools {
		main = main || t.Name == "exec_command"
	}
	answered := map[string]bool{}
	for _, it := range req.Input {
		if strings.HasSuffix(it.Type, "_output") {
			answered[it.CallID] = true
		}
	}
	step := 0
	for step < len(a.steps) && answered[callID(step, 0)] {
		step++
	}
	if !main || step == len(a.steps) {
		a.stream(w, []any{map[string]any{"type": "message", "role": "assistant", "id": "msg_session_done",
			"content": []any{map[string]any{"type": "output_text", "text": "Done."}}}})
		return
	}
	a.enter(step)
	var items []any
	for i, c := range a.steps[step].calls {
		in := strings.ReplaceAll(c.input, oracle.RootVar, a.root)
		if c.name == "apply_patch" { // a freeform tool: its input is the patch
			var patch string
			_ = json.Unmarshal([]byte(in), &patch)
			items = append(items, map[string]any{"type": "custom_tool_call", "id": "ctc_" + callID(step, i), "call_id": callID(step, i),
				"name": c.name, "input": patch, "status": "completed"})
			continue
		}
		items = append(items, map[string]any{"type": "function_call", "id": "fc_" + callID(step, i), "call_id": callID(step, i),
			"name": c.name, "arguments": in, "status": "completed"})
	}
	a.stream(w, items)
}

// stream answers as the Responses API streams: the response created, each
// output item done, the response completed.
func (a *fakeResponses) stream(w http.ResponseWriter, items []any) {
	w.Header().Set("content-type", "text/event-stream")
	w.Header().Set("cache-control", "no-cache")
	id := fmt.Sprintf("resp_session_%d", time.Now().UnixNano())
	event := func(typ string, data map[string]any) {
		data["type"] = typ
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
	}
	event("response.created", map[string]any{"response": map[string]any{"id": id}})
	for i, it := range items {
		event("response.output_item.done", map[string]any{"output_index": i, "item": it})
	}
	event("response.completed", map[string]any{"response": map[string]any{"id": id,
		"usage": map[string]any{"input_tokens": 10, "output_tokens": 5, "total_tokens": 15}}})
}
