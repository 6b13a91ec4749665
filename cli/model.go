package cli

import (
	"strings"

	"github.com/readlens/readlens/reader/agents/claude"
)

// modelHelp is --model's help: what the model changes, and for which tool.
const modelHelp = "the model the agent runs, for the tools whose answer depends on it: Claude Code fits images to 4,784 image tokens for claude-opus-4-7 and the newer models with image limits (a 2000x2000 image is sent at 1932x1932), not for the others (default " + claude.DefaultModel + ", the model its oracle ran; other tools ignore it)"

// checkModel refuses a --model that Claude Code 2.1.330's model table does
// not know: readlens could not say which image limits it gets.
func checkModel(model string) error {
	if claude.KnownModel(model) {
		return nil
	}
	return usageErr("--model %q: Claude Code 2.1.330's model table has no such model; one of: %s", model, strings.Join(claude.Models(), ", "))
}
