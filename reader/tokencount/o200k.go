package tokencount

import (
	"unicode"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// O200k counts o200k_base tokens (Codex's models), as the library does.
var O200k = &Counter{enc: tokenizer.O200kBase, split: nextPieceO200k, fast: splitASCIIO200k, ranks: o200kTable}

// nextPieceO200k is nextPiece for o200k_base's pattern:
//
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|
//	\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// each alternative tried in order, as regexp2 tries them, backtracking
// included: the first word alternative gives back upper-case characters
// until a lower one can follow.
func nextPieceO200k(s string) int {
	r0, n0 := utf8.DecodeRuneInString(s)
	if r0 == 0x7f {
		return -n0 // as in cl100k_base: no alternative takes DEL
	}
	prefix := !letters.has(r0) && !numbers.has(r0) && r0 != '\r' && r0 != '\n'
	for _, word := range []func(string) int{lowerWord, upperWord} {
		if prefix {
			if k := word(s[n0:]); k > 0 {
				return n0 + k
			}
		}
		if k := word(s); k > 0 {
			return k
		}
	}
	if numbers.has(r0) {
		return numbers.span(s, 3)
	}
	// ' ?[^\s\p{L}\p{N}]+[\r\n/]*'
	if k := punctPiece(s, lineBreaksSlash); k > 0 {
		return k
	}
	return spacePiece(s)
}

func upperClass(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}

func lowerClass(r rune) bool {
	return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)
}

// lowerWord is [U]*[L]+ and a contraction at the start of s, or 0: the
// upper run is given back a character at a time until a lower one starts.
func lowerWord(s string) int {
	u := upper.span(s, -1)
	if k := lower.span(s[u:], -1); k > 0 {
		return withContraction(s, u+k) // nothing given back
	}
	for e := u; e > 0; {
		_, n := utf8.DecodeLastRuneInString(s[:e])
		e -= n
		if k := lower.span(s[e:], -1); k > 0 {
			return withContraction(s, e+k)
		}
	}
	return 0
}

// upperWord is [U]+[L]* and a contraction at the start of s, or 0.
func upperWord(s string) int {
	u := upper.span(s, -1)
	if u == 0 {
		return 0
	}
	return withContraction(s, u+lower.span(s[u:], -1))
}

// withContraction is end, or past the contraction an apostrophe at end
// starts.
func withContraction(s string, end int) int {
	if end < len(s) && s[end] == '\'' {
		if k := contraction(s[end+1:]); k > 0 {
			return end + 1 + k
		}
	}
	return end
}
