// Package oracle holds the cases readlens is checked on and what the real
// agents answered to them: testdata/cases/<profile>.json lists the calls,
// testdata/oracle/<profile>/<case>.json holds each recorded answer.
package oracle

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// RootVar stands for the fixture root's absolute path in cases and records.
const RootVar = "$ROOT"

// Case is one call of a tool.
type Case struct {
	Name string          `json:"name"`
	Args json.RawMessage `json:"args"` // with RootVar for the fixture root
	// NoImages runs the case as for a model without image input
	// (reader.Request.NoImages; Cline's modelSupportsImages false).
	NoImages bool `json:"no_images,omitempty"`
	// Model runs the case as for that model (reader.Request.Model; the
	// oracle's ORACLE_MODEL, Claude Code's --model); empty is the
	// oracle's default, claude-sonnet-4-5.
	Model string `json:"model,omitempty"`
	// NoPoppler runs the case on a machine without poppler-utils: no
	// pdftoppm on PATH (Claude Code's PDF pages say so instead of
	// rendering). Other cases are recorded with poppler-utils installed.
	NoPoppler bool `json:"no_poppler,omitempty"`
}

// Record is what a real tool returned for a case.
type Record struct {
	Output      string       `json:"output"`
	IsError     bool         `json:"is_error"`
	Title       *string      `json:"title,omitempty"`
	Attachments []Attachment `json:"attachments"`
	// After is the text the agent sends in the same message after the
	// tool result, outside it (Claude Code's note on a resized image),
	// its blocks joined by a newline.
	After string `json:"after,omitempty"`
	// Preview is the tool's metadata.preview, for tools that have one
	// (opencode-legacy); it reaches the UI, never the model.
	Preview *string `json:"preview,omitempty"`
	// ToolAttachments are the attachments the read tool itself returned,
	// where what the model received differs (opencode's session resizes or
	// drops an image after the tool, and Output and Attachments are then
	// what reached the model).
	ToolAttachments []Attachment `json:"tool_attachments,omitempty"`
	// Timeout says the tool never answered (a FIFO, a device).
	Timeout bool `json:"timeout,omitempty"`
	// Render holds pi's own renderCall/renderResult strings, ANSI stripped,
	// at width 80, for the TUI's goldens.
	Render map[string]string `json:"render,omitempty"`
}

// Attachment describes a file a tool attached.
type Attachment struct {
	Mime   string `json:"mime"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
	// Width and Height are an image's, as the recorder decoded it (pi's
	// recordings); 0 where it did not.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
}

// Testdata is the repository's testdata directory.
func Testdata() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// Profiles lists the profiles that have recorded cases.
func Profiles() ([]string, error) {
	files, err := filepath.Glob(filepath.Join(Testdata(), "cases", "*.json"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".json"))
	}
	return names, nil
}

// Cases reads a profile's case list.
func Cases(profile string) ([]Case, error) {
	b, err := os.ReadFile(filepath.Join(Testdata(), "cases", profile+".json"))
	if err != nil {
		return nil, err
	}
	var cs []Case
	if err := json.Unmarshal(b, &cs); err != nil {
		return nil, fmt.Errorf("cases/%s.json: %w", profile, err)
	}
	return cs, nil
}

// Load reads the recorded answer to a case.
func Load(profile, name string) (*Record, error) {
	b, err := os.ReadFile(filepath.Join(Testdata(), "oracle", profile, name+".json"))
	if err != nil {
		return nil, err
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("oracle/%s/%s.json: %w", profile, name, err)
	}
	return &r, nil
}
