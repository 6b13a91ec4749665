package reader

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// An audit asks ten agents for every file of a tree and keeps only what
// the model misses: most files it sees whole. A plain file is text every
// tool decodes alike, byte for byte: valid UTF-8 of printable characters,
// tabs and \n, with no byte order mark and none of the characters some
// runtimes end a line at (U+0085, U+2028, U+2029). Whether a window shows
// it whole then follows from its shape: its lines and its longest line, in
// bytes, which no tool's unit exceeds (a character is at most as many
// UTF-16 units, and one code point, as it has bytes). For a caller that
// wants the facts alone (Request.FactsOnly) the engine then skips decoding
// and wording the file, when the window's caps leave it whole and the
// profile says its wording adds none (PlainWhole), and for a caller that
// wants no words at all (Request.NoWords), when what surrounds the tool
// cuts the answer's middle at a length the page's lines tell (PlainCut),
// or when the window's line or byte caps cut the page and the profile
// tells its facts from how the window stopped (PlainHeadCut, plainhead.go).
// Anything else, or a profile that does not say, is read and worded as
// always.

// PlainPage is the shape of a plain file, shown whole.
type PlainPage struct {
	Size    int64 // the file's bytes
	Lines   int   // the lines the window shows, by the plan's Split
	Bytes   int   // the lines' text together: the file less its newlines
	Longest int   // the longest line in bytes: at least its UTF-16 units and its code points
	Units   int   // the lines' text together in UTF-16 units, JavaScript's length
	// Text is the file itself, which is also its lines joined by "\n"
	// (less the last, when the split makes no line of an empty end). It
	// lies in the held bytes: keep none of it past the call.
	Text string

	newlines int
	ascii    bool // every byte is ASCII
}

// PlainWhole is implemented by a profile that can tell from a plain page
// that its answer shows it whole with nothing hidden: its wording adds no
// cap, refusal or error of its own to a page the window left whole. The
// answer must be sound (TestPlainWholeIsWhole reads every case both ways);
// it need not be complete: a file near a cap can always be read.
type PlainWhole interface {
	WholeWhenPlain(p *Plan, pg PlainPage) bool
}

// plainShape is a held file's shape, surveyed once for all its agents.
type plainShape struct {
	once     sync.Once
	plain    bool
	units    int // UTF-16 units, newlines included
	newlines int
	longest  int  // bytes, without the \n
	endsNL   bool // the last byte is a \n
	ascii    bool // every byte is ASCII: a byte, a unit and a code point a character
}

// plainBytes are the bytes of plain text: 1 for ASCII, 2 for the bytes
// of longer characters, 0 for control bytes.
var plainBytes = func() (t [256]uint8) {
	for b := 0x20; b < 0x7f; b++ {
		t[b] = 1
	}
	t['\t'], t['\n'] = 1, 1
	for b := 0x80; b < 0x100; b++ {
		t[b] = 2
	}
	return t
}()

// plainWord looks at eight bytes at once, as plainBytes at each: bad says
// one is a control byte (below 0x20 but a tab or a \n, or DEL), high that
// one is past ASCII, and nl marks the top bit of each \n. Every test is
// exact byte by byte, since no sum carries out of its byte: a byte at a
// time, and then a search for each \n, the survey was a twentieth of an
// audit's CPU.
func plainWord(w uint64) (bad, high bool, nl uint64) {
	const ones = 0x0101010101010101
	h := w & highBits
	v := w &^ highBits                        // each byte's low seven bits
	below := ^(v + 0x60*ones) & highBits &^ h // a byte under 0x20: its top stays clear
	del := (v + ones) & highBits &^ h         // 0x7f, and only it, carries into its top
	if below == 0 {
		return del != 0, h != 0, 0 // printable: most words of most text
	}
	nl = zeroBytes(v^0x0a*ones) &^ h
	tab := zeroBytes(v ^ 0x09*ones)
	return below&^(tab|nl)|del != 0, h != 0, nl
}

// zeroBytes marks the top bit of each byte of v, seven bits a byte, that is 0.
func zeroBytes(v uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^(v + low7 | v) & highBits
}

// plainBreaks are the characters some runtimes end a line at, or drop
// at the start, which a plain file never holds.
var plainBreaks = [][]byte{[]byte("\u0085"), []byte("\u2028"), []byte("\u2029"), []byte("\ufeff")}

func (s *plainShape) survey(data []byte) *plainShape {
	s.once.Do(func() {
		if len(data) == 0 {
			return // no line for a window to show whole
		}
		ascii := true
		newlines, longest, last := 0, 0, -1 // last: the last \n's index
		line := func(at int) {
			longest = max(longest, at-last-1)
			newlines++
			last = at
		}
		i := 0
		for ; i+8 <= len(data); i += 8 {
			bad, high, nl := plainWord(binary.LittleEndian.Uint64(data[i:]))
			if bad {
				return
			}
			ascii = ascii && !high
			for ; nl != 0; nl &= nl - 1 {
				line(i + bits.TrailingZeros64(nl)/8)
			}
		}
		for ; i < len(data); i++ {
			switch plainBytes[data[i]] {
			case 0:
				return
			case 2:
				ascii = false
			}
			if data[i] == '\n' {
				line(i)
			}
		}
		if !ascii {
			if !utf8.Valid(data) {
				return
			}
			for _, c := range plainBreaks {
				if bytes.Contains(data, c) {
					return
				}
			}
		}
		s.plain, s.units, s.ascii = true, len(data), ascii
		if !ascii {
			s.units = int(SizeOf(unsafe.String(unsafe.SliceData(data), len(data))).UTF16)
		}
		s.newlines, s.longest = newlines, max(longest, len(data)-last-1)
		s.endsNL = data[len(data)-1] == '\n'
	})
	return s
}

// page is the plain page of data, which s surveyed, split by split.
func (s *plainShape) page(data []byte, split Split) PlainPage {
	pg := PlainPage{Size: int64(len(data)), Lines: s.newlines, Bytes: len(data) - s.newlines, Longest: s.longest, Units: s.units - s.newlines,
		Text: unsafe.String(unsafe.SliceData(data), len(data)), newlines: s.newlines, ascii: s.ascii}
	if !s.endsNL || split.Phantom {
		pg.Lines++
	}
	return pg
}

// plainWhole is the page of a held plain file that p's window shows
// whole, and whether the engine knows the answer from it: the default
// window of a file no cap reaches, which the profile says it words whole,
// or, when no one asked for words, whose middle it says what surrounds
// the tool cuts (the cut, nil when whole), or whose head the window's
// caps leave (a cut the tool tells of). Every comparison keeps a margin
// of one, whichever side of a cap the tool's own test falls: a page at a
// cap is taken as its head, which may be the whole page.
func plainWhole(p *Plan, file File, sample []byte, size int64) (PlainPage, *MiddleCut, bool) {
	h, ok := file.(*heldFile)
	if !ok || p.whole == nil || h.shape == nil || p.Tail > 0 || p.marks != nil ||
		int64(len(h.data)) != size || h.offset() != len(sample) {
		return PlainPage{}, nil, false
	}
	s := h.shape.survey(h.data)
	if !s.plain {
		return PlainPage{}, nil, false
	}
	pg := s.page(h.data, p.Text.Split)
	w := p.Window
	switch {
	case w.Start != 0,
		w.Cut.Max > 0 && pg.Longest >= w.Cut.Max,
		pg.Longest >= w.retain():
		return PlainPage{}, nil, false
	case w.Limit >= 0 && pg.Lines >= w.Limit,
		w.MaxLines > 0 && pg.Lines >= w.MaxLines,
		w.Budget.Max > 0 && pg.Bytes+w.Budget.Each*pg.Lines+w.Budget.Sep*(pg.Lines-1) >= w.Budget.Max:
		// A cap may cut the page: its head, if the profile tells it.
		if p.head == nil {
			return PlainPage{}, nil, false
		}
		st := plainHead(w, &pg)
		t, ok := p.head.HeadWhenPlain(p, pg, st)
		if !ok {
			return PlainPage{}, nil, false
		}
		// The head is the page's first lines, as far as the last the tool shows.
		return pg, &MiddleCut{Whole: t, Last: t.LastLine, Told: true}, true
	}
	if p.whole.WholeWhenPlain(p, pg) {
		return pg, nil, true
	}
	if p.cut != nil {
		if cut, ok := p.cut.CutWhenPlain(p, pg); ok {
			return pg, &cut, true
		}
	}
	return PlainPage{}, nil, false
}

// plainOutcome is the answer the engine gives for a plain page instead of
// the tool's words: the facts of a whole read (Result.Unworded), or of
// the cut in its middle.
func plainOutcome(pg *PlainPage, cut *MiddleCut) *Outcome {
	o := &Outcome{noWords: true}
	if cut != nil {
		return cut.outcome(o)
	}
	o.Truncation = Truncation{FirstLine: 1, LastLine: pg.Lines, TotalLines: pg.Lines, TotalKnown: true}
	return o
}
