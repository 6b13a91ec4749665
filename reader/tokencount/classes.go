package tokencount

import (
	"unicode"
	"unicode/utf8"
)

// class is a set of runes the patterns name, with its ASCII members in a
// table: source code is nearly all ASCII, and a table lookup spares the
// split a call through a function value for each of its characters.
type class struct {
	ascii [utf8.RuneSelf]bool
	in    func(rune) bool
}

func newClass(in func(rune) bool) *class {
	c := &class{in: in}
	for b := range c.ascii {
		c.ascii[b] = in(rune(b))
	}
	return c
}

// The classes of the patterns' alternatives.
var (
	letters = newClass(unicode.IsLetter)
	numbers = newClass(unicode.IsNumber)
	spaces  = newClass(spaceRune)
	// [^\s\p{L}\p{N}], less DEL, which the library's generated sets leave out.
	punct = newClass(func(r rune) bool {
		return !spaceRune(r) && !unicode.IsLetter(r) && !unicode.IsNumber(r) && r != 0x7f
	})
	lineBreaks      = newClass(func(r rune) bool { return r == '\r' || r == '\n' })
	lineBreaksSlash = newClass(func(r rune) bool { return r == '\r' || r == '\n' || r == '/' })
	upper           = newClass(upperClass)
	lower           = newClass(lowerClass)
)

// span is the length in bytes of s's longest prefix, of at most max runes
// (-1: any number), whose runes are all in c.
func (c *class) span(s string, max int) int {
	i := 0
	for i < len(s) && max != 0 {
		if b := s[i]; b < utf8.RuneSelf {
			if !c.ascii[b] {
				return i
			}
			i++
		} else {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !c.in(r) {
				return i
			}
			i += n
		}
		max--
	}
	return i
}
