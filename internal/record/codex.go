package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/readlens/readlens/internal/oracle"
)

// The codex oracle: Codex CLI 0.105.0's read_file, the codex profile's
// tool, called once per case. Each case is a whole `codex exec` run (the
// read_file session recorder's, session_codex_read_file.go: the binary's
// own model catalog with read_file listed for gpt-5-codex) whose scripted
// model makes the one call; the function_call_output codex sends back in
// its next request is the tool's answer, byte for byte.
//
//	npm install @openai/codex@0.105.0
//	CODEX_BIN=$SCRATCH/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex/codex \
//	    go run ./internal/record -profile codex
//
// The whole recorder runs again inside `unshare -rn` (loopback only) on
// its first case, as the session recorders do.

func init() { recorder["codex"] = runCodexCase }

// codexOracleConfig lifts the compaction of a long history, which one call
// never needs. The harness's cut of a long tool output is left as it is:
// the history keeps gpt-5-codex's truncation_policy of 10,000 tokens, a
// fifth more for serialization, and the recording is what the model gets.
const codexOracleConfig = "model_auto_compact_token_limit = 1000000000\n"

// codexToolLog has codex log each tool's result (codex-otel's
// codex.tool_result event) to stderr, with whether it succeeded: a handler
// that returns an error (FunctionCallError::RespondToModel) is a failure.
const codexToolLog = "codex_otel=info"

var codexToolResult = regexp.MustCompile(`event.name="codex.tool_result" .* tool_name=read_file call_id=` +
	callID(0, 0) + ` arguments=(?s:.*?) duration_ms=\d+ success=(true|false) output=`)

var (
	codexNetns sync.Once

	codexCatalogOnce sync.Once
	codexCatalog     []byte // the catalog every case's CODEX_HOME holds
	codexCatalogErr  error
)

func runCodexCase(env oracleEnv, args string) (*record, error) {
	bin := os.Getenv("CODEX_BIN")
	if bin == "" {
		return nil, fmt.Errorf("set CODEX_BIN to the native codex of @openai/codex-linux-x64 0.105.0")
	}
	if os.Getenv(netnsEnv) == "" {
		// The first case runs the whole recorder again inside the
		// namespace, and this run ends with it.
		codexNetns.Do(func() {
			_, err := reexecInNetns()
			os.RemoveAll(filepath.Dir(env.root)) // main's deferred removal never runs
			if err != nil {
				fail(err.Error())
			}
			os.Exit(0)
		})
	}
	bin, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	codexCatalogOnce.Do(func() { codexCatalog, codexCatalogErr = readFileCatalog(bin) })
	if codexCatalogErr != nil {
		return nil, codexCatalogErr
	}
	home, err := os.MkdirTemp("", "readlens-codex-home-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(home)
	catalog := filepath.Join(home, ".codex", "catalog.json")
	if err := os.MkdirAll(filepath.Dir(catalog), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(catalog, codexCatalog, 0o644); err != nil {
		return nil, err
	}
	config := fmt.Sprintf("model_catalog_json = %q\n", catalog) + codexOracleConfig
	steps := []sessionStep{{calls: []sessionCall{{"read_file", args}}}}
	run, err := execCodex(bin, env.root, home, steps, config, []string{"RUST_LOG=" + codexToolLog}, env.timeout)
	if err != nil {
		return nil, err
	}
	out, ok := run.api.outputs()[callID(0, 0)]
	if !ok {
		return nil, fmt.Errorf("codex sent no output for the call (codex ended: %v)\nstderr: %s", run.err, tail(run.stderr))
	}
	r := &record{}
	r.Attachments = []oracle.Attachment{}
	// The model is not told whether the call failed; the harness's log is.
	m := codexToolResult.FindStringSubmatch(run.stderr)
	if m == nil {
		return nil, fmt.Errorf("no codex.tool_result for the call in codex's log:\n%s", tail(run.stderr))
	}
	r.IsError = m[1] == "false"
	if err := json.Unmarshal(out, &r.Output); err != nil {
		return nil, fmt.Errorf("the output is not a string: %s", out)
	}
	return r, nil
}
