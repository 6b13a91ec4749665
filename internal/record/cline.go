package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/readlens/readlens/internal/oracle"
)

func init() { recorder["cline"] = runCline }

// runCline runs the tool with the input as shared/oracles/cline_read_files.mjs
// does, and its answer through Cline's message builder
// (internal/record/cline_transport.mjs), and keeps what the model receives:
// the answer as JSON text, or, when the input's schema rejects it, the
// runtime's {"error": ...} result.
func runCline(env oracleEnv, args string) (*record, error) {
	if os.Getenv("CLINE_CORE_DIR") == "" {
		return nil, fmt.Errorf("set CLINE_CORE_DIR to the folder holding node_modules/@cline/core")
	}
	// An image-capable model unless the case says otherwise: Cline is
	// mostly used with models that take images.
	if !env.noImages {
		env.extraEnv = append(env.extraEnv, "MODEL_SUPPORTS_IMAGES=1")
	}
	script, err := filepath.Abs("internal/record/cline_transport.mjs")
	if err != nil {
		return nil, err
	}
	stdout, stderr, timedOut, err := command(env, "node", script, args)
	r := &record{}
	r.Attachments = []oracle.Attachment{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cline oracle: %v: %s", err, stderr)
	}
	const marker = "===AS JSON TEXT===\n"
	i := bytes.Index(stdout, []byte(marker))
	if i < 0 {
		return nil, fmt.Errorf("cline: no JSON text: %s", stdout)
	}
	text := stdout[i+len(marker):]
	if j := bytes.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	out, err := clineImageData(text)
	if err != nil {
		return nil, err
	}
	r.Output = string(out)
	if r.Attachments, err = clineAttachments(out); err != nil {
		return nil, err
	}
	r.IsError = bytes.HasPrefix(bytes.TrimSpace(stdout), []byte(`{`)) && bytes.Contains(stdout[:i], []byte(`"thrown": true`))
	return r, nil
}

// clineShort is how the oracle script prints an image's base64 data: its
// first 80 characters and the length.
var clineShort = regexp.MustCompile(`"query":("(?:[^"\\]|\\.)*"),"result":\[\{"type":"text","text":"Successfully read image"\},\{"type":"image","data":"([A-Za-z0-9+/=]{80})\.\.\.\((\d+) chars\)"`)

// clineImageData puts back the data the oracle script shortened: Cline
// sends the file itself as base64, so it is the file's, checked against
// the prefix and length the script printed.
func clineImageData(text []byte) ([]byte, error) {
	var failed error
	out := clineShort.ReplaceAllFunc(text, func(m []byte) []byte {
		g := clineShort.FindSubmatch(m)
		var path string
		if err := json.Unmarshal(g[1], &path); err != nil {
			failed = err
			return m
		}
		data, err := os.ReadFile(path)
		if err != nil {
			failed = err
			return m
		}
		b64 := base64.StdEncoding.EncodeToString(data)
		if !strings.HasPrefix(b64, string(g[2])) || strconv.Itoa(len(b64)) != string(g[3]) {
			failed = fmt.Errorf("cline: the image data printed for %s is not the file's", path)
			return m
		}
		return bytes.Replace(m, []byte(string(g[2])+"...("+string(g[3])+" chars)"), []byte(b64), 1)
	})
	return out, failed
}

// clineAttachments are the images of an answer, in order.
func clineAttachments(text []byte) ([]oracle.Attachment, error) {
	atts := []oracle.Attachment{}
	var entries []struct {
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(text, &entries) != nil {
		return atts, nil // not an array of entries: a thrown error
	}
	for _, e := range entries {
		var parts []struct {
			Type      string `json:"type"`
			Data      string `json:"data"`
			MediaType string `json:"mediaType"`
		}
		if json.Unmarshal(e.Result, &parts) != nil {
			continue // a text result
		}
		for _, p := range parts {
			if p.Type != "image" {
				continue
			}
			data, err := base64.StdEncoding.DecodeString(p.Data)
			if err != nil {
				return nil, err
			}
			a := attachment(p.MediaType, data)
			if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err == nil {
				a.Width, a.Height = cfg.Width, cfg.Height
			}
			atts = append(atts, a)
		}
	}
	return atts, nil
}
