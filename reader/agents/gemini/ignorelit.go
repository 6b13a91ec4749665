package gemini

import (
	"strings"
	"unicode/utf8"
)

// Most rules match none of the paths they are tried on, and a regular
// expression says so slowly: matching paths against rules was a quarter
// of a gemini-cli call in a git repository once the rules were kept
// (ignorememo.go). A rule's plain characters must all be in a path it
// matches, so a path without its longest run of them is no match. The
// expressions ignore case, as the ignore package does, and Go's (?i)
// folds a few letters outside ASCII into ASCII ones (K, the Kelvin sign,
// is k), so the look-up is made only when the path and the run are both
// ASCII; otherwise the expression decides alone.

// matches is the rule's expression's answer for rel.
func (r *gmRule) matches(rel string) bool {
	if r.literal != "" && isASCII(rel) && !containsFoldASCII(rel, r.literal) {
		return false
	}
	return r.re.MatchString(rel)
}

// gmLiteral is the longest run of characters gmCompile writes as
// themselves, without a slash, when it is ASCII; "" when there is none.
func gmLiteral(p string) string {
	best, run := "", 0
	for i := 0; i <= len(p); i++ {
		plain := i < len(p) && !strings.ContainsRune(`*?[\/`, rune(p[i]))
		if plain {
			run++
			continue
		}
		if run > len(best) {
			best = p[i-run : i]
		}
		run = 0
		switch {
		case i >= len(p):
		case p[i] == '\\':
			i++ // the escaped character: written quoted, never in a run
		case p[i] == '[':
			// A class, as gmCompile reads one, matches one of its
			// characters: none of them is plain.
			if end := strings.IndexByte(p[i+1:], ']'); end >= 0 && !strings.Contains(p[i+1:i+1+end], "/") {
				i += end + 1
			}
		}
	}
	if !isASCII(best) || !utf8.ValidString(best) {
		return ""
	}
	return best
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// containsFoldASCII reports whether s holds sub, ASCII letters in any case.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
