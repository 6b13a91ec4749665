package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	_ "image/gif"
	_ "image/jpeg"
	_ "image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/readlens/readlens/internal/oracle"
	_ "golang.org/x/image/webp"
)

func init() { recorder["pi"] = runPi }

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func runPi(env oracleEnv, args string) (*record, error) {
	if os.Getenv("PI_PKG_DIR") == "" {
		return nil, fmt.Errorf("set PI_PKG_DIR to the installed @mariozechner/pi-coding-agent package")
	}
	os.Setenv("HOME", filepath.Join(env.root, "home"))
	argv := []string{filepath.Join(env.scripts, "pi-read.mjs"),
		"--args-json", args, "--cwd", env.root, "--render", "--width", "80", "--image-data"}
	if env.noImages {
		argv = append(argv, "--no-vision") // ctx.model takes text only
	}
	stdout, stderr, timedOut, err := command(env, "node", argv...)
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
			Type     string `json:"type"`
			Text     string `json:"text"`
			MimeType string `json:"mimeType"`
			Data     string `json:"data"`
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
			data, err := base64.StdEncoding.DecodeString(c.Data)
			if err != nil {
				return nil, fmt.Errorf("pi image data: %v", err)
			}
			a := attachment(c.MimeType, data)
			// The dimensions pi sends, which its text states for a resized
			// image: decoded here from the bytes themselves.
			if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil {
				a.Width, a.Height = cfg.Width, cfg.Height
			}
			r.Attachments = append(r.Attachments, a)
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
