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
	if os.Getenv("OPENCODE_BIN") == "" {
		return nil, fmt.Errorf("set OPENCODE_BIN to the opencode binary")
	}
	stdout, stderr, timedOut, err := command(env, "bash", filepath.Join(env.scripts, "opencode-read.sh"), env.root, args)
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	if err == nil {
		var out struct {
			Result struct {
				Title       string `json:"title"`
				Output      string `json:"output"`
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
		r.Attachments = []oracle.Attachment{}
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
	// A tool error: "Error: Unexpected error\n\n<message>\n" on stderr.
	text := logLine.ReplaceAllString(string(stderr), "")
	_, msg, ok := strings.Cut(text, "Unexpected error\n\n")
	if !ok {
		return nil, fmt.Errorf("opencode failed: %v: %s", err, stderr)
	}
	r.Output = strings.TrimSuffix(msg, "\n")
	r.IsError = true
	r.Attachments = []oracle.Attachment{}
	return r, nil
}
