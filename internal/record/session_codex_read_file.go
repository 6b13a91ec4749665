package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// The Codex read_file session recorder: Codex CLI 0.105.0, the last
// release with the read_file handler (the codex profile's tool), offers
// read_file only to a model whose catalog entry lists it in
// experimental_supported_tools, and none of its bundled models does. So
// the recorder takes the binary's own bundled model catalog, lists
// read_file for gpt-5-codex, and names that file in config.toml
// (model_catalog_json, a 0.105.0 setting); the rest is session_codex.go's
// run. The rollout is testdata/sessions/codex/read_file.jsonl.
//
//	npm install @openai/codex@0.105.0
//	CODEX_BIN=$SCRATCH/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex/codex \
//	    go run ./internal/record -session codex-read-file

func init() { sessionRecorder["codex-read-file"] = recordCodexReadFileSession }

// codexReadFileConversation reads through read_file: the kinds of read
// the other conversations make, and its own modes and errors.
var codexReadFileConversation = []sessionStep{
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/small.txt"}`}}},                              // a whole small file
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/lines_3000.txt","offset":1999,"limit":3}`}}}, // a cut read
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/small.txt"}`}}},                              // a repeat
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/notes.md"}`}}},
	{calls: []sessionCall{{"apply_patch", `"*** Begin Patch\n*** Update File: notes.md\n@@\n # Notes\n \n-Some notes.\n+Some notes, edited by the model.\n*** End Patch\n"`}}},
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/notes.md"}`}}}, // the file its own patch changed
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/tabs.txt"}`}}},
	{ // the file a person changed meanwhile
		calls:     []sessionCall{{"read_file", `{"file_path":"$ROOT/tabs.txt"}`}},
		meanwhile: personEdits("tabs.txt", "edited\tby a person\nwhile the agent ran\n"),
	},
	{calls: []sessionCall{ // one answer, two calls: an image viewed, and read_file's default 2000 lines
		{"view_image", `{"path":"$ROOT/media/pic.png"}`},
		{"read_file", `{"file_path":"$ROOT/lines_3000.txt"}`},
	}},
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/codex/sample.py","mode":"indentation","indentation":{"anchor_line":6}}`}}},
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/line_60k.txt","limit":1}`}}}, // a line cut at 500 bytes
	{calls: []sessionCall{{"exec_command", `{"cmd":"sed -n '10,12p' lines_3000.txt"}`}}},  // a shell read
	{calls: []sessionCall{{"read_file", `{"file_path":"small.txt"}`}}},                    // an error: not absolute
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/missing.txt"}`}}},            // an error: no such file
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/small.txt","offset":9}`}}},   // an error: past the end
}

func recordCodexReadFileSession(name string, timeout time.Duration) error {
	if name == "reads" { // -name's default belongs to the 0.169.0 session
		name = "read_file"
	}
	return runCodexSession(name, timeout, codexReadFileConversation, codexReadFileCatalog)
}

// codexReadFileCatalog writes $CODEX_HOME/catalog.json, readFileCatalog's.
func codexReadFileCatalog(bin, codexHome string) (string, map[string]any, error) {
	b, err := readFileCatalog(bin)
	if err != nil {
		return "", nil, err
	}
	path := filepath.Join(codexHome, "catalog.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return "", nil, err
	}
	return fmt.Sprintf("model_catalog_json = %q\n", path), map[string]any{
		"catalog": "the binary's bundled model catalog, gpt-5-codex alone, with experimental_supported_tools [\"read_file\"], as $HOME/.codex/catalog.json",
	}, nil
}

// readFileCatalog is a model catalog for model_catalog_json: the binary's
// bundled catalog's gpt-5-codex, read_file listed as a tool it supports.
func readFileCatalog(bin string) ([]byte, error) {
	data, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	at := bytes.Index(data, []byte("{\n  \"models\": ["))
	if at < 0 {
		return nil, fmt.Errorf("%s holds no bundled model catalog", bin)
	}
	var catalog struct {
		Models []map[string]any `json:"models"`
	}
	if err := json.NewDecoder(bytes.NewReader(data[at:])).Decode(&catalog); err != nil {
		return nil, fmt.Errorf("the bundled model catalog: %v", err)
	}
	var model map[string]any
	for _, m := range catalog.Models {
		if m["slug"] == "gpt-5-codex" {
			model = m
		}
	}
	if model == nil {
		return nil, fmt.Errorf("the bundled model catalog has no gpt-5-codex")
	}
	model["experimental_supported_tools"] = []string{"read_file"}
	return json.Marshal(map[string]any{"models": []any{model}})
}

func init() { sessionRecorder["codex-read-file-long"] = recordCodexReadFileLongSession }

// codexReadFileLongConversation reads an answer one byte over the 48,000
// the harness keeps for gpt-5-codex, which the rollout records whole and
// the model got cut in the middle, and one of 48,000 bytes.
var codexReadFileLongConversation = []sessionStep{
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/codex/harness/over_48001.txt"}`}}},
	{calls: []sessionCall{{"read_file", `{"file_path":"$ROOT/codex/harness/at_48000.txt"}`}}}, // kept whole
}

func recordCodexReadFileLongSession(name string, timeout time.Duration) error {
	if name == "reads" {
		name = "read_file_long"
	}
	return runCodexSession(name, timeout, codexReadFileLongConversation, codexReadFileCatalog)
}
