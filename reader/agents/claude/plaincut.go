package claude

import (
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// CutWhenPlain says which lines the partial page of a plain file over the
// token cap shows, when only the facts are asked: the count WholeWhenPlain
// made, and the lengths of the lines it keeps, are all ccPartial needs of
// them. A page of the file's first characters (lines too long, or blank)
// is left to be read and worded.
func (claudeCode) CutWhenPlain(p *reader.Plan, pg reader.PlainPage) (reader.MiddleCut, bool) {
	c := p.Call.(*ccCall)
	units := pg.Units + pg.Lines - 1
	if c.counted == nil || *c.counted <= ccMaxTokens || c.allowLarge || !ccCounts(ccEstimate(units, p.Path)) {
		return reader.MiddleCut{}, false
	}
	tokens := *c.counted
	// The JavaScript length and the bytes of the first i lines joined, as
	// far as ccHeadLines asks: its first guess is the furthest it looks.
	prefix, bytes := []int{0}, []int{0}
	rest := pg.Text
	upTo := func(n int) int {
		for i := len(prefix); i <= n; i++ {
			line, after, _ := strings.Cut(rest, "\n")
			sep := min(i-1, 1)
			prefix = append(prefix, prefix[i-1]+utf16Len(line)+sep)
			bytes = append(bytes, bytes[i-1]+len(line)+sep)
			rest = after
		}
		return prefix[n]
	}
	n, fits := ccHeadLines(pg.Lines, tokens, ccPerToken(units, tokens), upTo)
	if !fits || strings.TrimFunc(pg.Text[:bytes[n]], node.IsSpace) == "" {
		return reader.MiddleCut{}, false
	}
	next, _ := reader.ParseArgs(c.args.With("offset", n+1))
	return reader.MiddleCut{
		Whole: reader.Truncation{
			FirstLine: 1, LastLine: n, TotalLines: pg.Lines, TotalKnown: true,
			Cap: reader.CapTokens, NextOffset: n + 1, Next: next.With("limit", n),
		},
		Last: n, Told: true,
	}, true
}
