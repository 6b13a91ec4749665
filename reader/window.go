package reader

import (
	"bytes"
	"unicode/utf8"
)

// Unit is what a cap counts.
type Unit int

const (
	Bytes Unit = iota // UTF-8 bytes
	UTF16             // UTF-16 code units: JavaScript's String.length
	Runes             // code points: Python's len()
)

// Window says which lines a call shows and what the tool cuts.
type Window struct {
	Start    int     // 0-based index of the first line shown
	Limit    int     // lines the call asked for; negative: no limit
	MaxLines int     // the tool's own line cap, apart from the call's limit; 0: none
	Cut      LineCut // the per-line cap
	Budget   Budget  // the cap on the whole window
	Count    bool    // scan to the end of the file to learn its line count
	// CheckUTF8 reports invalid UTF-8 anywhere in the file, not only in the
	// lines shown (envelope's fallback_encoding is a whole-file fact).
	CheckUTF8 bool
	// Hold is the most of one line readlens holds, in bytes; 0 is
	// largestLine. Past it a line is measured but only its head is kept
	// (Page.Clipped). Tests set less, to meet such a line cheaply.
	Hold int
	// expect is how many lines the window will likely hold, from the
	// file's size: Page.Lines starts at that capacity rather than growing
	// to it by doubling, which copied every line several times. 0: no
	// guess.
	expect int
}

// expectedLines guesses the lines a window of a file of size bytes holds:
// one per 20 bytes (Go's own source averages 30 a line: most files then
// fit without growing), within the window's limits, and at most 4096 (a
// wrong guess costs at most that).
func (w Window) expectedLines(size int64) int {
	n := int(min(size/20+1, 4096))
	if w.Limit >= 0 {
		n = min(n, w.Limit)
	}
	if w.MaxLines > 0 {
		n = min(n, w.MaxLines)
	}
	return max(n, 0)
}

// LineCut cuts lines longer than Max, in Unit, and appends Suffix.
type LineCut struct {
	Max    int // 0: lines are never cut
	Unit   Unit
	Suffix string
	// Raw cuts the line's bytes before they are decoded, as crush does
	// (strings.ToValidUTF8(line[:Max], "")): what is cut off never counts,
	// valid or not, and the invalid bytes before the cut are dropped, a
	// rune the cut splits with them. A Raw line is measured in the bytes
	// the tool read, invalid ones included. Unit must be Bytes.
	Raw bool
}

// Budget caps the text of the whole window. A line that does not fit ends it.
type Budget struct {
	Max  int // 0: no budget
	Unit Unit
	Sep  int // charged for each line after the first: the "\n" between lines
	// Each is charged for every line, the first included: a number prefix
	// and newline the tool counts per line (Cline).
	Each int
	// First shows the first line whatever it costs: the budget only ends
	// the window at a later line (Cline always returns one line).
	First bool
	// Halt stops the window at the line that does not fit, as opencode stops
	// its stream there (pi keeps counting). With Window.Count readlens still
	// counts the rest, for its own facts: nothing of it reaches the tool.
	Halt bool
	// LoneBytes, with Unit Bytes and above 0, is what an unpaired
	// surrogate costs, not the 3 bytes of the U+FFFD it is written as:
	// Bun's Buffer.byteLength counts it 2, whether a UTF-16 cut left it
	// (Line.Lone) or the file held it (halves.go).
	LoneBytes int
}

// Stop says why a window ended.
type Stop int

const (
	StopEOF      Stop = iota // the file ended
	StopLimit                // the call's limit was reached and more lines follow
	StopMaxLines             // the tool's own line cap was reached and more lines follow
	StopBudget               // the next line did not fit the budget
)

// Line is one source line as a tool shows it.
//
// Its fields are ordered to pack it into 48 bytes: a two-million-line read
// holds one per line.
type Line struct {
	N    int    `json:"n"`    // 1-based line number in the file
	Text string `json:"text"` // decoded text, cut to the tool's cap, without the cut suffix

	// What the model cannot see of the line, for readlens compare:
	// Replaced counts the file's bytes behind the text shown that were not
	// valid UTF-8 (each maximal run became one U+FFFD), or were a UTF-16
	// unpaired surrogate or a UTF-32 unit of no character (halves.go,
	// each a U+FFFD too); Lost the code
	// points the per-line cap cut off, the cut suffix aside; CRLF says the
	// file ended the line \r\n and the text keeps no \r of it, so the model
	// sees the line end \n.
	Replaced int   `json:"-"`
	Lost     int64 `json:"-"`

	// Lone is the high surrogate a UTF-16 cut kept of a split pair, which
	// Text ends with as U+FFFD; JSON.stringify writes it as "\udXXX" (Cline).
	Lone rune `json:"-"`
	Cut  bool `json:"cut,omitempty"` // the tool cut this line and appended its suffix
	// Bad says bytes of the text shown were not valid UTF-8 (and were
	// replaced): crush refuses such a section, counting only what it keeps.
	Bad  bool `json:"-"`
	CRLF bool `json:"-"`
}

// Over describes the line that did not fit the budget.
type Over struct {
	N    int      // its line number
	Size textSize // its whole decoded size
	Cost int      // what it would have charged the budget
}

// Page is what the window stage found.
type Page struct {
	Lines   []Line
	Bytes   int // the lines' texts together, for sizing what a profile builds of them
	BOM     int // the bytes of a byte order mark the decoding dropped
	Stop    Stop
	Total   int  // lines in the file; when the budget halted the scan, the number of the line that did not fit
	Counted bool // Total is the whole file's line count
	Over    *Over
	// Charged is what the lines shown charged the budget, in its unit: a
	// line of invalid UTF-8 measured as the tool measures it (LineCut.Raw:
	// the bytes it read), not as the U+FFFDs of its text.
	Charged int
	// Phantom says the last line the window read, shown or the one that
	// did not fit, was Split.Phantom's empty line after a final newline:
	// no byte of the file. A line the split emptied (a lone final \r under
	// TrimLastCR) is not.
	Phantom bool
	Invalid bool // some bytes were not valid UTF-8 and were replaced
	// Clipped lists the lines shown uncut that were longer than readlens
	// holds (Window.Hold, largestLine): the tool would show each whole,
	// readlens shows its head. A profile says so (envelope does).
	Clipped []Clip
	Err     error
	// noWords is Plan.noWords: OutcomeFor makes an outcome of no text.
	noWords bool
}

// Clip is a line readlens showed only the head of, and its whole size.
type Clip struct {
	N     int   // its line number
	Bytes int64 // the whole line, decoded, in UTF-8 bytes
	UTF16 int64 // in UTF-16 code units
	Runes int64 // in code points
}

// largestLine bounds what readlens holds of one line whatever a tool would
// show: past it the window still measures the line but keeps only its head.
const largestLine = 64 << 20

// retain is how much of a line the window must hold to cut or measure it.
func (w *Window) retain() int {
	n := largestLine
	if w.Hold > 0 {
		n = w.Hold
	}
	if w.Cut.Max > 0 {
		// A UTF-16 unit or a code point is at most 4 bytes, an invalid byte
		// run at most 3: 4 bytes per unit always cover the cut.
		n = min(n, 4*w.Cut.Max+4)
	}
	if w.Budget.Max > 0 {
		// Decoded text is never shorter than its bytes, and a unit never
		// covers more than 4 bytes, so a longer line cannot fit. A budget in
		// bytes needs no more than itself: Claude Code's is 3.2 MB.
		per := 4
		if w.Budget.Unit == Bytes {
			per = 1
		}
		n = min(n, per*w.Budget.Max+4)
	}
	return n
}

// window reads the lines a call shows from s.
func window(s *scanner, w Window) *Page {
	pg := &Page{}
	if w.expect > 0 {
		pg.Lines = lineBufs.take(w.expect)
	}
	// A scanner resumed from Marks has passed some of the lines already.
	if s.skip(w.Start - s.lines); s.lines < w.Start {
		pg.Total, pg.Counted = s.lines, true
		return pg.done(s)
	}
	s.marks.note(s)
	retain := w.retain()
	// Held plain text no line of which passes the hold is cut by nextPlain,
	// and all ASCII, needs no look at a line's bytes to know it.
	plain := s.plain != nil && s.plain.longest <= retain
	allASCII := plain && s.plain.ascii
	used := 0
	var texts strs
	// A line that ended at \r (Universal) ended \r\n if a \n follows, which
	// the scanner sees on its next look; each way out of the loop looks.
	pending := -1
	settle := func() {
		if pending >= 0 {
			pg.Lines[pending].CRLF = s.crLF
			pending = -1
		}
	}
	defer settle()
	for {
		n := len(pg.Lines)
		if w.Limit >= 0 && n == w.Limit {
			more := s.more()
			settle()
			if more {
				pg.Stop = StopLimit
				s.marks.note(s) // where the next page starts
			}
			break
		}
		if w.MaxLines > 0 && n == w.MaxLines {
			more := s.more()
			settle()
			if more {
				pg.Stop = StopMaxLines
				s.marks.note(s)
			}
			break
		}
		var raw rawLine
		var ok bool
		if plain {
			raw, ok = s.nextPlain()
		} else {
			raw, ok = s.next(retain)
		}
		settle()
		if !ok {
			break
		}
		pg.Phantom = raw.phantom
		num := w.Start + n + 1
		head := raw.head
		if !raw.complete {
			// The hold may end inside a character: it is not shown, and is
			// not invalid UTF-8.
			head = wholeRunes(head)
		}
		rawCut := w.Cut.Raw && w.Cut.Max > 0 && len(head) > w.Cut.Max
		if rawCut {
			head = bytes.ToValidUTF8(head[:w.Cut.Max], nil)
		}
		var text string
		var replaced, halves int
		// Most lines are ASCII: valid, and a byte, a rune and a UTF-16
		// unit a character, known in one pass over the line.
		ascii := allASCII || isASCII(head)
		switch {
		case ascii || plain || utf8.Valid(head): // plain text is valid throughout
			var ok bool
			if text, ok = s.view(head); !ok {
				text = texts.of(head)
			}
		case s.halves > 0:
			text, halves = keptHalves(head)
		default:
			text, replaced = s.decode(head)
		}
		bad := replaced > 0
		pg.Invalid = pg.Invalid || bad
		size := raw.size
		switch {
		case rawCut && raw.complete:
			size = textSize{Bytes: int64(len(raw.head))}
		case raw.complete && ascii:
			n := int64(len(text))
			size = textSize{Bytes: n, Runes: n, UTF16: n}
		case raw.complete:
			size = SizeOf(text)
			if w.Cut.Raw {
				size.Bytes = int64(len(head)) // not the U+FFFDs' bytes
			}
		}
		line := Line{N: num, Text: text, Bad: bad, Cut: rawCut, Replaced: replaced, CRLF: raw.crlf}
		if !rawCut && w.Cut.Max > 0 && unitsOf(size, w.Cut.Unit) > int64(w.Cut.Max) {
			line.Text, line.Cut = cut(text, w.Cut)
			if line.Cut && w.Cut.Unit == UTF16 {
				line.Lone = loneHigh(text, line.Text)
			}
			if line.Cut && bad {
				line.Replaced = replacedUpTo(head, len(line.Text))
			}
			if line.Cut && halves > 0 {
				halves = halvesIn(head[:len(line.Text)]) // the text is the head, halves written over
			}
		}
		if line.Cut {
			line.Lost = lost(line, raw, size, rawCut)
		}
		line.Replaced += halves * s.halves
		if w.Budget.Max > 0 {
			cost := w.cost(line, size, n, halves)
			if used+cost > w.Budget.Max && !(w.Budget.First && n == 0) {
				pg.Stop = StopBudget
				pg.Over = &Over{N: num, Size: size, Cost: cost}
				if w.Budget.Halt {
					pg.Total = num
					if w.Count {
						// The tool stops here; readlens counts on, for the
						// warning's "of N" alone.
						s.count() // adds what it passes to s.lines
						pg.Total, pg.Counted = s.lines, true
					}
					return pg.done(s)
				}
				break
			}
			used += cost
			pg.Charged = used
		}
		if !raw.complete && !line.Cut {
			pg.Clipped = append(pg.Clipped, Clip{N: num, Bytes: size.Bytes, UTF16: size.UTF16, Runes: size.Runes})
		}
		pg.Lines = appendDoubling(pg.Lines, line)
		pg.Bytes += len(line.Text)
		if raw.atCR {
			pending = len(pg.Lines) - 1
		}
	}
	pg.Total = s.lines
	if w.Count {
		pg.Total += s.count()
		pg.Counted = true
	}
	return pg.done(s)
}

// lost is how many code points the per-line cap cut off line: the whole
// line's (measured, or decoded here when a raw cut left only bytes) less
// those shown, a lone surrogate's U+FFFD not counting as shown.
func lost(line Line, raw rawLine, size textSize, rawCut bool) int64 {
	whole := size.Runes
	if rawCut && raw.complete {
		full, _ := decodeUTF8(raw.head)
		whole = int64(utf8.RuneCountInString(full))
	}
	shown := int64(utf8.RuneCountInString(line.Text))
	if line.Lone != 0 {
		shown--
	}
	return max(0, whole-shown)
}

func (pg *Page) done(s *scanner) *Page {
	if s.check != nil {
		if !s.check.closed {
			// The scan stopped early: check the rest so the verdict covers the file.
			s.count()
		}
		pg.Invalid = pg.Invalid || s.check.invalid
	}
	pg.Err = s.err
	return pg
}

// cost is what a shown line charges the budget; halves is how many of its
// U+FFFDs are unpaired surrogates of the file (halves.go).
func (w *Window) cost(l Line, whole textSize, shown, halves int) int {
	var units int64
	if l.Cut {
		units = unitsOf(SizeOf(l.Text), w.Budget.Unit) + unitsOf(SizeOf(w.Cut.Suffix), w.Budget.Unit)
		if l.Lone != 0 {
			halves++
		}
	} else {
		units = unitsOf(whole, w.Budget.Unit)
	}
	if halves > 0 && w.Budget.LoneBytes > 0 && w.Budget.Unit == Bytes {
		units += int64(halves * (w.Budget.LoneBytes - utf8.RuneLen(utf8.RuneError)))
	}
	if shown > 0 {
		units += int64(w.Budget.Sep)
	}
	units += int64(w.Budget.Each)
	return int(min(units, int64(1)<<40))
}

func unitsOf(z textSize, u Unit) int64 {
	switch u {
	case UTF16:
		return z.UTF16
	case Runes:
		return z.Runes
	}
	return z.Bytes
}

// wholeRunes drops a character cut in two at the end of b.
func wholeRunes(b []byte) []byte {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return b[:i]
			}
			break
		}
	}
	return b
}

// runeBoundary is the largest n <= max at which b can be cut without
// splitting a rune.
func runeBoundary(b []byte, max int) int {
	i := max
	for i > 0 && !utf8.RuneStart(b[i]) {
		i--
	}
	return i
}

func cut(s string, c LineCut) (string, bool) {
	switch c.Unit {
	case UTF16:
		return cutUTF16(s, c.Max)
	case Runes:
		return cutRunes(s, c.Max)
	}
	return cutBytes(s, c.Max)
}
