package claude

import (
	"math"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
	"github.com/readlens/readlens/reader/tokencount"
)

// Claude Code counts a read's tokens with Anthropic's count_tokens API, but
// only when its own estimate (a quarter of the JavaScript length, half for
// JSON) passes a quarter of the cap. readlens keeps that gate exactly and
// counts past it with a local tokenizer, so the count is an estimate.

// TokenizerName names the local tokenizer readlens counts with.
const TokenizerName = "cl100k_base"

// ccTokenCount counts text's tokens; tests replace it with the oracle's
// fake count_tokens to check the pagination against the recordings.
var ccTokenCount = tokencount.Cl100k.Count

// ccCountTokens is ars's decision: the local estimate (jsRound of length/4,
// /2 for .json, .jsonl and .jsonc), and a count once it passes cap/4.
func ccCountTokens(texts []string, units int, path string) *reader.Tokens {
	div := 4.0
	switch strings.ToLower(strings.TrimPrefix(node.Extname(path), ".")) {
	case "json", "jsonl", "jsonc":
		div = 2
	}
	t := &reader.Tokens{Estimated: true, Tokenizer: TokenizerName, Local: int(math.Floor(float64(units)/div + 0.5)), Cap: ccMaxTokens}
	if t.Local == 0 || t.Local <= ccMaxTokens/4 {
		return t
	}
	t.Count = ccTokenCount(strings.Join(texts, "\n"))
	return t
}
