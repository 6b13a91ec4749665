package compare

import (
	"sync"

	"github.com/tiktoken-go/tokenizer"

	"github.com/readlens/readlens/reader/tokencount"
)

// Token figures are counted with an OpenAI tokenizer whose tables are
// compiled into readlens (no network): o200k_base for Codex, OpenAI's
// agent, cl100k_base for every other. No agent's vendor counts this way
// (Anthropic's and Google's tokenizers are not public), so every figure is
// an estimate, and says so.

type tokenCounter struct {
	name  string
	once  sync.Once
	codec tokenizer.Codec
}

var (
	cl100k = &tokenCounter{name: string(tokenizer.Cl100kBase)}
	o200k  = &tokenCounter{name: string(tokenizer.O200kBase)}
)

// counter is the tokenizer for a profile's figures.
func counter(profile string) *tokenCounter {
	if profile == "codex" {
		return o200k
	}
	return cl100k
}

// count counts text's tokens; a nil counter counts none.
func (c *tokenCounter) count(text string) int {
	if c == nil || text == "" {
		return 0
	}
	if c == cl100k {
		return tokencount.Cl100k.Count(text) // the library's count, faster
	}
	c.once.Do(func() { c.codec, _ = tokenizer.Get(tokenizer.Encoding(c.name)) })
	if c.codec == nil {
		return 0
	}
	n, _ := c.codec.Count(text)
	return n
}

// Tokens counts text's tokens as compare counts a profile's figures, and
// names the tokenizer: readlens audit counts only the calls it reports.
func Tokens(profile, text string) (n int, tokenizer string) {
	c := counter(profile)
	return c.count(text), c.name
}
