package cli

import (
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/claude"
)

// modelHelp is --model's help: what the model changes, and for which tool.
const modelHelp = "the model the agent runs, for the tools whose answer depends on it: Claude Code fits images to 4,784 image tokens for claude-opus-4-7 and the newer models with image limits (a 2000x2000 image is sent at 1932x1932), not for the others (default " + claude.DefaultModel + ", the model its oracle ran); crush names it when it refuses an image for a model without image input (--no-images); other tools ignore it"

// checkModel refuses a --model that Claude Code 2.1.330's model table does
// not know, when Claude Code is among the profiles that run: its image
// limits depend on the model, and readlens knows only that table's. The
// other tools take any name (crush names it when it refuses an image).
func checkModel(model string, profiles ...reader.Profile) error {
	if claude.KnownModel(model) {
		return nil
	}
	for _, p := range profiles {
		if p.Info().Name == claude.Profile.Info().Name {
			return usageErr("--model %q: Claude Code 2.1.330's model table has no such model; one of: %s", model, strings.Join(claude.Models(), ", "))
		}
	}
	return nil
}
