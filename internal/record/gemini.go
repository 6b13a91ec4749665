package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/readlens/readlens/internal/oracle"
)

func init() { recorder["gemini-cli"] = runGemini }

// runGemini runs shared/oracles/gemini_read_file.mjs, which takes the path
// and the two line numbers as command-line words: cases can only use
// numbers (or leave them out).
func runGemini(env oracleEnv, args string) (*record, error) {
	if os.Getenv("GEMINI_CORE_DIR") == "" {
		return nil, fmt.Errorf("set GEMINI_CORE_DIR to the folder holding node_modules/@google/gemini-cli-core")
	}
	var in struct {
		FilePath  string           `json:"file_path"`
		StartLine *json.RawMessage `json:"start_line"`
		EndLine   *json.RawMessage `json:"end_line"`
	}
	if err := json.Unmarshal([]byte(args), &in); err != nil {
		return nil, err
	}
	word := func(v *json.RawMessage) string {
		if v == nil {
			return "-"
		}
		return string(*v)
	}
	// The hook gives the tool the memory its CLI starts with, so a read
	// appends the subdirectory GEMINI.md files it finds (JIT context).
	hook, err := filepath.Abs("internal/record/gemini_memory.mjs")
	if err != nil {
		return nil, err
	}
	argv := []string{"--import", hook, filepath.Join(env.scripts, "gemini_read_file.mjs"), "--root", env.root, "--as-given", in.FilePath}
	if in.StartLine != nil || in.EndLine != nil {
		argv = append(argv, word(in.StartLine), word(in.EndLine))
	}
	// The project temp directory lives in the home; keep it inside the root.
	os.Setenv("GEMINI_CLI_HOME", filepath.Join(env.root, "home"))
	stdout, stderr, timedOut, err := command(env, "node", argv...)
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("gemini oracle: %v: %s", err, stderr)
	}
	// The tool logs a line or two to stdout before the JSON.
	start := bytes.Index(stdout, []byte("\n{"))
	if bytes.HasPrefix(stdout, []byte("{")) {
		start = -1
	}
	dec := json.NewDecoder(bytes.NewReader(stdout[start+1:]))
	var out struct {
		ValidationError *string         `json:"validationError"`
		LLMContent      json.RawMessage `json:"llmContent"`
		Params          struct {
			FilePath string `json:"file_path"`
		} `json:"params"`
		FunctionResponse []struct {
			FunctionResponse struct {
				Response struct {
					Output json.RawMessage `json:"output"`
					Error  *string         `json:"error"`
				} `json:"response"`
			} `json:"functionResponse"`
		} `json:"functionResponse"`
	}
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("gemini stdout: %v: %s", err, stdout)
	}
	r.Attachments = []oracle.Attachment{}
	switch {
	case out.ValidationError != nil:
		r.Output, r.IsError = *out.ValidationError, true
		return r, nil
	case len(out.FunctionResponse) == 0:
		return nil, fmt.Errorf("gemini: no function response: %s", stdout)
	}
	resp := out.FunctionResponse[0].FunctionResponse.Response
	if resp.Error != nil {
		r.Output, r.IsError = *resp.Error, true
		return r, nil
	}
	type part struct {
		InlineData *struct {
			MimeType string `json:"mimeType"`
		} `json:"inlineData"`
	}
	var content part
	if json.Unmarshal(out.LLMContent, &content) != nil {
		// A list of parts: the file's, then the JIT context's text.
		var parts []part
		if json.Unmarshal(out.LLMContent, &parts) == nil && len(parts) > 0 {
			content = parts[0]
		}
	}
	if content.InlineData != nil {
		if err := json.Unmarshal(resp.Output, &r.Output); err != nil {
			return nil, err
		}
		p := out.Params.FilePath
		if !filepath.IsAbs(p) {
			p = filepath.Join(env.root, p)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		r.Attachments = append(r.Attachments, attachment(content.InlineData.MimeType, data))
		return r, nil
	}
	// A string: printed verbatim between the markers after the JSON.
	const begin, end = "===BEGIN===\n", "\n===END===\n"
	i := bytes.LastIndex(stdout, []byte(begin))
	j := bytes.LastIndex(stdout, []byte(end))
	if i < 0 || j < i {
		return nil, fmt.Errorf("gemini: no text block: %s", stdout)
	}
	r.Output = string(stdout[i+len(begin) : j])
	return r, nil
}
