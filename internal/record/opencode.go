package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

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
	return runOpencodeBinary(env, bin, args, false, toolError)
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
