package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
)

// TestFirstPrompt: each recorded session's first prompt is the one its
// recorder gave the agent, not the context the agent sends before it
// (Codex's environment and AGENTS.md messages, Gemini CLI's session
// context).
func TestFirstPrompt(t *testing.T) {
	const prompt = "Read the files the script names, one call at a time."
	for _, file := range []string{
		"claude-code/reads.jsonl", "pi/reads.jsonl", "codex/reads.jsonl",
		"codex/read_file.jsonl", "gemini-cli/reads.jsonl",
	} {
		b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", file))
		if err != nil {
			t.Fatal(err)
		}
		if s := parse(t, b); s.Prompt != prompt {
			t.Errorf("%s: prompt %q, want %q", file, s.Prompt, prompt)
		}
	}
}

// TestFirstPromptSkipsMeta: a Claude Code user record the harness wrote
// (isMeta) or one holding only tool results is not the prompt.
func TestFirstPromptSkipsMeta(t *testing.T) {
	b := recorded(t)
	ls := lines(b)
	// The recorded prompt's record (line 3), marked as the harness's: the
	// prompt is then none, as the others are tool results.
	meta := []byte(string(ls[2][:len(ls[2])-2]) + `,"isMeta":true}` + "\n")
	var out []byte
	for i, l := range ls {
		if i == 2 {
			l = meta
		}
		out = append(out, l...)
	}
	if s := parse(t, out); s.Prompt != "" {
		t.Errorf("prompt %q, want none", s.Prompt)
	}
}
