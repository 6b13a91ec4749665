// Package tokencount counts cl100k_base and o200k_base tokens as OpenAI's
// tiktoken counts them, exactly, several times faster than
// github.com/tiktoken-go/tokenizer: readlens audit counts the tokens of
// thousands of outputs, and the library's split (a generated backtracking
// regular expression, an allocation per piece) took most of the audit's
// time.
//
// A count is the sum of its pieces' counts: the split finds the pieces the
// encoding's pattern finds, and each piece is merged as the library merges
// it (ranks.go), over its vocabulary kept as tables generated from it, once,
// then remembered; the library itself counts only text that is not UTF-8
// (it replaces bad bytes first), and is loaded then. A piece counted on
// its own gives the same tokens as in its text, since the pattern matches
// it whole there too (no alternative looks past a piece but the one ending
// in (?!\S), which is satisfied at the end of a string). The tests hold the
// sum to the library's count on Go's source tree and fuzzed text, and to
// tiktoken's own counts (testdata/tiktoken.json) where the library's
// generated pattern splits otherwise: white space between line breaks.
// One exception is made for memory and time: a piece of over a megabyte
// is counted a part at a time (hugePiece).
//
// It imports nothing of readlens.
package tokencount

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/tiktoken-go/tokenizer"
)

// Cl100k counts cl100k_base tokens.
var Cl100k = &Counter{}

// Counter is a counter of one encoding with its memory of pieces: the
// zero Counter counts cl100k_base.
type Counter struct {
	enc   tokenizer.Encoding // "" is cl100k_base
	split func(string) int   // nextPiece for enc
	fast  func(string) int   // splitASCII for enc: 0 leaves the piece to split
	ranks *table             // enc's table
	// The library counts what the tables do not: text that is not
	// UTF-8. It is loaded only then.
	once  sync.Once
	codec tokenizer.Codec

	memOnce sync.Once
	mem     *memory
}

// pieceMax is the longest piece remembered.
const pieceMax = 64

// library counts text as the library does; 0 when it is missing.
func (c *Counter) library(text string) int {
	c.once.Do(func() { c.codec, _ = tokenizer.Get(c.encoding()) })
	if c.codec == nil {
		return 0
	}
	n, _ := c.codec.Count(text)
	return n
}

func (c *Counter) encoding() tokenizer.Encoding {
	if c.enc == "" {
		return tokenizer.Cl100kBase
	}
	return c.enc
}

// Count counts text's tokens.
func (c *Counter) Count(text string) int {
	if text == "" {
		return 0
	}
	if !utf8.ValidString(text) {
		return c.library(text) // it replaces bad bytes first
	}
	split, fast, table := c.parts()
	mem := c.memory()
	n := 0
	for len(text) > 0 {
		k := nextK(text, fast, split)
		switch {
		case k < 0: // no piece: skipped
			text = text[-k:]
			continue
		case k == 1:
			n++ // every byte is a token
		case k <= shortMax:
			// Most pieces of source code: their key is their bytes.
			key := shortKeyIn(text, k)
			m, ok := mem.getShort(key)
			if !ok {
				m = table.bpeCount(text[:k])
				mem.putShort(key, m)
			}
			n += m
		default:
			n += c.piece(table, text[:k])
		}
		text = text[k:]
	}
	return n
}

// Within counts text's tokens when there are more than limit: exact is
// then true and n is Count(text). When there are at most limit, it may
// say so without counting them all: exact is false and n a bound, at
// least the count and at most limit. An audit asks of every file past
// Claude Code's gate only whether it is within the cap, and a count
// merges every piece the memory has not seen, where most files are far
// within: a piece not remembered is first taken at its bound, and merged
// only when the bounds pass limit; the text left, once its bytes could not
// pass limit, is not split at all.
func (c *Counter) Within(text string, limit int) (n int, exact bool) {
	if text == "" || !utf8.ValidString(text) {
		return c.Count(text), true
	}
	split, fast, table := c.parts()
	mem := c.memory()
	var later *[]string // the pieces taken at their bound
	bounds, rest := 0, 0
	for len(text) > 0 {
		if n+bounds+len(text) <= limit {
			// No token is shorter than a byte: what is left cannot pass
			// limit, and is taken at its length, unsplit.
			rest = len(text)
			break
		}
		k := nextK(text, fast, split)
		switch {
		case k < 0:
			text = text[-k:]
			continue
		case k == 1:
			n++
		case k <= pieceMax:
			var m int
			var ok bool
			if k <= shortMax {
				m, ok = mem.getShort(shortKeyIn(text, k))
			} else {
				m, ok = mem.get(text[:k])
			}
			if !ok {
				later, bounds = postpone(later, text[:k]), bounds+table.bound(text[:k])
				break
			}
			n += m
		default:
			n += c.piece(table, text[:k])
		}
		text = text[k:]
	}
	if later == nil && rest == 0 {
		return n, true
	}
	if later != nil {
		defer func() {
			clear(*later) // the pieces lie in text: keep none of it
			laters.Put(later)
		}()
	}
	if n+bounds+rest <= max(limit, 0) {
		return n + bounds + rest, false
	}
	for _, p := range *later {
		if len(p) <= shortMax {
			key := shortKeyOf(p)
			m, ok := mem.getShort(key)
			if !ok {
				m = table.bpeCount(p)
				mem.putShort(key, m)
			}
			n += m
		} else {
			n += c.piece(table, p)
		}
	}
	return n, true
}

// parts are the encoding's split, its fast split and its table.
func (c *Counter) parts() (split, fast func(string) int, t *table) {
	if c.enc == "" {
		return nextPiece, splitASCII, cl100kTable
	}
	return c.split, c.fast, c.ranks
}

func (c *Counter) memory() *memory {
	c.memOnce.Do(func() { c.mem = newMemory() })
	return c.mem
}

// nextK is the length of text's first piece, or minus that of a
// character no piece takes.
func nextK(text string, fast, split func(string) int) int {
	if text[0] < utf8.RuneSelf {
		if k := fast(text); k != 0 {
			return k
		}
	}
	return split(text)
}

// laters keeps the lists of pieces Within postponed, for the next count.
var laters = sync.Pool{New: func() any { return new([]string) }}

func postpone(later *[]string, piece string) *[]string {
	if later == nil {
		later = laters.Get().(*[]string)
		*later = (*later)[:0]
	}
	*later = append(*later, piece)
	return later
}

// piece counts a piece longer than shortMax.
func (c *Counter) piece(table *table, p string) int {
	switch {
	case len(p) > hugeMax:
		return c.hugePiece(table, p)
	case len(p) > longMax:
		return table.bpeCountLong(p)
	case len(p) > pieceMax:
		// A long piece comes back line after line (a line of one letter
		// repeated, cut where a tool cuts it): an audit of this
		// repository merged 45,942 of over 95 bytes, 1,257 different.
		if n, ok := c.mem.getLong(p); ok {
			return n
		}
		var n int
		if len(p) <= bpeMax {
			n = table.bpeCount(p)
		} else {
			n = table.bpeCountLong(p)
		}
		c.mem.putLong(p, n)
		return n
	}
	if n, ok := c.mem.get(p); ok {
		return n
	}
	n := table.bpeCount(p)
	c.mem.put(p, n)
	return n
}

// hugeMax is the longest piece merged whole: a megabyte of one letter
// takes a third of a second and 20 MB.
const hugeMax = 1 << 20

// hugePiece counts a piece of over hugeMax bytes (a run of blank lines or
// of one letter, which a tool may show whole) in parts of longMax bytes,
// each remembered: merged whole, a 60 MB run made a compare take 28 s and
// 1.8 GB. The count may then differ from tiktoken's by a token at each
// cut; tiktoken itself (npm 1.0.22) took 81 s to merge a run of 300 KB,
// and failed on one of 1 MB.
func (c *Counter) hugePiece(table *table, p string) int {
	n := 0
	for len(p) > 0 {
		k := min(len(p), longMax)
		for k < len(p) && k > 1 && !utf8.RuneStart(p[k]) {
			k-- // cut between characters: a cut one would cost a token or two more
		}
		if k <= shortMax {
			n += table.bpeCount(p[:k])
		} else {
			n += c.piece(table, p[:k])
		}
		p = p[k:]
	}
	return n
}

// nextPiece is the length in bytes of the first piece of s (valid UTF-8,
// not empty) as cl100k_base's pattern splits it, or minus the length of
// a first character no alternative takes:
//
//	(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//	 ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
//
// the alternatives tried in order, as the library's engine (regexp2,
// .NET's semantics) tries them.
func nextPiece(s string) int {
	r0, n0 := utf8.DecodeRuneInString(s)
	if r0 == 0x7f {
		// The library's generated sets leave DEL out of both classes it
		// belongs to: no alternative takes it, and the engine steps over
		// it, a character without a token.
		return -n0
	}
	// 's 't 're 've 'm 'll 'd, in any case ('ſ' folds to s).
	if r0 == '\'' && len(s) > 1 {
		if k := contraction(s[1:]); k > 0 {
			return 1 + k
		}
	}
	// [^\r\n\p{L}\p{N}]?\p{L}+
	if !letters.has(r0) && !numbers.has(r0) && r0 != '\r' && r0 != '\n' && r0 != 0x7f {
		if r1, _ := utf8.DecodeRuneInString(s[n0:]); n0 < len(s) && letters.has(r1) {
			return n0 + letters.span(s[n0:], -1)
		}
	}
	if letters.has(r0) {
		return letters.span(s, -1)
	}
	// \p{N}{1,3}
	if numbers.has(r0) {
		return numbers.span(s, 3)
	}
	// ' ?[^\s\p{L}\p{N}]+[\r\n]*'
	if k := punctPiece(s, lineBreaks); k > 0 {
		return k
	}
	return spacePiece(s)
}

// punctPiece is the piece of s that ' ?[^\s\p{L}\p{N}]+' and then the
// characters trailing takes make, or 0; the space is taken for good when
// it is there.
func punctPiece(s string, trailing *class) int {
	at := 0
	if s[0] == ' ' {
		at = 1
	}
	k := punct.span(s[at:], -1)
	if k == 0 {
		return 0
	}
	at += k
	return at + trailing.span(s[at:], -1)
}

// spacePiece is the piece of s, which starts with white space, that the
// patterns' last three alternatives take:
//
//	\s*[\r\n]+|\s+(?!\S)|\s+
func spacePiece(s string) int {
	// e is the end of the white space run.
	e := spaces.span(s, -1)
	// \s*[\r\n]+: up to the run's last line break.
	for i := e - 1; i >= 0; i-- {
		if s[i] == '\r' || s[i] == '\n' {
			return i + 1
		}
	}
	// \s+(?!\S): the run, less its last character when text follows.
	if e == len(s) {
		return e
	}
	_, last := utf8.DecodeLastRuneInString(s[:e])
	if e-last > 0 {
		return e - last
	}
	// \s+
	return e
}

// contraction is the length of s, s starting after an apostrophe, that
// the pattern's contractions take, or 0.
func contraction(s string) int {
	lower := func(i int) byte {
		if i >= len(s) {
			return 0
		}
		b := s[i]
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		return b
	}
	switch {
	case lower(0) == 's' || lower(0) == 't':
		return 1
	case strings.HasPrefix(s, "\u017f"):
		return len("\u017f")
	case lower(0) == 'r' && lower(1) == 'e', lower(0) == 'v' && lower(1) == 'e':
		return 2
	case lower(0) == 'm':
		return 1
	case lower(0) == 'l' && lower(1) == 'l':
		return 2
	case lower(0) == 'd':
		return 1
	}
	return 0
}

// spaceRune is the pattern's \s: .NET's [\f\n\r\t\v\x85\p{Z}], which is
// Go's unicode.IsSpace (TestSpaceIsTheLibrarys checks every rune).
func spaceRune(r rune) bool { return unicode.IsSpace(r) }
