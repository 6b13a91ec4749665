package tokencount

import "unicode/utf8"

// Source code is nearly all ASCII, and the split is most of a count's
// time: nextPiece decodes a rune and asks unicode's tables of each piece's
// first characters. splitASCII (splitASCIIO200k for nextPieceO200k)
// decides an ASCII piece from a table of byte classes instead, and leaves
// to the general split any piece that may reach a character past ASCII (a
// letter or a space of another script could continue it), so the two
// never differ: TestSplitASCII and TestSplitASCIIO200k hold them equal.

// The classes of an ASCII byte; other is every byte from 0x80.
const (
	cLetter = 1 << iota // \p{L}
	cDigit              // \p{N}
	cSpace              // \s
	cBreak              // \r and \n
	cPunct              // [^\s\p{L}\p{N}], less DEL
	cOther              // not ASCII: nextPiece decides
	cSlash              // '/', which o200k_base takes after punctuation
)

// byteClass is each byte's class, from the classes nextPiece uses.
var byteClass = func() (t [256]uint8) {
	for b := range t {
		switch {
		case b >= utf8.RuneSelf:
			t[b] = cOther
		case letters.ascii[b]:
			t[b] = cLetter
		case numbers.ascii[b]:
			t[b] = cDigit
		case spaces.ascii[b]:
			t[b] = cSpace
			if lineBreaks.ascii[b] {
				t[b] |= cBreak
			}
		case punct.ascii[b]:
			t[b] = cPunct
			if b == '/' {
				t[b] |= cSlash
			}
		}
		// DEL is in no class: no alternative takes it.
	}
	return t
}()

// run is the end of s's run of bytes in class c from i, or -1 when the
// run stops at a byte past ASCII, which might belong to it.
func run(s string, i int, c uint8) int {
	for i < len(s) && byteClass[s[i]]&c != 0 {
		i++
	}
	if i < len(s) && s[i] >= utf8.RuneSelf {
		return -1
	}
	return i
}

// splitASCII is nextPiece(s) for s starting with an ASCII byte, or 0 when
// nextPiece must decide.
func splitASCII(s string) int {
	b0 := s[0]
	c0 := byteClass[b0]
	if b0 == 0x7f {
		return -1 // as nextPiece: DEL is a character without a token
	}
	if b0 == '\'' && len(s) > 1 {
		if s[1] >= utf8.RuneSelf {
			return 0 // 'ſ is a contraction, 'é the start of a word
		}
		if k := contraction(s[1:]); k > 0 {
			return 1 + k
		}
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if c0&(cLetter|cDigit|cBreak) == 0 && len(s) > 1 {
		c1 := byteClass[s[1]]
		if c1&cOther != 0 {
			return 0
		}
		if c1&cLetter != 0 {
			return max(run(s, 2, cLetter), 0)
		}
	}
	if c0&cLetter != 0 {
		return max(run(s, 1, cLetter), 0)
	}
	return numberPunctSpace(s, cBreak)
}

// splitASCIIO200k is nextPieceO200k(s) for s starting with an ASCII byte,
// or 0 when nextPieceO200k must decide.
func splitASCIIO200k(s string) int {
	b0 := s[0]
	if b0 == 0x7f {
		return -1
	}
	c0 := byteClass[b0]
	// [^\r\n\p{L}\p{N}]?, then the two word alternatives in turn.
	prefix := c0&(cLetter|cDigit|cBreak) == 0 && len(s) > 1
	if prefix && s[1] >= utf8.RuneSelf {
		return 0
	}
	for _, upperFirst := range [2]bool{false, true} {
		if prefix {
			if k := wordASCII(s, 1, upperFirst); k != 0 {
				return max(k, 0)
			}
		}
		if k := wordASCII(s, 0, upperFirst); k != 0 {
			return max(k, 0)
		}
	}
	return numberPunctSpace(s, cBreak|cSlash)
}

// numberPunctSpace is the pieces both patterns end with, for s starting
// with an ASCII byte that no alternative before them took:
//
//	\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// where trailing is the class after the punctuation (o200k_base adds /
// to the line breaks); 0 when a character past ASCII may change the piece.
func numberPunctSpace(s string, trailing uint8) int {
	c0 := byteClass[s[0]]
	if c0&cDigit != 0 {
		i := 1
		for i < 3 && i < len(s) && byteClass[s[i]]&cDigit != 0 {
			i++
		}
		if i < 3 && i < len(s) && s[i] >= utf8.RuneSelf {
			return 0
		}
		return i
	}
	at := 0
	if s[0] == ' ' {
		at = 1
	}
	if at < len(s) && byteClass[s[at]]&cOther != 0 {
		return 0
	}
	if at < len(s) && byteClass[s[at]]&cPunct != 0 {
		e := run(s, at+1, cPunct)
		if e < 0 {
			return 0
		}
		for e < len(s) && byteClass[s[e]]&trailing != 0 {
			e++
		}
		return e
	}
	return spaceASCII(s)
}

// wordASCII is where lowerWord (upperFirst false: [U]*[L]+) or upperWord
// ([U]+[L]*) ends, with its contraction, matched from s[p:]: 0 when it
// does not match, -1 when a character past ASCII may change that. In
// ASCII no letter is in both [U] and [L], so lowerWord's giving back of
// upper-case letters never finds a lower one.
func wordASCII(s string, p int, upperFirst bool) int {
	u := p
	for u < len(s) && 'A' <= s[u] && s[u] <= 'Z' {
		u++
	}
	l := u
	for l < len(s) && 'a' <= s[l] && s[l] <= 'z' {
		l++
	}
	switch {
	case l < len(s) && s[l] >= utf8.RuneSelf:
		return -1 // a mark or a letter may go on with either run
	case upperFirst && u == p, !upperFirst && l == u:
		return 0
	}
	if l < len(s) && s[l] == '\'' && l+1 < len(s) {
		if s[l+1] >= utf8.RuneSelf {
			return -1 // 'ſ
		}
		if k := contraction(s[l+1:]); k > 0 {
			return l + 1 + k
		}
	}
	return l
}

// spaceASCII is spacePiece for s starting with white space, or 0 when
// the run reaches a character past ASCII.
func spaceASCII(s string) int {
	e := run(s, 0, cSpace)
	if e <= 0 {
		return 0
	}
	for i := e - 1; i >= 0; i-- {
		if byteClass[s[i]]&cBreak != 0 {
			return i + 1
		}
	}
	if e == len(s) || e == 1 {
		return e
	}
	return e - 1
}
