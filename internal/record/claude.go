package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/readlens/readlens/internal/oracle"
)

func init() { recorder["claude-code"] = runClaude }

// claudeTimeout is how long the oracle lets the CLI run before it kills it:
// a FIFO with no writer never answers.
const claudeTimeout = 20 * time.Second

// totalTokens is the harness reminder Claude Code 2.1.330 appends to every
// tool result (totalTokensReminder); it is not part of Read.
var totalTokens = regexp.MustCompile(`\n\n<system-reminder>\n<total_tokens>\d+ tokens left</total_tokens>\n</system-reminder>$`)

// runClaude runs the real CLI (shared/oracles/claude_code_read.mjs) against
// its scripted fake Messages API, inside a network namespace with only
// loopback, with the fixture root as the working directory.
func runClaude(env oracleEnv, args string) (*record, error) {
	if os.Getenv("CLAUDE_BIN") == "" {
		return nil, fmt.Errorf("set CLAUDE_BIN to the native claude binary of @anthropic-ai/claude-code-linux-x64")
	}
	os.Setenv("ORACLE_CWD", env.root)
	os.Setenv("ORACLE_TIMEOUT_MS", fmt.Sprint(claudeTimeout.Milliseconds()))
	began := time.Now()
	stdout, stderr, timedOut, err := command(env, "unshare", "-rn", "sh", "-c", `ip link set lo up && exec "$0" "$@"`,
		"node", filepath.Join(env.scripts, "claude_code_read.mjs"), args)
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("claude oracle: %v: %s", err, stderr)
	}
	text, _, _ := strings.Cut(string(stdout), "===BEGIN===")
	var out struct {
		IsError   bool            `json:"is_error"`
		Content   json.RawMessage `json:"tool_result_content"`
		Following json.RawMessage `json:"following_blocks"`
		Note      string          `json:"note"`
		Stderr    string          `json:"stderr_tail"`
	}
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return nil, fmt.Errorf("claude stdout: %v: %s", err, stdout)
	}
	if out.Note != "" {
		if time.Since(began) >= claudeTimeout {
			r.Timeout = true // the CLI was killed waiting on the read
			return r, nil
		}
		return nil, fmt.Errorf("claude oracle: %s: %s", out.Note, out.Stderr)
	}
	if len(out.Following) > 0 {
		// Messages the tool adds after its result (newMessages), merged
		// into the same user message: text the model reads after the image.
		var after []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal(out.Following, &after); err != nil {
			return nil, fmt.Errorf("claude following blocks: %v: %s", err, out.Following)
		}
		var texts []string
		for _, b := range after {
			if b.Type != "text" {
				return nil, fmt.Errorf("claude following blocks: block type %q", b.Type)
			}
			texts = append(texts, b.Text)
		}
		r.After = strings.Join(texts, "\n")
	}
	r.IsError = out.IsError
	r.Attachments = []oracle.Attachment{}
	var s string
	if json.Unmarshal(out.Content, &s) == nil {
		r.Output = totalTokens.ReplaceAllString(s, "")
		return r, nil
	}
	var blocks []contentBlock
	if err := json.Unmarshal(out.Content, &blocks); err != nil {
		return nil, fmt.Errorf("claude content: %v: %s", err, out.Content)
	}
	// The model-visible text blocks in order, joined by a newline; images
	// and documents become attachments.
	var texts []string
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if totalTokens.MatchString("\n\n" + b.Text) {
				continue
			}
			texts = append(texts, b.Text)
		case "image", "document":
			a, err := attachmentOf(b)
			if err != nil {
				return nil, err
			}
			r.Attachments = append(r.Attachments, a)
		default:
			return nil, fmt.Errorf("claude content: block type %q", b.Type)
		}
	}
	r.Output = strings.Join(texts, "\n")
	return r, nil
}
