package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/readlens/readlens/internal/oracle"
)

func init() { recorder["pi"] = runPi }

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func runPi(env oracleEnv, args string) (*record, error) {
	if os.Getenv("PI_PKG_DIR") == "" {
		return nil, fmt.Errorf("set PI_PKG_DIR to the installed @mariozechner/pi-coding-agent package")
	}
	os.Setenv("HOME", filepath.Join(env.root, "home"))
	stdout, stderr, timedOut, err := command(env, "node", filepath.Join(env.scripts, "pi-read.mjs"),
		"--args-json", args, "--cwd", env.root, "--render", "--width", "80")
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("pi oracle: %v: %s", err, stderr)
	}
	var out struct {
		IsError bool `json:"isError"`
		Content []struct {
			Type       string `json:"type"`
			Text       string `json:"text"`
			MimeType   string `json:"mimeType"`
			DataBytes  int64  `json:"dataBytes"`
			DataSha256 string `json:"dataSha256"`
		} `json:"content"`
		Render map[string]any `json:"render"`
	}
	if err := json.Unmarshal(stdout, &out); err != nil {
		return nil, fmt.Errorf("pi stdout: %v: %s", err, stdout)
	}
	r.IsError = out.IsError
	r.Attachments = []oracle.Attachment{}
	var texts []string
	for _, c := range out.Content {
		switch c.Type {
		case "text":
			texts = append(texts, c.Text)
		case "image":
			r.Attachments = append(r.Attachments, oracle.Attachment{Mime: c.MimeType, Size: c.DataBytes, SHA256: c.DataSha256})
		}
	}
	r.Output = strings.Join(texts, "\n")
	r.Render = map[string]string{}
	for _, k := range []string{"renderCall_collapsed", "renderCall_expanded", "renderResult_collapsed", "renderResult_expanded"} {
		if s, ok := out.Render[k].(string); ok {
			r.Render[k] = ansi.ReplaceAllString(s, "")
		}
	}
	return r, nil
}
