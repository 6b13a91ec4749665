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
// counts past it with a local tokenizer, an estimate, unless the request
// carries a counter that asks Anthropic the same question (--tokens api).

// TokenizerName names the local tokenizer readlens counts with.
const TokenizerName = "cl100k_base"

// ccTokenCount counts text's tokens; tests replace it with the oracle's
// fake count_tokens to check the pagination against the recordings.
var ccTokenCount = tokencount.Cl100k.Count

// ccTokensWithin is ccTokenCount past a limit, or a bound within it: the
// count's, for a read only the facts of which are asked (WholeWhenPlain).
var ccTokensWithin = tokencount.Cl100k.Within

// ccEstimate is the tool's own estimate of a text of units UTF-16 units.
func ccEstimate(units int, path string) int {
	div := 4.0
	switch strings.ToLower(strings.TrimPrefix(node.Extname(path), ".")) {
	case "json", "jsonl", "jsonc":
		div = 2
	}
	return int(math.Floor(float64(units)/div + 0.5))
}

// ccCounts says an estimate passes the gate: the tokens are then counted.
func ccCounts(estimate int) bool { return estimate > ccMaxTokens/4 }

// ccCountTokens is ars's decision: the local estimate (jsRound of length/4,
// /2 for .json, .jsonl and .jsonc), and a count once it passes cap/4: the
// vendor's, when counter is set (readlens --tokens api), else readlens's
// tokenizer. A count the vendor could not give falls back to the local one,
// and note says why.
func ccCountTokens(texts []string, units int, path string, counter reader.TokenCounter, counted *int) (t *reader.Tokens, note string) {
	t = &reader.Tokens{Estimated: true, Tokenizer: TokenizerName, Local: ccEstimate(units, path), Cap: ccMaxTokens}
	if !ccCounts(t.Local) {
		return t, ""
	}
	if counted != nil && counter == nil {
		t.Count = *counted
		return t, ""
	}
	text := strings.Join(texts, "\n")
	if counter != nil {
		n, err := counter.CountTokens(text)
		if err == nil {
			t.Count, t.Estimated, t.Tokenizer = n, false, counter.Name()
			return t, ""
		}
		note = "the token count was asked of " + counter.Name() + " and failed (" + err.Error() + "): counted with " + TokenizerName + " instead, so the cap and the page may fall elsewhere than in Claude Code"
	}
	t.Count = ccTokenCount(text)
	return t, note
}
