package session

import (
	"encoding/json"
	"strings"
)

// The first prompt of a session, as each format records it: what the list
// of sessions shows. Each agent sends some context as user messages of its
// own before the prompt; those are not the prompt.

// firstPrompt keeps a Claude Code user record's prompt as the session's
// first, unless one is kept or the harness wrote the record (isMeta).
func (p *claude) firstPrompt(r *claudeRecord) {
	if p.s.Prompt == "" && !r.IsMeta {
		p.s.Prompt = claudePrompt(r, p.blocks(r))
	}
}

// claudePrompt is a Claude Code user record's prompt: its string content
// or its text blocks, when it holds no tool result ("" when it does).
func claudePrompt(r *claudeRecord, blocks []claudeBlock) string {
	if r.Message == nil {
		return ""
	}
	var str string
	if json.Unmarshal(r.Message.Content, &str) == nil {
		return str
	}
	var t []string
	for _, b := range blocks {
		switch b.Type {
		case "tool_result":
			return ""
		case "text":
			t = append(t, b.Text)
		}
	}
	return strings.Join(t, "\n")
}

// blockTexts is the text blocks of a message, joined by newlines.
func blockTexts(blocks []piBlock) string {
	var t []string
	for _, b := range blocks {
		if b.Type == "text" {
			t = append(t, b.Text)
		}
	}
	return strings.Join(t, "\n")
}

// codexContext begins the user messages Codex writes itself before the
// prompt: the environment, the user's and AGENTS.md instructions.
var codexContext = []string{"<environment_context>", "<user_instructions>", "# AGENTS.md instructions"}

// codexPrompt is a user message's text, unless Codex wrote it itself.
func codexPrompt(content json.RawMessage) string {
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(content, &blocks)
	var t []string
	for _, b := range blocks {
		if b.Type != "input_text" {
			continue
		}
		for _, c := range codexContext {
			if strings.HasPrefix(b.Text, c) {
				return ""
			}
		}
		t = append(t, b.Text)
	}
	return strings.Join(t, "\n")
}

// geminiPrompt is a user message's text, unless it is the session context
// the CLI sends first.
func geminiPrompt(parts []geminiPart) string {
	var t []string
	for _, x := range parts {
		if x.Text != nil {
			if strings.HasPrefix(*x.Text, "<session_context>") {
				return ""
			}
			t = append(t, *x.Text)
		}
	}
	return strings.Join(t, "\n")
}
