package compare

import (
	"sync"
	"sync/atomic"

	"github.com/tiktoken-go/tokenizer"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/tokencount"
)

// Token figures are counted with an OpenAI tokenizer whose tables are
// compiled into readlens (no network): o200k_base for Codex, OpenAI's
// agent, cl100k_base for every other. No agent's vendor counts this way
// (Anthropic's and Google's tokenizers are not public), so every such
// figure is an estimate, and says so. Claude Code's figures are exact when
// the request carries its count_tokens endpoint (--tokens api).

type tokenCounter struct {
	name  string
	once  sync.Once
	codec tokenizer.Codec
	// vendor counts instead, exactly, when the user lets readlens ask
	// (reader.Request.Tokens, for Claude Code); failed says it could not
	// once, and that figure is cl100k_base's.
	vendor reader.TokenCounter
	failed atomic.Bool
}

var (
	cl100k = &tokenCounter{name: string(tokenizer.Cl100kBase)}
	o200k  = &tokenCounter{name: string(tokenizer.O200kBase)}
)

// counter is the tokenizer for a profile's figures: Claude Code's own
// endpoint when req carries it, else the OpenAI table the vendor suggests.
func counter(profile string, req reader.Request) *tokenCounter {
	switch {
	case profile == "codex":
		return o200k
	case profile == "claude-code" && req.Tokens != nil:
		return &tokenCounter{name: req.Tokens.Name(), vendor: req.Tokens}
	}
	return cl100k
}

// method says how c counted.
func (c *tokenCounter) method() TokenMethod {
	switch {
	case c.vendor == nil:
		return TokenMethod{Tokenizer: c.name, Estimated: true}
	case c.failed.Load():
		return TokenMethod{Tokenizer: cl100k.name, Estimated: true}
	}
	return TokenMethod{Tokenizer: c.name, Estimated: false}
}

// count counts text's tokens; a nil counter counts none.
func (c *tokenCounter) count(text string) int {
	if c == nil || text == "" {
		return 0
	}
	if c.vendor != nil {
		if n, err := c.vendor.CountTokens(text); err == nil {
			return n
		}
		c.failed.Store(true)
		return cl100k.count(text)
	}
	switch c {
	case cl100k:
		return tokencount.Cl100k.Count(text) // the library's count, faster
	case o200k:
		return tokencount.O200k.Count(text)
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
	c := counter(profile, reader.Request{})
	return c.count(text), c.name
}
