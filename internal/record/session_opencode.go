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
	"regexp"
	"strings"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

// The opencode session recorder: the released opencode binary (1.18.33)
// runs one scripted conversation (`opencode run`) against the fake
// Messages API of session_claude.go, reached as a provider of its own
// (opencode.json: npm @ai-sdk/anthropic, baseURL 127.0.0.1), inside a
// network namespace with only loopback. 1.18.33 keeps its sessions in
// SQLite ($XDG_DATA_HOME/opencode/opencode.db); the session is taken out
// with the CLI's own `opencode export <id>`, which prints the session and
// its messages with their parts as JSON. That export, paths put back as
// $ROOT, $HOME and $TMP, is testdata/sessions/opencode/<name>.json.
//
//	OPENCODE_BIN=$SCRATCH/node_modules/opencode-linux-x64/bin/opencode \
//	    go run ./internal/record -session opencode

func init() { sessionRecorder["opencode"] = recordOpencodeSession }

// opencodeConversation is the scripted conversation, in opencode's tool
// names and arguments.
var opencodeConversation = []sessionStep{
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/small.txt"}`}}},                              // a whole small file
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/lines_3000.txt","offset":1999,"limit":3}`}}}, // a cut read
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/small.txt"}`}}},                              // a repeat
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/notes.md"}`}}},
	{calls: []sessionCall{{"edit", `{"filePath":"$ROOT/notes.md","oldString":"Some notes.","newString":"Some notes, edited by the model."}`}}},
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/notes.md"}`}}}, // the file its own edit changed
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/tabs.txt"}`}}},
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/tabs.txt"}`}}, meanwhile: personEdits("tabs.txt", "edited\tby a person\nwhile the agent ran\n")}, // a person changed it meanwhile
	{calls: []sessionCall{ // one answer, two calls: an image, and a read cut at 2000 lines
		{"read", `{"filePath":"$ROOT/media/pic.png"}`},
		{"read", `{"filePath":"$ROOT/lines_3000.txt"}`},
	}},
	{calls: []sessionCall{{"bash", `{"command":"sed -n '10,12p' lines_3000.txt","description":"Print lines 10 to 12"}`}}}, // a shell read
	{calls: []sessionCall{{"read", `{"filePath":"$ROOT/missing.txt"}`}}},                                                  // an error
}

var opencodeSessionID = regexp.MustCompile(`"sessionID":"(ses_[A-Za-z0-9]+)"`)

func recordOpencodeSession(name string, timeout time.Duration) error {
	bin := os.Getenv("OPENCODE_BIN")
	if bin == "" {
		return fmt.Errorf("set OPENCODE_BIN to the opencode binary of npm opencode-linux-x64")
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

	api := &fakeAPI{script: script{root: root, steps: opencodeConversation}, model: "claude-sonnet-4-5", tool: "read"}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: api}
	go srv.Serve(ln)
	defer srv.Close()

	config := opencodeConfig("http://"+ln.Addr().String()+"/v1", api.model)
	if err := writeOpencodeConfig(home, config); err != nil {
		return err
	}
	env := opencodeEnv(home)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	argv := []string{"run", "--format", "json", "--model", "fake/" + api.model, "Read the files the script names, one call at a time."}
	cmd := exec.CommandContext(ctx, bin, argv...)
	cmd.Dir, cmd.Env = root, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	fmt.Printf("opencode exited: %v\nstdout: %s\nstderr: %s\n", runErr, tail(stdout.String()), tail(stderr.String()))
	for _, l := range api.requests() {
		fmt.Println("request:", l)
	}
	if got := api.served(); got < len(api.steps) {
		return fmt.Errorf("the conversation stopped after step %d of %d", got, len(api.steps))
	}
	m := opencodeSessionID.FindSubmatch(stdout.Bytes())
	if m == nil {
		return fmt.Errorf("no sessionID in opencode's JSON events")
	}
	id := string(m[1])
	// A file, not a pipe: Bun exits before flushing a pipe past 64 KiB.
	outFile := filepath.Join(tmp, "export.json")
	fh, err := os.Create(outFile)
	if err != nil {
		return err
	}
	exp := exec.CommandContext(ctx, bin, "export", id)
	exp.Dir, exp.Env = root, env
	var experr bytes.Buffer
	exp.Stdout, exp.Stderr = fh, &experr
	err = exp.Run()
	fh.Close()
	if err != nil {
		return fmt.Errorf("opencode export %s: %v: %s", id, err, tail(experr.String()))
	}
	out, err := os.ReadFile(outFile)
	if err != nil {
		return err
	}
	text := string(out)
	if i := strings.IndexByte(text, '{'); i > 0 { // a line of its own before the JSON
		fmt.Printf("export said first: %q\n", text[:i])
		text = text[i:]
	}
	text = strings.ReplaceAll(text, root, oracle.RootVar)
	text = strings.ReplaceAll(text, home, "$HOME")
	text = strings.ReplaceAll(text, tmp, "$TMP")
	dir := filepath.Join("testdata", "sessions", "opencode")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	file := filepath.Join(dir, name+".json")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d bytes, session %s)\n", file, len(text), id)
	left, err := keepOpencodeDB(filepath.Join(home, ".local", "share", "opencode"), name,
		[][2]string{{root, oracle.RootVar}, {home, "$HOME"}, {tmp, "$TMP"}})
	if err != nil {
		return fmt.Errorf("opencode.db: %v", err)
	}

	version, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return fmt.Errorf("opencode --version: %v", err)
	}
	meta := map[string]any{
		"agent":   "opencode",
		"version": strings.TrimSpace(string(version)),
		"binary":  "the opencode of npm opencode-linux-x64 (opencode-ai's native build)",
		"argv":    append([]string{"opencode"}, argv...),
		"export":  []string{"opencode", "export", id},
		"config":  config,
		"model":   "fake/" + api.model,
		"session": id,
		"database": map[string]any{
			"file": name + "/opencode.db",
			"left": left,
			"how":  "opencode.db and opencode.db-wal as the run left them, copied together and opened by SQLite (the WAL applied), the paths replaced as in the export by SQL, then checkpointed and vacuumed into one file (internal/record/session_opencode_db.go)",
		},
		"requests": len(api.requests()),
		"steps":    len(api.steps),
		"recorder": "go run ./internal/record -session opencode (internal/record/session_opencode.go)",
		"paths":    map[string]string{"$ROOT": "the working directory: a copy of testdata/fixtures, git init-ed", "$HOME": "HOME, with the XDG directories under it", "$TMP": "the temporary directory holding both"},
	}
	// The config's baseURL names this run's port: say what it was instead.
	meta["config"].(map[string]any)["provider"].(map[string]any)["fake"].(map[string]any)["options"].(map[string]any)["baseURL"] = "http://127.0.0.1:PORT/v1"
	b, _ := json.MarshalIndent(meta, "", "  ")
	return os.WriteFile(filepath.Join(dir, name+".recording.json"), append(b, '\n'), 0o644)
}

// opencodeConfig is the opencode.json of a run against the fake Messages
// API at baseURL: a provider of its own (npm @ai-sdk/anthropic) whose one
// model takes attachments and tools, no autoupdate, no sharing.
func opencodeConfig(baseURL, model string) map[string]any {
	return map[string]any{
		"$schema":     "https://opencode.ai/config.json",
		"autoupdate":  false,
		"share":       "disabled",
		"model":       "fake/" + model,
		"small_model": "fake/" + model,
		"permission":  map[string]any{"edit": "allow", "bash": "allow", "external_directory": "allow"},
		"provider": map[string]any{"fake": map[string]any{
			"npm": "@ai-sdk/anthropic", "name": "Fake Anthropic",
			"options": map[string]any{"baseURL": baseURL, "apiKey": "sk-ant-oracle-not-a-key"},
			"models":  map[string]any{model: map[string]any{"name": "Fake", "attachment": true, "tool_call": true, "limit": map[string]int{"context": 200000, "output": 8192}}},
		}},
	}
}

func writeOpencodeConfig(home string, config map[string]any) error {
	cfgDir := filepath.Join(home, ".config", "opencode")
	if err := os.MkdirAll(cfgDir, 0o755); err != nil {
		return err
	}
	cfg, _ := json.MarshalIndent(config, "", "  ")
	return os.WriteFile(filepath.Join(cfgDir, "opencode.json"), cfg, 0o644)
}

// opencodeEnv is the environment of an opencode run whose state lives
// under home, with the flags opencode-read.sh sets.
func opencodeEnv(home string) []string {
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(home, ".local", "share"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1",
		"OPENCODE_DISABLE_SHARE=1", "OPENCODE_DISABLE_DEFAULT_PLUGINS=1", "OPENCODE_DISABLE_CLAUDE_CODE=1",
		"OPENCODE_DISABLE_EXTERNAL_SKILLS=1", "OPENCODE_DISABLE_AUTOCOMPACT=1", "OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER=1",
		"NO_PROXY=*",
	}
}
