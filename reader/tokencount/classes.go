package tokencount

import (
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
)

// class is a set of runes the patterns name, with its ASCII members in a
// table: source code is nearly all ASCII, and a table lookup spares the
// split a call through a function value for each of its characters. The
// rest of the Basic Multilingual Plane is a bitset made from unicode's
// tables on first use: o200k_base's word classes are five tables, and
// asking each of them took a fifth of a count of text in Chinese or of a
// binary file read as text.
type class struct {
	ascii [utf8.RuneSelf]bool
	in    func(rune) bool // the definition: runes past the plane, and the tests
	build func(*bitset)   // nil: in alone
	once  sync.Once
	// bmp is the plane's bitset once built: a load, where a function
	// that built it once (sync.OnceValue) was a call for every rune.
	bmp atomic.Pointer[bitset]
}

// bitset is one bit a rune of the Basic Multilingual Plane.
type bitset [1 << 16 / 64]uint64

func newClass(in func(rune) bool) *class {
	c := &class{in: in}
	for b := range c.ascii {
		c.ascii[b] = in(rune(b))
	}
	return c
}

// tabled is newClass with the plane's bitset made by build, which must
// agree with in on every rune of it (TestClassesAreTheirDefinitions).
func tabled(in func(rune) bool, build func(*bitset)) *class {
	c := newClass(in)
	c.build = build
	return c
}

// plane is the class's bitset of the plane, built on first use.
func (c *class) plane() *bitset {
	if b := c.bmp.Load(); b != nil {
		return b
	}
	return c.buildPlane()
}

func (c *class) buildPlane() *bitset {
	c.once.Do(func() {
		b := new(bitset)
		c.build(b)
		c.bmp.Store(b)
	})
	return c.bmp.Load()
}

// add puts the members of tables in the plane into b.
func (b *bitset) add(tables ...*unicode.RangeTable) {
	for _, t := range tables {
		for _, r := range t.R16 {
			for c := uint32(r.Lo); c <= uint32(r.Hi); c += uint32(r.Stride) {
				b[c>>6] |= 1 << (c & 63)
			}
		}
	}
}

// has says r is in c.
func (c *class) has(r rune) bool {
	switch {
	case r < utf8.RuneSelf:
		return r >= 0 && c.ascii[r]
	case c.build != nil && r < 1<<16:
		return c.plane()[r>>6]&(1<<(r&63)) != 0
	}
	return c.in(r)
}

// The classes of the patterns' alternatives.
var (
	letters = tabled(unicode.IsLetter, func(b *bitset) { b.add(unicode.Letter) })
	numbers = tabled(unicode.IsNumber, func(b *bitset) { b.add(unicode.Number) })
	spaces  = tabled(spaceRune, func(b *bitset) { b.add(unicode.White_Space) })
	// [^\s\p{L}\p{N}], less DEL, which the library's generated sets leave out.
	punct = tabled(func(r rune) bool {
		return !spaceRune(r) && !unicode.IsLetter(r) && !unicode.IsNumber(r) && r != 0x7f
	}, func(b *bitset) {
		var not bitset
		not.add(unicode.White_Space, unicode.Letter, unicode.Number)
		for i := range b {
			b[i] = ^not[i] // DEL is ASCII: the table answers for it
		}
	})
	lineBreaks      = newClass(func(r rune) bool { return r == '\r' || r == '\n' })
	lineBreaksSlash = newClass(func(r rune) bool { return r == '\r' || r == '\n' || r == '/' })
	upper           = tabled(upperClass, func(b *bitset) { b.add(unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M) })
	lower           = tabled(lowerClass, func(b *bitset) { b.add(unicode.Ll, unicode.Lm, unicode.Lo, unicode.M) })
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
			if !c.has(r) {
				return i
			}
			i += n
		}
		max--
	}
	return i
}
