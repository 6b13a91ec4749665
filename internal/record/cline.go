package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/readlens/readlens/internal/oracle"
)

func init() { recorder["cline"] = runCline }

// runCline runs shared/oracles/cline_read_files.mjs with the tool input and
// keeps what the model receives: the answer as JSON text, or, when the
// input's schema rejects it, the runtime's {"error": ...} result.
func runCline(env oracleEnv, args string) (*record, error) {
	if os.Getenv("CLINE_CORE_DIR") == "" {
		return nil, fmt.Errorf("set CLINE_CORE_DIR to the folder holding node_modules/@cline/core")
	}
	stdout, stderr, timedOut, err := command(env, "node", filepath.Join(env.scripts, "cline_read_files.mjs"), args)
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
	r.Output = string(text)
	r.IsError = bytes.HasPrefix(bytes.TrimSpace(stdout), []byte(`{`)) && bytes.Contains(stdout[:i], []byte(`"thrown": true`))
	return r, nil
}
