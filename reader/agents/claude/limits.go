package claude

import (
	"slices"
	"strings"

	"github.com/readlens/readlens/reader"
)

// Claude Code 2.1.330 chooses its image limits by model (ic, in the
// binary's embedded source): the limits of XE (a 2000×2000 box, 5 MB of
// base64) for a model without image_limits of its own, and for one with
// them the same box (every provider caps a side at 2000, which wins over
// the model's 2576) plus the model's image token budget, 4,784 tokens of
// 28×28 pixels. The oracle shows it: claude-opus-4-7 sends a 2000×2000
// noise PNG as 1932×1932, where claude-sonnet-4-5 and claude-sonnet-4-6
// send it at 2000×2000.

// ccLimits are the image limits one model's reads get.
type ccLimits struct {
	// maxImageTokens is the model's image token budget, 0 for none.
	maxImageTokens int
}

// ccTokenSide is Z_o: an image costs a token per 28×28 pixels begun.
const ccTokenSide = 28

// ccTokenBudgets are the models of Claude Code 2.1.330's model table whose
// entry has image_limits (all {maxWidth 2576, maxHeight 2576,
// maxImageTokens 4784}), by id and by first-party API id; the table's
// other models (claude-3-5-haiku, claude-haiku-4-5, claude-3-5-sonnet,
// claude-3-7-sonnet, claude-sonnet-4-0, claude-sonnet-4-5,
// claude-sonnet-4-6, claude-opus-4-0 to claude-opus-4-6) have none.
var ccTokenBudgets = map[string]int{
	"claude-haiku-5-5":  4784,
	"claude-sonnet-5":   4784,
	"claude-sonnet-5-5": 4784,
	"claude-opus-4-7":   4784,
	"claude-opus-4-8":   4784,
	"claude-opus-5":     4784,
	"claude-opus-5-5":   4784,
	"claude-fable-5":    4784,
	"claude-fable-5-1":  4784,
	"claude-fable-5-2":  4784,
	"claude-mythos-5":   4784,
	"claude-mythos-5-1": 4784,
	"claude-mythos-5-2": 4784,
}

// ccPlainModels are the table's models without image_limits, by id and by
// first-party API id.
var ccPlainModels = []string{
	"claude-3-5-haiku", "claude-3-5-haiku-20241022",
	"claude-haiku-4-5", "claude-haiku-4-5-20251001",
	"claude-3-5-sonnet", "claude-3-5-sonnet-20241022",
	"claude-3-7-sonnet", "claude-3-7-sonnet-20250219",
	"claude-sonnet-4-0", "claude-sonnet-4-20250514",
	"claude-sonnet-4-5", "claude-sonnet-4-5-20250929",
	"claude-sonnet-4-6",
	"claude-opus-4-0", "claude-opus-4-20250514",
	"claude-opus-4-1", "claude-opus-4-1-20250805",
	"claude-opus-4-5", "claude-opus-4-5-20251101",
	"claude-opus-4-6",
}

// DefaultModel is the model the oracle ran, and the one readlens reads as
// when none is named.
const DefaultModel = "claude-sonnet-4-5"

// Models lists the model ids Claude Code 2.1.330's model table knows, for
// --model: the ones whose image limits readlens can name.
func Models() []string {
	out := slices.Clone(ccPlainModels)
	for m := range ccTokenBudgets {
		out = append(out, m)
	}
	slices.Sort(out)
	return out
}

// KnownModel reports whether the model table of Claude Code 2.1.330 has
// this model ("" is the default).
func KnownModel(model string) bool {
	model = strings.TrimSpace(model)
	_, budget := ccTokenBudgets[model]
	return model == "" || budget || slices.Contains(ccPlainModels, model)
}

// ccLimitsFor is ic: the limits of the model the request names.
func ccLimitsFor(model string) ccLimits {
	return ccLimits{maxImageTokens: ccTokenBudgets[strings.TrimSpace(model)]}
}

// ccImageTokens is Wpe: what an image of w×h costs.
func ccImageTokens(w, h int) int {
	if w <= 0 || h <= 0 {
		return 0
	}
	return ((w + ccTokenSide - 1) / ccTokenSide) * ((h + ccTokenSide - 1) / ccTokenSide)
}

// ccFitTokens is TUn with no side limit: the largest size of the image's
// shape within the token budget, found by a binary search on the longer
// side, the other rounded half to even (at least 1).
func ccFitTokens(w, h, budget int) (int, int) {
	if ccImageTokens(w, h) <= budget {
		return w, h
	}
	if h > w {
		th, tw := ccFitTokens(h, w, budget)
		return tw, th
	}
	ratio := float64(w) / float64(h)
	other := func(side int) int { return max(roundHalfEven(float64(side)/ratio), 1) }
	lo, hi := 1, w
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if ccImageTokens(mid, other(mid)) <= budget {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, other(lo)
}

// roundHalfEven is TUn's rounding: .5 goes to the even neighbour.
func roundHalfEven(x float64) int {
	f := int(x)
	switch frac := x - float64(f); {
	case frac > 0.5, frac == 0.5 && f%2 == 1:
		return f + 1
	}
	return f
}

// ccReferences are the recorded images (references.go) of the models with
// these limits, by the file's SHA-256: the default model's are keyed by
// the SHA-256 alone, another model's by "<SHA-256>@<model>"; the default
// model's recording wins over another's with the same limits.
func ccReferences(lim ccLimits) map[string]reader.Reference {
	keys := make([]string, 0, len(references))
	for k := range references {
		keys = append(keys, k)
	}
	slices.Sort(keys) // "<sha>" before "<sha>@<model>"
	out := map[string]reader.Reference{}
	for _, k := range keys {
		sha, model, _ := strings.Cut(k, "@")
		if _, ok := out[sha]; !ok && ccLimitsFor(model) == lim {
			out[sha] = references[k]
		}
	}
	return out
}
