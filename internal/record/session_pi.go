package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

// The pi session recorder: pi 0.73.1's CLI (npm
// @mariozechner/pi-coding-agent, run by node) runs one scripted
// conversation in print mode against the fake Anthropic Messages API of
// session_claude.go, named as a custom provider in its agent directory's
// models.json, inside a network namespace with only loopback. pi writes
// its own session under $PI_CODING_AGENT_DIR/sessions/--<cwd>--/; that
// file, with the run's paths put back as $ROOT, $HOME and $TMP, is
// testdata/sessions/pi/<name>.jsonl (README there).
//
//	PI_PKG_DIR=$SCRATCH/node_modules/@mariozechner/pi-coding-agent \
//	    go run ./internal/record -session pi

func init() { sessionRecorder["pi"] = recordPiSession }

// piConversation is the scripted conversation, in pi's tools (read, edit,
// bash) and their arguments: relative paths, as pi's models mostly send,
// and one absolute.
var piConversation = []sessionStep{
	{calls: []sessionCall{{"read", `{"path":"small.txt"}`}}},                              // a whole small file
	{calls: []sessionCall{{"read", `{"path":"lines_3000.txt","offset":1999,"limit":3}`}}}, // a cut read
	{calls: []sessionCall{{"read", `{"path":"small.txt"}`}}},                              // a repeat
	{calls: []sessionCall{{"read", `{"path":"$ROOT/notes.md"}`}}},                         // an absolute path
	{calls: []sessionCall{{"edit", `{"path":"notes.md","edits":[{"oldText":"Some notes.","newText":"Some notes, edited by the model."}]}`}}},
	{calls: []sessionCall{{"read", `{"path":"notes.md"}`}}}, // the file its own edit changed
	{calls: []sessionCall{{"read", `{"path":"tabs.txt"}`}}},
	{ // the file a person changed meanwhile
		calls:     []sessionCall{{"read", `{"path":"tabs.txt"}`}},
		meanwhile: personEdits("tabs.txt", "edited\tby a person\nwhile the agent ran\n"),
	},
	{calls: []sessionCall{ // one answer, two calls: an image, and a file over pi's 2000 lines
		{"read", `{"path":"media/pic.png"}`},
		{"read", `{"path":"lines_3000.txt"}`},
	}},
	{calls: []sessionCall{{"bash", `{"command":"sed -n '10,12p' lines_3000.txt"}`}}}, // shell reads
	{calls: []sessionCall{{"bash", `{"command":"head -n 2 unicode.txt"}`}}},
	{calls: []sessionCall{{"read", `{"path":"missing.txt"}`}}}, // an error
}

func recordPiSession(name string, timeout time.Duration) error {
	pkg := os.Getenv("PI_PKG_DIR")
	if pkg == "" {
		return fmt.Errorf("set PI_PKG_DIR to the installed @mariozechner/pi-coding-agent package")
	}
	if done, err := reexecInNetns(); done {
		return err
	}
	pkg, err := filepath.Abs(pkg)
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
	agentDir := filepath.Join(home, ".pi", "agent")
	if err := os.MkdirAll(agentDir, 0o755); err != nil {
		return err
	}

	api := &fakeAPI{script: script{root: root, steps: piConversation}, model: "claude-sonnet-4-5", tool: "read"}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: api}
	go srv.Serve(ln)
	defer srv.Close()

	models := map[string]any{"providers": map[string]any{"fake": map[string]any{
		"baseUrl": "http://" + ln.Addr().String(), "api": "anthropic-messages", "apiKey": "sk-ant-oracle-not-a-key",
		"models": []any{map[string]any{"id": api.model, "input": []string{"text", "image"}, "contextWindow": 200000, "maxTokens": 8192}},
	}}}
	b, _ := json.MarshalIndent(models, "", "  ")
	if err := os.WriteFile(filepath.Join(agentDir, "models.json"), b, 0o644); err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cli := filepath.Join(pkg, "dist", "cli.js")
	args := []string{"-p", "Read the files the script names, one call at a time.", "--provider", "fake", "--model", api.model,
		"--tools", "read,edit,bash", "--offline", "--no-extensions", "--no-skills", "--no-prompt-templates", "--no-themes", "--no-context-files"}
	cmd := exec.CommandContext(ctx, "node", append([]string{cli}, args...)...)
	cmd.Dir = root
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "PI_CODING_AGENT_DIR=" + agentDir, "PI_OFFLINE=1", "NO_PROXY=*"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	fmt.Printf("pi exited: %v\nstdout: %s\nstderr: %s\n", runErr, tail(stdout.String()), tail(stderr.String()))
	for _, l := range api.requests() {
		fmt.Println("request:", l)
	}
	if got := api.served(); got < len(api.steps) {
		return fmt.Errorf("the conversation stopped after step %d of %d", got, len(api.steps))
	}
	files, _ := filepath.Glob(filepath.Join(agentDir, "sessions", "*", "*.jsonl"))
	if len(files) != 1 {
		return fmt.Errorf("%d session files under %s, want 1", len(files), filepath.Join(agentDir, "sessions"))
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return err
	}
	text := string(data)
	text = strings.ReplaceAll(text, root, oracle.RootVar)
	text = strings.ReplaceAll(text, home, "$HOME")
	text = strings.ReplaceAll(text, tmp, "$TMP")

	version, err := exec.Command("node", cli, "--version").CombinedOutput() // pi prints it on stderr
	if err != nil {
		return fmt.Errorf("pi --version: %v", err)
	}
	node, _ := exec.Command("node", "--version").Output()
	return writeSession("pi", name, text, map[string]any{
		"agent":    "pi",
		"version":  strings.TrimSpace(string(version)),
		"package":  "npm @mariozechner/pi-coding-agent, dist/cli.js run by node " + strings.TrimSpace(string(node)),
		"argv":     append([]string{"pi"}, args...),
		"provider": "fake: api anthropic-messages at the recorder's 127.0.0.1 (agent dir models.json)",
		"model":    api.model,
		"file":     filepath.Base(files[0]),
		"requests": len(api.requests()),
		"steps":    len(api.steps),
		"recorder": "go run ./internal/record -session pi (internal/record/session_pi.go)",
		"paths":    map[string]string{"$ROOT": "the working directory: a copy of testdata/fixtures, git init-ed", "$HOME": "HOME, with PI_CODING_AGENT_DIR=$HOME/.pi/agent", "$TMP": "the temporary directory holding both"},
	})
}
