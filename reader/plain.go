package reader

import (
	"bytes"
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
// cuts the answer's middle at a length the page's lines tell (PlainCut).
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

// plainBreaks are the characters some runtimes end a line at, or drop
// at the start, which a plain file never holds.
var plainBreaks = [][]byte{[]byte("\u0085"), []byte("\u2028"), []byte("\u2029"), []byte("\ufeff")}

func (s *plainShape) survey(data []byte) *plainShape {
	s.once.Do(func() {
		ascii := true
		for _, b := range data {
			switch plainBytes[b] {
			case 0:
				return
			case 2:
				ascii = false
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
		s.plain, s.units, s.ascii = len(data) > 0, len(data), ascii
		if !ascii {
			s.units = 0
			for _, b := range data {
				if b&0xc0 != 0x80 { // a character's first byte: a unit
					s.units++
				}
				if b >= 0xf0 { // and a second, a surrogate pair's, past U+FFFF
					s.units++
				}
			}
		}
		for rest := data; len(rest) > 0; {
			i := bytes.IndexByte(rest, '\n')
			if i < 0 {
				s.longest = max(s.longest, len(rest))
				break
			}
			s.longest = max(s.longest, i)
			s.newlines++
			rest = rest[i+1:]
		}
		s.endsNL = len(data) > 0 && data[len(data)-1] == '\n'
	})
	return s
}

// plainWhole is the page of a held plain file that p's window shows
// whole, and whether the engine knows the answer from it: the default
// window of a file no cap reaches, which the profile says it words whole,
// or, when no one asked for words, whose middle it says what surrounds
// the tool cuts (the cut, nil when whole). Every comparison keeps a
// margin of one, whichever side of a cap the tool's own test falls.
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
	pg := PlainPage{Size: size, Lines: s.newlines, Bytes: len(h.data) - s.newlines, Longest: s.longest, Units: s.units - s.newlines,
		Text: unsafe.String(unsafe.SliceData(h.data), len(h.data)), newlines: s.newlines}
	if !s.endsNL || p.Text.Split.Phantom {
		pg.Lines++
	}
	w := p.Window
	switch {
	case w.Start != 0,
		w.Limit >= 0 && pg.Lines >= w.Limit,
		w.MaxLines > 0 && pg.Lines >= w.MaxLines,
		w.Cut.Max > 0 && pg.Longest >= w.Cut.Max,
		pg.Longest >= w.retain(),
		w.Budget.Max > 0 && pg.Bytes+w.Budget.Each*pg.Lines+w.Budget.Sep*(pg.Lines-1) >= w.Budget.Max:
		return PlainPage{}, nil, false
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
