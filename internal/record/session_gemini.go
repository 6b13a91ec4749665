package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

// The Gemini CLI session recorder: the real CLI (npm @google/gemini-cli
// 0.61.0) runs one scripted conversation (`gemini -p … --yolo`) against a
// fake Gemini API served here on 127.0.0.1 (GOOGLE_GEMINI_BASE_URL), inside
// a network namespace with only loopback. The CLI records the chat itself
// under $HOME/.gemini/tmp/<project>/chats/; that file, paths put back as
// $ROOT, $PROJECT, $HOME and $TMP, is testdata/sessions/gemini-cli/<name>
// with the CLI's own extension.
//
//	GEMINI_CLI_JS=$SCRATCH/node_modules/@google/gemini-cli/bundle/gemini.js \
//	    go run ./internal/record -session gemini-cli

func init() { sessionRecorder["gemini-cli"] = recordGeminiSession }

// geminiConversation is the scripted conversation, in Gemini CLI's tool
// names and arguments.
var geminiConversation = []sessionStep{
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/small.txt"}`}}},                                        // a whole small file
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/lines_3000.txt","start_line":1999,"end_line":2001}`}}}, // a cut read
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/small.txt"}`}}},                                        // a repeat
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/notes.md"}`}}},
	{calls: []sessionCall{{"replace", `{"file_path":"$ROOT/notes.md","instruction":"Say the notes were edited.","old_string":"Some notes.","new_string":"Some notes, edited by the model."}`}}},
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/notes.md"}`}}}, // the file its own replace changed
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/tabs.txt"}`}}},
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/tabs.txt"}`}}, meanwhile: personEdits("tabs.txt", "edited\tby a person\nwhile the agent ran\n")}, // a person changed it meanwhile
	{calls: []sessionCall{ // one answer, two calls: an image, and a read cut at 2000 lines
		{"read_file", `{"file_path":"$ROOT/media/pic.png"}`},
		{"read_file", `{"file_path":"$ROOT/lines_3000.txt"}`},
	}},
	{calls: []sessionCall{{"run_shell_command", `{"command":"sed -n '10,12p' lines_3000.txt","description":"Print lines 10 to 12"}`}}}, // a shell read
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/missing.txt"}`}}},                                                         // an error
}

func recordGeminiSession(name string, timeout time.Duration) error {
	js := os.Getenv("GEMINI_CLI_JS")
	if js == "" {
		return fmt.Errorf("set GEMINI_CLI_JS to bundle/gemini.js of npm @google/gemini-cli")
	}
	if done, err := reexecInNetns(); done {
		return err
	}
	js, err := filepath.Abs(js)
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
	settings := map[string]any{
		"security":  map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}, "folderTrust": map[string]any{"enabled": false}},
		"privacy":   map[string]any{"usageStatisticsEnabled": false},
		"telemetry": map[string]any{"enabled": false},
		"general":   map[string]any{"disableAutoUpdate": true, "disableUpdateNag": true},
	}
	if err := os.MkdirAll(filepath.Join(home, ".gemini"), 0o755); err != nil {
		return err
	}
	sb, _ := json.MarshalIndent(settings, "", "  ")
	if err := os.WriteFile(filepath.Join(home, ".gemini", "settings.json"), sb, 0o644); err != nil {
		return err
	}

	api := &fakeGemini{script{root: root, steps: geminiConversation}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: api}
	go srv.Serve(ln)
	defer srv.Close()

	const model = "gemini-2.5-flash"
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	argv := []string{"-p", "Read the files the script names, one call at a time.", "--model", model, "--yolo", "--output-format", "json"}
	cmd := exec.CommandContext(ctx, "node", append([]string{js}, argv...)...)
	cmd.Dir = root
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"GEMINI_API_KEY=oracle-not-a-key",
		"GOOGLE_GEMINI_BASE_URL=http://" + ln.Addr().String(),
		"GEMINI_CLI_NO_RELAUNCH=true",
		"NO_BROWSER=1",
		"NO_PROXY=*",
		"TERM=dumb",
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	fmt.Printf("gemini exited: %v\nstdout: %s\nstderr: %s\n", runErr, tail(stdout.String()), tail(stderr.String()))
	for _, l := range api.requests() {
		fmt.Println("request:", l)
	}
	if got := api.served(); got < len(api.steps) {
		return fmt.Errorf("the conversation stopped after step %d of %d", got, len(api.steps))
	}
	files, _ := filepath.Glob(filepath.Join(home, ".gemini", "tmp", "*", "chats", "session-*"))
	if len(files) != 1 {
		return fmt.Errorf("want one session file under %s, found %v", filepath.Join(home, ".gemini", "tmp"), files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return err
	}
	text := string(data)
	text = strings.ReplaceAll(text, root, oracle.RootVar)
	project := filepath.Base(filepath.Dir(filepath.Dir(files[0])))
	text = strings.ReplaceAll(text, home, "$HOME")
	text = strings.ReplaceAll(text, tmp, "$TMP")
	dir := filepath.Join("testdata", "sessions", "gemini-cli")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := filepath.Join(dir, name+filepath.Ext(files[0]))
	if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d bytes, from %s)\n", out, len(text), files[0])
	// The bundle's package says its version; the chat file does not.
	var pkg struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	pj, err := os.ReadFile(filepath.Join(filepath.Dir(js), "..", "package.json"))
	if err != nil || json.Unmarshal(pj, &pkg) != nil || pkg.Version == "" {
		return fmt.Errorf("no version in the package.json beside %s", js)
	}
	meta := map[string]any{
		"agent":    "Gemini CLI",
		"version":  pkg.Version,
		"package":  "npm " + pkg.Name + "@" + pkg.Version + ", run with node " + nodeVersion(),
		"argv":     append([]string{"gemini"}, argv...),
		"settings": settings,
		"model":    model,
		"file":     "$HOME/.gemini/tmp/" + project + "/chats/" + filepath.Base(files[0]),
		"requests": len(api.requests()),
		"steps":    len(api.steps),
		"recorder": "go run ./internal/record -session gemini-cli (internal/record/session_gemini.go)",
		"paths":    map[string]string{"$ROOT": "the working directory: a copy of testdata/fixtures, git init-ed", "$HOME": "HOME, holding .gemini", "$TMP": "the temporary directory holding both"},
	}
	b, _ := json.MarshalIndent(meta, "", "  ")
	return os.WriteFile(filepath.Join(dir, name+".recording.json"), append(b, '\n'), 0o644)
}

func nodeVersion() string {
	v, _ := exec.Command("node", "--version").Output()
	return strings.TrimSpace(string(v))
}

// fakeGemini is the scripted Gemini API: a request that offers read_file
// is answered with the first step whose calls have no responses yet (the
// responses counted in the request's contents); any other request (the
// CLI's side questions: routing, next speaker, loop checks) gets a JSON
// text that answers each of them.
type fakeGemini struct{ script }

type geminiRequest struct {
	Contents []struct {
		Role  string `json:"role"`
		Parts []struct {
			FunctionResponse *json.RawMessage `json:"functionResponse"`
		} `json:"parts"`
	} `json:"contents"`
	Tools []struct {
		FunctionDeclarations []struct {
			Name string `json:"name"`
		} `json:"functionDeclarations"`
	} `json:"tools"`
}

func (a *fakeGemini) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req geminiRequest
	_ = json.Unmarshal(body, &req)
	a.seen(r.Method + " " + r.URL.Path)
	if dir := os.Getenv("READLENS_RECORD_BODIES"); dir != "" {
		// Opt-in: each request body as sent, to check which form of a
		// result the model received.
		n, _ := os.ReadDir(dir)
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d.json", len(n)+1)), body, 0o644)
	}
	switch {
	case strings.HasSuffix(r.URL.Path, ":countTokens"):
		w.Header().Set("content-type", "application/json")
		fmt.Fprintf(w, `{"totalTokens":%d}`, len(body)/4)
		return
	case !strings.Contains(r.URL.Path, ":generateContent") && !strings.Contains(r.URL.Path, ":streamGenerateContent"):
		w.Header().Set("content-type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":{"code":404,"message":"not here","status":"NOT_FOUND"}}`)
		return
	}
	stream := strings.Contains(r.URL.Path, ":streamGenerateContent")
	main := false
	for _, t := range req.Tools {
		for _, f := range t.FunctionDeclarations {
			main = main || f.Name == "read_file"
		}
	}
	if !main {
		a.reply(w, stream, []any{map[string]any{"text": `{"reasoning":"scripted","next_speaker":"user","model_choice":"flash","is_loop":false,"confidence":0}`}})
		return
	}
	responses := 0
	for _, c := range req.Contents {
		for _, p := range c.Parts {
			if p.FunctionResponse != nil {
				responses++
			}
		}
	}
	step, calls := 0, 0
	for step < len(a.steps) && calls+len(a.steps[step].calls) <= responses {
		calls += len(a.steps[step].calls)
		step++
	}
	if step == len(a.steps) {
		a.reply(w, stream, []any{map[string]any{"text": "Done."}})
		return
	}
	a.enter(step)
	var parts []any
	for i, c := range a.steps[step].calls {
		parts = append(parts, map[string]any{"functionCall": map[string]any{"id": toolUseID(step, i), "name": c.name,
			"args": json.RawMessage(strings.ReplaceAll(c.input, oracle.RootVar, a.root))}})
	}
	a.reply(w, stream, parts)
}

// reply answers as generateContent does: one JSON response, or one
// server-sent event holding it when the request streams.
func (a *fakeGemini) reply(w http.ResponseWriter, stream bool, parts []any) {
	resp := map[string]any{
		"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}},
		"usageMetadata": map[string]int{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  "gemini-2.5-flash",
	}
	b, _ := json.Marshal(resp)
	if !stream {
		w.Header().Set("content-type", "application/json")
		w.Write(b)
		return
	}
	w.Header().Set("content-type", "text/event-stream")
	fmt.Fprintf(w, "data: %s\r\n\r\n", b)
}
