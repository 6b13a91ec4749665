package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	_ "image/gif" // the sizes of the images the model received
	_ "image/jpeg"
	_ "image/png"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	_ "golang.org/x/image/webp"

	"github.com/readlens/readlens/internal/oracle"
)

func init() { recorder["opencode"] = runOpencode }

var logLine = regexp.MustCompile(`(?m)^(\x1b\[[0-9;]*m)*(ERROR|WARN|INFO) +\d{4}-\d\d-\d\dT[^\n]*service=[^\n]*\n?`)

func runOpencode(env oracleEnv, args string) (*record, error) {
	bin := os.Getenv("OPENCODE_BIN")
	if bin == "" {
		return nil, fmt.Errorf("set OPENCODE_BIN to the opencode binary")
	}
	// A tool error: "Error: Unexpected error\n\n<message>\n" on stderr.
	toolError := func(stderr string) (string, bool) {
		_, msg, ok := strings.Cut(stderr, "Unexpected error\n\n")
		return msg, ok
	}
	if a := strings.TrimSpace(args); a != "" && a[0] != '{' {
		// The oracle script passes an object; a model can send any JSON,
		// which the session holds to the tool's schema: record that.
		tool := &record{}
		tool.Attachments = []oracle.Attachment{}
		return opencodeModelSide(env, bin, args, tool)
	}
	r, err := runOpencodeBinary(env, bin, args, false, toolError)
	if err != nil || len(r.Attachments) == 0 {
		return r, err
	}
	// The tool's attachments are not what the model receives: the session
	// normalizes each image first (resized, re-encoded or dropped).
	return opencodeModelSide(env, bin, args, r)
}

// runOpencodeBinary runs one opencode release's read tool through the
// oracle script. toolError finds the tool's message in stderr, which each
// era words differently; preview keeps metadata.preview, which only the
// <file> era's profile reproduces.
func runOpencodeBinary(env oracleEnv, bin, args string, preview bool, toolError func(stderr string) (string, bool)) (*record, error) {
	stdout, stderr, timedOut, err := command(env, "env", "OPENCODE_BIN="+bin,
		"bash", filepath.Join(env.scripts, "opencode-read.sh"), env.root, args)
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	r.Attachments = []oracle.Attachment{}
	if err != nil {
		msg, ok := toolError(logLine.ReplaceAllString(string(stderr), ""))
		if !ok {
			return nil, fmt.Errorf("opencode failed: %v: %s", err, stderr)
		}
		r.Output = strings.TrimSuffix(msg, "\n")
		r.IsError = true
		return r, nil
	}
	var out struct {
		Result struct {
			Title    string `json:"title"`
			Output   string `json:"output"`
			Metadata struct {
				Preview *string `json:"preview"`
			} `json:"metadata"`
			Attachments []struct {
				Mime string `json:"mime"`
				URL  string `json:"url"`
			} `json:"attachments"`
		} `json:"result"`
	}
	if err := json.Unmarshal(stdout, &out); err != nil {
		return nil, fmt.Errorf("opencode stdout: %v: %s", err, stdout)
	}
	r.Output = out.Result.Output
	r.Title = &out.Result.Title
	if preview {
		r.Preview = out.Result.Metadata.Preview
	}
	for _, a := range out.Result.Attachments {
		_, b64, _ := strings.Cut(a.URL, ";base64,")
		data, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			return nil, err
		}
		r.Attachments = append(r.Attachments, attachment(a.Mime, data))
	}
	return r, nil
}

var opencodeNetns sync.Once

// opencodeInNetns runs the whole recorder again inside a network namespace
// with only loopback, unless this is that run, and ends this one with it.
func opencodeInNetns(env oracleEnv) {
	if os.Getenv(netnsEnv) != "" {
		return
	}
	opencodeNetns.Do(func() {
		_, err := reexecInNetns()
		os.RemoveAll(filepath.Dir(env.root)) // main's deferred removal never runs
		if err != nil {
			fail(err.Error())
		}
		os.Exit(0)
	})
}

// opencodeModelSide runs the call once more in a session, `opencode run`
// against the fake Messages API, and records what the model received in
// the tool result: its text and its images as the API request holds them.
// The tool's own attachments stay in ToolAttachments where they differ.
// The run needs a network namespace with only loopback: the first such
// case runs the whole recorder again inside one (as Codex's does).
func opencodeModelSide(env oracleEnv, bin, args string, tool *record) (*record, error) {
	opencodeInNetns(env)
	bin, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	home, err := os.MkdirTemp("", "readlens-opencode-home-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(home)
	api := &fakeAPI{script: script{root: env.root, steps: []sessionStep{{calls: []sessionCall{{"read", args}}}}}, model: "claude-sonnet-4-5", tool: "read"}
	var mu sync.Mutex
	var result json.RawMessage // the tool_result block of the call, as last sent
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var req struct {
			Messages []struct {
				Content json.RawMessage `json:"content"`
			} `json:"messages"`
		}
		if json.Unmarshal(body, &req) == nil {
			for _, m := range req.Messages {
				var blocks []json.RawMessage
				if json.Unmarshal(m.Content, &blocks) != nil {
					continue
				}
				for _, b := range blocks {
					var head apiBlock
					if json.Unmarshal(b, &head) == nil && head.Type == "tool_result" && head.ToolUseID == toolUseID(0, 0) {
						mu.Lock()
						result = b
						mu.Unlock()
					}
				}
			}
		}
		api.ServeHTTP(w, r)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: handler}
	go srv.Serve(ln)
	defer srv.Close()
	config := opencodeConfig("http://"+ln.Addr().String()+"/v1", api.model)
	config["permission"].(map[string]any)["read"] = "allow"
	config["snapshot"] = false // no git snapshot of the fixture tree at every step
	if err := writeOpencodeConfig(home, config); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), env.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "run", "--format", "json", "--model", "fake/"+api.model, "Read the file.")
	cmd.Dir, cmd.Env = env.root, opencodeEnv(home)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	runErr := cmd.Run()
	mu.Lock()
	defer mu.Unlock()
	if result == nil {
		return nil, fmt.Errorf("opencode run sent no result of the call (%v): %s", runErr, tail(stderr.String()))
	}
	var block struct {
		IsError bool            `json:"is_error"`
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(result, &block); err != nil {
		return nil, err
	}
	r := &record{}
	r.Title, r.IsError = tool.Title, block.IsError
	r.Attachments = []oracle.Attachment{}
	if json.Unmarshal(block.Content, &r.Output) != nil { // a string, or blocks
		var parts []contentBlock
		if err := json.Unmarshal(block.Content, &parts); err != nil {
			return nil, err
		}
		texts := 0
		for _, p := range parts {
			switch p.Type {
			case "text":
				r.Output += p.Text
				texts++
			case "image", "document":
				a, err := attachmentOf(p)
				if err != nil {
					return nil, err
				}
				r.Attachments = append(r.Attachments, a)
			default:
				return nil, fmt.Errorf("a %q block in the tool result", p.Type)
			}
		}
		if texts != 1 {
			return nil, fmt.Errorf("%d text blocks in the tool result", texts)
		}
	}
	same := len(r.Attachments) == len(tool.Attachments)
	for i := 0; same && i < len(r.Attachments); i++ {
		same = r.Attachments[i].SHA256 == tool.Attachments[i].SHA256 && r.Attachments[i].Mime == tool.Attachments[i].Mime
	}
	if !same {
		r.ToolAttachments = tool.Attachments
	}
	return r, nil
}
