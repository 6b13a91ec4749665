package cli

import (
	"os"
	"path/filepath"

	"github.com/readlens/readlens/internal/counttokens"
	"github.com/readlens/readlens/reader"
)

// tokensHelp is the --tokens flag's help, shared by read and compare.
const tokensHelp = "how Claude Code's token counts are made: local (cl100k_base, an estimate) or api (Anthropic's count_tokens, as Claude Code asks it; needs ANTHROPIC_API_KEY)"

// tokenCounter is what --tokens asks for: nil counts locally; api asks
// Anthropic's count_tokens endpoint as Claude Code does, its answers kept
// under the user's cache directory. Without a key it is a usage error, and
// nothing is sent.
func tokenCounter(mode string) (reader.TokenCounter, error) {
	switch mode {
	case "", "local":
		return nil, nil
	case "api":
		cache := ""
		if dir, err := os.UserCacheDir(); err == nil {
			cache = filepath.Join(dir, "readlens", "count_tokens")
		}
		c, err := counttokens.FromEnv(os.Getenv, cache)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		return c, nil
	}
	return nil, usageErr("--tokens is local or api, not %q", mode)
}
