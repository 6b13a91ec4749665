package reader

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// The agents decode bytes the WHATWG way (Node's Buffer, Bun's TextDecoder,
// CPython's errors="replace" and Rust's from_utf8_lossy agree): every maximal
// invalid subsequence becomes one U+FFFD. Go's utf8.DecodeRune replaces byte by
// byte instead ("\xe2\x82A" is one U+FFFD for them, two for Go), so the engine
// carries its own decoder.

// utf8State is the WHATWG UTF-8 decoder state between bytes.
type utf8State struct {
	need, seen   int
	lower, upper byte
	// halves reads a surrogate kept as WTF-8 (ED A0..BF 80..BF) as one
	// character, the U+FFFD the window writes it as (halves.go).
	halves bool
}

type stepResult int

const (
	stepOpen     stepResult = iota // the byte continues an open sequence
	stepRune                       // the byte completed a valid rune of seqLen bytes
	stepBad                        // the byte is invalid on its own: one U+FFFD
	stepBadAgain                   // the open sequence is invalid: one U+FFFD, then feed the byte again
)

// lead is what the byte c past ASCII starts: the continuation bytes a
// character needs after it and the range the first of them must fall in
// (the rest fall in 0x80 to 0xbf), or need 0 for a byte that starts none.
func lead(c byte) (need int, lo, hi byte) {
	lo, hi = 0x80, 0xbf
	switch {
	case c >= 0xc2 && c <= 0xdf:
		need = 1
	case c >= 0xe0 && c <= 0xef:
		need = 2
		if c == 0xe0 {
			lo = 0xa0
		} else if c == 0xed {
			hi = 0x9f
		}
	case c >= 0xf0 && c <= 0xf4:
		need = 3
		if c == 0xf0 {
			lo = 0x90
		} else if c == 0xf4 {
			hi = 0x8f
		}
	}
	return need, lo, hi
}

// step feeds one byte; seqLen is the length of the rune a stepRune completed.
func (s *utf8State) step(b byte) (res stepResult, seqLen int) {
	if s.need == 0 {
		if b <= 0x7f {
			return stepRune, 1
		}
		need, lo, hi := lead(b)
		if need == 0 {
			return stepBad, 0
		}
		if b == 0xed && s.halves {
			hi = 0xbf
		}
		s.need, s.lower, s.upper, s.seen = need, lo, hi, 0
		return stepOpen, 0
	}
	if b < s.lower || b > s.upper {
		*s = utf8State{halves: s.halves}
		return stepBadAgain, 0
	}
	s.lower, s.upper = 0x80, 0xbf
	s.seen++
	if s.seen == s.need {
		n := s.need + 1
		*s = utf8State{halves: s.halves}
		return stepRune, n
	}
	return stepOpen, 0
}

// flush ends the stream: a sequence left open becomes one U+FFFD.
func (s *utf8State) flush() bool {
	open := s.need != 0
	*s = utf8State{halves: s.halves}
	return open
}

const Replacement = "\uFFFD"

// decodeUTF8 returns b as valid UTF-8, each maximal invalid subsequence replaced
// by U+FFFD, and whether anything was replaced.
func decodeUTF8(b []byte) (string, bool) {
	s, n := decodeCounting(b, -1)
	return s, n > 0
}

// decodeCounting is decodeUTF8 that counts the bytes it replaced. With
// upTo >= 0 it counts only those replaced before the text reaches upTo
// bytes: the ones behind a prefix of the text, such as a cut line's; it
// then stops there, and the text it returns is only that far.
func decodeCounting(b []byte, upTo int) (string, int) {
	if utf8.Valid(b) {
		return string(b), 0
	}
	if upTo < 0 && len(b) > decodeSized {
		// A long line of binary bytes grows up to three times its length:
		// grown as it was decoded and then copied into its string, a
		// 30 MB line took 430 MB of allocations for a 90 MB text, and an
		// audit holding two such lines at once over 500 MB. Measured
		// first, the text is allocated once and never copied.
		out, n := decodeAppend(make([]byte, 0, decodedLen(b)), b, upTo)
		return unsafe.String(unsafe.SliceData(out), len(out)), n
	}
	out, n := decodeAppend(make([]byte, 0, len(b)+8), b, upTo)
	return string(out), n
}

// decodeSized is the longest line decoded without measuring it first: the
// second pass costs more than growing a short text.
const decodeSized = 1 << 20

// decodedLen is the length of decodeCounting(b, -1)'s text, as the meter
// measures it.
func decodedLen(b []byte) int {
	var m meter
	m.write(b)
	return int(m.close().Bytes)
}

// decodeAppend appends decodeCounting's text of b to out.
func decodeAppend(out, b []byte, upTo int) ([]byte, int) {
	replaced := 0
	for i := 0; i < len(b); {
		if upTo >= 0 && len(out) >= upTo {
			break // nothing past here is counted
		}
		c := b[i]
		if c < utf8.RuneSelf {
			// A run of ASCII between sequences is itself: the lines of a
			// binary file read as text are mostly such runs.
			j := asciiEnd(b, i+1)
			out = append(out, b[i:j]...)
			i = j
			continue
		}
		if c < 0xc2 || c > 0xf4 {
			// A byte no sequence starts with, most of binary's: one U+FFFD.
			replaced++
			out = append(out, 0xef, 0xbf, 0xbd)
			i++
			continue
		}
		k, valid := seqAt(b[i:])
		if valid {
			out = append(out, b[i:i+k]...)
		} else {
			replaced += k
			out = append(out, Replacement...)
		}
		i += k
	}
	return out, replaced
}

// replacedUpTo is decodeCounting(b, upTo)'s count alone, upTo at least
// 0: a line the per-line cap cut was decoded whole already, and decoding
// its head again, text and all, only to count the bytes replaced in it was
// a tenth of the window's time on binary files.
func replacedUpTo(b []byte, upTo int) int {
	replaced, n := 0, 0
	for i := 0; i < len(b) && n < upTo; {
		c := b[i]
		switch {
		case c < utf8.RuneSelf:
			j := asciiEnd(b, i+1)
			n += j - i
			i = j
		case c < 0xc2 || c > 0xf4:
			replaced++
			n += len(Replacement)
			i++
		default:
			k, valid := seqAt(b[i:])
			if valid {
				n += k
			} else {
				replaced += k
				n += len(Replacement)
			}
			i += k
		}
	}
	return replaced
}

// seqAt is the length of the sequence b starts with, b[0] past ASCII, as
// the WHATWG decoder reads it, and whether it is a character: else it is
// the maximal invalid subsequence that one U+FFFD replaces, cut short
// where b ends. It is utf8State's step over a whole sequence at once: a
// byte at a time through the state machine, decoding was a quarter of an
// audit of a folder of shared libraries.
func seqAt(b []byte) (n int, valid bool) {
	need, lo, hi := lead(b[0])
	if need == 0 {
		return 1, false
	}
	for k := 1; k <= need; k++ {
		if k == len(b) || b[k] < lo || b[k] > hi {
			return k, false
		}
		lo, hi = 0x80, 0xbf
	}
	return need + 1, true
}

// textSize is the size of decoded text in the units the agents count.
type textSize struct {
	Bytes int64 // UTF-8 bytes (Buffer.byteLength, Python's len(s.encode()))
	UTF16 int64 // UTF-16 code units (JavaScript's String.length)
	Runes int64 // code points (Python's len(s))
}

func (z *textSize) addSeq(n int) {
	z.Bytes += int64(n)
	z.Runes++
	z.UTF16++
	if n == 4 { // a supplementary-plane rune is a surrogate pair
		z.UTF16++
	}
}

// SizeOf measures valid UTF-8 text: a code point a byte that continues
// none, and a second UTF-16 unit for each four-byte one. Counted from the
// bytes, eight at a time, rather than decoded: the decoded text of a
// binary file, a U+FFFD in every few bytes, is measured too.
func SizeOf(s string) textSize {
	cont, four := 0, 0
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s[i:]), 8))
		if w&highBits == 0 {
			continue // ASCII
		}
		// Each byte's top bit, where it is 10xxxxxx (a continuation) and
		// where it is 1111xxxx (a four-byte lead): a shift moves a byte's
		// lower bits up to its top, and the mask keeps them from the next.
		cont += bits.OnesCount64(w &^ (w << 1) & highBits)
		four += bits.OnesCount64(w & (w << 1) & (w << 2) & (w << 3) & highBits)
	}
	for ; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			if c < 0xc0 {
				cont++
			} else if c >= 0xf0 {
				four++
			}
		}
	}
	runes := int64(len(s) - cont)
	return textSize{Bytes: int64(len(s)), Runes: runes, UTF16: runes + int64(four)}
}

// meter measures the decoded size of a byte stream fed in pieces, for lines too
// long to hold: a 64 MiB minified line is measured, never kept.
type meter struct {
	s    utf8State
	size textSize
}

func (m *meter) write(b []byte) {
	for i := 0; i < len(b); {
		if m.s.need == 0 {
			if b[i] < utf8.RuneSelf {
				// Fast path through ASCII runs, the common case in source files.
				j := asciiEnd(b, i+1)
				n := int64(j - i)
				m.size.Bytes += n
				m.size.Runes += n
				m.size.UTF16 += n
				i = j
				continue
			}
			// A sequence the piece holds whole; one it ends in is carried
			// to the next piece by the state machine, which also reads a
			// kept half (seqAt knows ED only as UTF-8's lead).
			if k, valid := seqAt(b[i:]); (valid || i+k < len(b)) && !(m.s.halves && b[i] == 0xed) {
				if valid {
					m.size.addSeq(k)
				} else {
					m.size.addSeq(3)
				}
				i += k
				continue
			}
		}
		switch res, n := m.s.step(b[i]); res {
		case stepRune:
			m.size.addSeq(n)
		case stepBad:
			m.size.addSeq(3)
		case stepBadAgain:
			m.size.addSeq(3)
			continue // the byte starts anew
		}
		i++
	}
}

// zeros measures n zero bytes as write would: the first may end a broken
// sequence, and each is then one of every unit.
func (m *meter) zeros(n int64) {
	if n <= 0 {
		return
	}
	m.write([]byte{0})
	n--
	m.size.Bytes += n
	m.size.Runes += n
	m.size.UTF16 += n
}

// close ends the stream and returns its decoded size.
func (m *meter) close() textSize {
	if m.s.flush() {
		m.size.addSeq(3)
	}
	return m.size
}

// UTF16Head is the longest prefix of s that fits in max UTF-16 code units,
// whether s was longer, and whether the first half of the surrogate pair
// that follows would still have fit.
func UTF16Head(s string, max int) (head string, cut, half bool) {
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > max {
			return s[:i], true, units < max
		}
		units += w
	}
	return s, false, false
}

// cutUTF16 keeps the first max UTF-16 code units of s, as JavaScript's
// s.substring(0, max) does. When the cut splits a surrogate pair, JavaScript
// keeps a lone high surrogate, which becomes U+FFFD once encoded as UTF-8.
func cutUTF16(s string, max int) (string, bool) {
	head, cut, half := UTF16Head(s, max)
	if half {
		head += Replacement
	}
	return head, cut
}

// loneHigh is the high surrogate cutUTF16 kept when it cut the pair that
// follows cut's text in s, or 0.
func loneHigh(s, cut string) rune {
	head, ok := strings.CutSuffix(cut, Replacement)
	if !ok || !strings.HasPrefix(s, head) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s[len(head):])
	if r < 0x10000 {
		return 0
	}
	return 0xd800 + (r-0x10000)>>10
}

// cutRunes keeps the first max code points of s, as Python's s[:max] does.
func cutRunes(s string, max int) (string, bool) {
	n := 0
	for i := range s {
		if n == max {
			return s[:i], true
		}
		n++
	}
	return s, false
}

// cutBytes keeps at most max bytes of s without splitting a rune, as Rust's
// and Go's byte-capped readers do.
func cutBytes(s string, max int) (string, bool) {
	if len(s) <= max {
		return s, false
	}
	i := max
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i], true
}

// isASCII reports whether p is all ASCII, looking at eight bytes at a time.
func isASCII(p []byte) bool { return asciiEnd(p, 0) == len(p) }

// highBits are the top bits of eight bytes: a word of ASCII has none.
const highBits = 0x8080808080808080

// asciiEnd is where the run of ASCII bytes from b[i] ends, eight at a time.
func asciiEnd(b []byte, i int) int {
	for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&highBits == 0 {
		i += 8
	}
	for i < len(b) && b[i] < utf8.RuneSelf {
		i++
	}
	return i
}

// DecodeUTF8 is b decoded as the agents decode it: each maximal invalid
// subsequence is one U+FFFD (Node's and Bun's toString("utf-8")).
func DecodeUTF8(b []byte) string {
	s, _ := decodeUTF8(b)
	return s
}
