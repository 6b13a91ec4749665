package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/readlens/readlens/internal/oracle"
	_ "modernc.org/sqlite"
)

func init() { recorder["crush"] = runCrush }

// crushImagePlaceholder is the text crush sends in the tool message in
// place of an image for an OpenAI-compatible provider
// (workaroundProviderMediaLimitations), the image following in a user
// message: the provider's wire, not the view tool's answer, which is the
// image part alone.
const crushImagePlaceholder = "[Image/media content loaded - see attached file]"

// runCrush runs the real crush (`crush run`, CRUSH_BIN: built from
// charmbracelet/crush's source, its releases being on GitHub only) with
// a scratch HOME whose crush.json names one OpenAI-compatible provider, a
// fake chat-completions API on loopback. The API answers the first request
// that offers tools with one `view` call of the case's arguments, exactly
// as written, and everything else with a short text; the tool message
// crush sends back is the tool's answer. crush keeps the result in its
// database with is_error (the wire has no such flag), which is read from
// there. `crush run` grants every permission (AutoApproveSession), so a
// path outside the working directory is read as if the user allowed it.
func runCrush(env oracleEnv, args string) (*record, error) {
	bin := os.Getenv("CRUSH_BIN")
	if bin == "" {
		return nil, fmt.Errorf("set CRUSH_BIN to a crush binary built from charmbracelet/crush")
	}
	home, err := os.MkdirTemp("", "readlens-crush-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(home)
	api := &fakeChat{args: args}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: api}
	go srv.Serve(ln)
	defer srv.Close()
	model := "claude-sonnet-4-5" // oracle.Case.Model's default
	for _, e := range env.extraEnv {
		if m, ok := strings.CutPrefix(e, "ORACLE_MODEL="); ok {
			model = m
		}
	}
	if err := writeCrushConfig(home, ln.Addr().String(), model, !env.noImages); err != nil {
		return nil, err
	}
	data := filepath.Join(home, "data")
	ctx, cancel := context.WithTimeout(context.Background(), env.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "run", "--quiet", "--cwd", env.root, "--data-dir", data, "Read the file.")
	cmd.Dir = env.root
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "CRUSH_DISABLE_METRICS=1", "NO_PROXY=*", "TERM=dumb"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if ctx.Err() != nil {
		return &record{oracle.Record{Timeout: true, Attachments: []oracle.Attachment{}}}, nil
	}
	stored, err := crushToolResult(filepath.Join(data, "crush.db"))
	if err != nil {
		return nil, fmt.Errorf("crush (%v): %v\nstdout: %s\nstderr: %s", runErr, err, stdout.Bytes(), stderr.Bytes())
	}
	r := &record{oracle.Record{IsError: stored.IsError, Attachments: []oracle.Attachment{}}}
	sent, ok := api.sent()
	if !ok {
		// A tool that fails with a Go error fails the step (fantasy takes
		// it for critical): crush retries the step, stores the same result
		// each time, and the run ends before any goes back. The model
		// reads the stored result when the conversation goes on.
		if !stored.IsError {
			return nil, fmt.Errorf("crush sent no tool result (%v)\nstdout: %s\nstderr: %s", runErr, stdout.Bytes(), stderr.Bytes())
		}
		r.Output = stored.Content
		return r, nil
	}
	if sent.image == nil {
		if sent.text != stored.Content {
			return nil, fmt.Errorf("crush sent %q, stored %q", sent.text, stored.Content)
		}
		r.Output = sent.text
		return r, nil
	}
	// An empty image goes to the model as sent, but crush stores it as an
	// error (convertToToolResult takes "" for invalid base64): the tool
	// answered an image, and that is what the model reads on this turn.
	emptyImage := len(sent.image) == 0 && stored.IsError && stored.Content == "Tool returned image data with invalid encoding"
	if sent.text != crushImagePlaceholder || (stored.MIMEType != sent.mime && !emptyImage) {
		return nil, fmt.Errorf("crush sent image %s with %q, stored %q (%s)", sent.mime, sent.text, stored.Content, stored.MIMEType)
	}
	r.IsError = false
	r.Attachments = append(r.Attachments, attachment(sent.mime, sent.image))
	return r, nil
}

// writeCrushConfig writes HOME's crush.json: the fake provider's one model,
// named name (the view tool names it when it refuses an image), as the
// large and small model, taking images or not, and nothing fetched or
// started besides it (no provider catalogue, no LSP, no metrics).
func writeCrushConfig(home, addr, name string, images bool) error {
	cfg := map[string]any{
		"options": map[string]any{"disable_provider_auto_update": true, "disable_default_providers": true,
			"disable_metrics": true, "auto_lsp": false},
		"providers": map[string]any{"fake": map[string]any{
			"type": "openai-compat", "base_url": "http://" + addr + "/v1", "api_key": "fake",
			"models": []any{map[string]any{"id": "fake-model", "name": name, "context_window": 200000,
				"default_max_tokens": 1000, "supports_attachments": images}},
		}},
		"models": map[string]any{"large": map[string]any{"model": "fake-model", "provider": "fake"},
			"small": map[string]any{"model": "fake-model", "provider": "fake"}},
	}
	b, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Join(home, ".config", "crush")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "crush.json"), b, 0o644)
}

// crushStored is the tool_result part crush keeps in its messages table.
type crushStored struct {
	Content  string `json:"content"`
	Data     string `json:"data"`
	MIMEType string `json:"mime_type"`
	IsError  bool   `json:"is_error"`
}

// crushToolResult is the tool result in the run's database: one, or the
// same one several times where crush retried the step.
func crushToolResult(path string) (*crushStored, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rows, err := db.Query(`SELECT parts FROM messages WHERE role = 'tool'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var found []crushStored
	for rows.Next() {
		var parts string
		if err := rows.Scan(&parts); err != nil {
			return nil, err
		}
		var ps []struct {
			Type string      `json:"type"`
			Data crushStored `json:"data"`
		}
		if err := json.Unmarshal([]byte(parts), &ps); err != nil {
			return nil, err
		}
		for _, p := range ps {
			if p.Type == "tool_result" {
				found = append(found, p.Data)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("no tool result stored")
	}
	for _, f := range found[1:] {
		if f != found[0] {
			return nil, fmt.Errorf("%d different tool results stored", len(found))
		}
	}
	return &found[0], nil
}

// fakeChat is the scripted OpenAI chat-completions API crush talks to.
type fakeChat struct {
	args   string // the view call's arguments, verbatim
	mu     sync.Mutex
	bodies [][]byte
}

// chatMessage is a message of a chat-completions request, as crush sends it.
type chatMessage struct {
	Role       string          `json:"role"`
	ToolCallID string          `json:"tool_call_id"`
	Content    json.RawMessage `json:"content"`
}

type chatRequest struct {
	Stream   bool              `json:"stream"`
	Messages []chatMessage     `json:"messages"`
	Tools    []json.RawMessage `json:"tools"`
}

func (a *fakeChat) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	a.mu.Lock()
	a.bodies = append(a.bodies, body)
	a.mu.Unlock()
	var req chatRequest
	_ = json.Unmarshal(body, &req)
	answered := false
	for _, m := range req.Messages {
		answered = answered || m.Role == "tool"
	}
	// The title request offers no tools; the conversation's first turn
	// gets the call, its second a text that ends it.
	delta := map[string]any{"role": "assistant", "content": "Done."}
	finish := "stop"
	if len(req.Tools) > 0 && !answered {
		delta = map[string]any{"role": "assistant", "tool_calls": []any{map[string]any{
			"index": 0, "id": "call_view_1", "type": "function",
			"function": map[string]any{"name": "view", "arguments": a.args}}}}
		finish = "tool_calls"
	}
	usage := map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-fake", "object": "chat.completion", "created": 0,
			"model": "fake-model", "usage": usage,
			"choices": []any{map[string]any{"index": 0, "message": delta, "finish_reason": finish}}})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	chunk := func(delta any, finish any, usage any) {
		b, _ := json.Marshal(map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0,
			"model": "fake-model", "usage": usage,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}})
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	chunk(delta, nil, nil)
	chunk(map[string]any{}, finish, usage)
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// crushSent is the view call's result as crush sent it to the model: the
// tool message's text and, for an image, the image of the user message
// that follows it.
type crushSent struct {
	text  string
	mime  string
	image []byte
}

// sent is what the last request carried back for the view call; false if
// no request did.
func (a *fakeChat) sent() (*crushSent, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := len(a.bodies) - 1; i >= 0; i-- {
		var req chatRequest
		if json.Unmarshal(a.bodies[i], &req) != nil {
			continue
		}
		for j, m := range req.Messages {
			if m.Role != "tool" || m.ToolCallID != "call_view_1" {
				continue
			}
			s := &crushSent{}
			if json.Unmarshal(m.Content, &s.text) != nil {
				return nil, false
			}
			if j+1 < len(req.Messages) && req.Messages[j+1].Role == "user" {
				s.mime, s.image = chatImage(req.Messages[j+1].Content)
			}
			return s, true
		}
	}
	return nil, false
}

// chatImage is the data URL image of a user message's content parts.
func chatImage(content json.RawMessage) (string, []byte) {
	var parts []struct {
		Type     string `json:"type"`
		ImageURL struct {
			URL string `json:"url"`
		} `json:"image_url"`
	}
	if json.Unmarshal(content, &parts) != nil {
		return "", nil
	}
	for _, p := range parts {
		rest, ok := strings.CutPrefix(p.ImageURL.URL, "data:")
		if p.Type != "image_url" || !ok {
			continue
		}
		mime, b64, ok := strings.Cut(rest, ";base64,")
		if !ok {
			continue
		}
		data, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			return "", nil
		}
		return mime, data
	}
	return "", nil
}
