package reader

import (
	"strings"
	"unsafe"
)

// Outcome is what a profile makes of a call: the output as it builds it.
type Outcome struct {
	Parts       []Part
	Lines       []Line
	IsError     bool
	Attachments []Attachment
	Truncation  Truncation
	Tokens      *Tokens
	Note        string
	After       string // Result.After
	preview     *string
	// noWords keeps no text but errors' (Result.Unworded): the outcome of
	// a page read with Request.NoWords, whose lines and facts are kept as
	// ever, or of a plain file answered from its shape.
	noWords bool
	// inPlace says the last Output was text itself, where every part and
	// line points already: share has nothing to do.
	inPlace bool
	// text is the output as Add writes it: the parts' and the lines' texts
	// are views into it, so a long read holds its text once while it is
	// built and Output costs no copy.
	text strings.Builder
}

// OutcomeFor is an empty outcome with room for a page: its lines, a frame
// and a separator each, and their text, so that building a two-million-line
// result neither copies nor leaves a trail of outgrown buffers.
func OutcomeFor(pg *Page) *Outcome {
	o := &Outcome{}
	o.noWords = pg != nil && pg.noWords
	if pg == nil || len(pg.Lines) == 0 {
		return o
	}
	n := len(pg.Lines)
	o.Lines = lineBufs.take(n)
	if o.noWords {
		// Only an error's words are kept: room for the page's text was
		// 280 MB of a --no-tokens audit of GOROOT/src, never written.
		return o
	}
	o.Parts = partBufs.take(2*n + 8)
	// A number prefix, a separator and a little markup a line, beyond the
	// text itself: an estimate; past it the builder grows as usual.
	o.text.Grow(pg.Bytes + 16*n + 512)
	return o
}

// OutcomeSized is an empty outcome with room for parts pieces and bytes
// of text: for a profile that builds its answer from others' (Join), whose
// sizes it knows, rather than growing to them.
func OutcomeSized(parts, bytes int) *Outcome {
	o := &Outcome{Parts: partBufs.take(parts)}
	o.text.Grow(bytes)
	return o
}

// SetPreview records the tool's metadata.preview.
func (o *Outcome) SetPreview(s string) { o.preview = &s }

func (o *Outcome) Frame(s string) { o.Add(Part{Kind: PartFrame, Text: s}) }

func (o *Outcome) Notice(s string) { o.Add(Part{Kind: PartNotice, Text: s}) }

func (o *Outcome) Media(s string) { o.Add(Part{Kind: PartMedia, Text: s}) }

// Line adds a source line printed as prefix+text, and the cut marker if the
// tool cut it.
func (o *Outcome) Line(l Line, prefix, cutMark string) {
	at := o.text.Len()
	if !o.noWords {
		o.text.WriteString(prefix)
	}
	o.line(at, l, cutMark)
}

// NumberedLine is Line behind its number, written in place where a string
// of it would be made for every line, and not made at all for an outcome
// that keeps no words (Request.NoWords): a page of an audit that counts
// no tokens.
func (o *Outcome) NumberedLine(l Line, num LineNumber, cutMark string) {
	at := o.text.Len()
	if !o.noWords {
		var buf [64]byte
		o.text.Write(AppendLinePrefix(buf[:0], num.Lead, num.N, num.Width, num.Sep))
	}
	o.line(at, l, cutMark)
}

// PrefixedLine is Line with a prefix made in the caller's buffer, for a
// number no LineNumber writes (JavaScript's arithmetic on an offset).
func (o *Outcome) PrefixedLine(l Line, prefix []byte, cutMark string) {
	at := o.text.Len()
	if !o.noWords {
		o.text.Write(prefix)
	}
	o.line(at, l, cutMark)
}

// line adds l's text after the prefix written from at.
func (o *Outcome) line(at int, l Line, cutMark string) {
	if o.noWords {
		o.Lines = appendDoubling(o.Lines, l)
		if l.Cut {
			o.Truncation.CutLines = append(o.Truncation.CutLines, l.N)
		}
		return
	}
	prefix := o.text.Len() - at
	o.text.WriteString(l.Text)
	text := o.text.String()[at:]
	if text != "" { // as Add, an empty piece is none
		o.Parts = appendDoubling(o.Parts, Part{Kind: PartLine, Text: text, Line: l.N, Prefix: prefix})
	}
	l.Text = text[prefix:]
	if l.Cut && cutMark != "" {
		o.Add(Part{Kind: PartCut, Text: cutMark, Line: l.N})
	}
	o.Lines = appendDoubling(o.Lines, l)
	if l.Cut {
		o.Truncation.CutLines = append(o.Truncation.CutLines, l.N)
	}
}

// ErrorText adds the text of an error to an outcome that is more than its
// error (envelope's JSON around the message) and marks the outcome an error.
func (o *Outcome) ErrorText(s string) {
	o.IsError = true
	o.Add(Part{Kind: PartError, Text: s})
}

func (o *Outcome) Add(p Part) {
	if p.Text == "" || o.noWords && p.Kind != PartError {
		return
	}
	at := o.text.Len()
	o.text.WriteString(p.Text)
	o.placed(p, at)
}

// AddWritten adds a part whose text write puts in the output: a profile
// that escapes what it shows (JSON, Python's json.dumps) writes the
// escaped text once, where it stays, rather than making a string of it
// to be copied.
func (o *Outcome) AddWritten(p Part, write func(*strings.Builder)) {
	if o.noWords && p.Kind != PartError {
		return
	}
	at := o.text.Len()
	write(&o.text)
	if o.text.Len() == at {
		return // as Add, an empty piece is none
	}
	p.Text = o.text.String()[at:]
	o.placed(p, at)
}

// LineWritten adds a source line the tool prints in its own escaping
// (envelope's JSON string): write puts the line as printed in the output,
// its first prefix bytes the number prefix.
func (o *Outcome) LineWritten(l Line, prefix int, write func(*strings.Builder)) {
	o.AddWritten(Part{Kind: PartLine, Line: l.N, Prefix: prefix}, write)
	o.Lines = appendDoubling(o.Lines, l)
}

// placed records p, whose text was just written to the output at at.
func (o *Outcome) placed(p Part, at int) {
	all := o.text.String()
	// Neighbouring pieces of the same kind are one piece.
	if n := len(o.Parts); n > 0 && p.Kind != PartLine && p.Kind != PartCut && o.Parts[n-1].Kind == p.Kind {
		last := &o.Parts[n-1]
		if from := at - len(last.Text); from >= 0 && all[from:at] == last.Text {
			last.Text = all[from:]
		} else { // a profile changed the part since (Claude Code's trim)
			last.Text += p.Text
		}
		return
	}
	p.Text = all[at:]
	o.Parts = appendDoubling(o.Parts, p)
}

// share points the parts' and the lines' texts into output, which holds
// them all: a long read then keeps its text once rather than three times.
// A line printed in the tool's own escaping (LineWritten) keeps its own text.
func (o *Outcome) share(output string) {
	if o.inPlace {
		return
	}
	at, li := 0, 0
	for i, p := range o.Parts {
		o.Parts[i].Text = output[at : at+len(p.Text)]
		at += len(p.Text)
		if p.Kind != PartLine {
			continue
		}
		for li < len(o.Lines) && o.Lines[li].N < p.Line {
			li++
		}
		if li < len(o.Lines) && o.Lines[li].N == p.Line && o.Parts[i].Text[p.Prefix:] == o.Lines[li].Text {
			o.Lines[li].Text = o.Parts[i].Text[p.Prefix:]
			li++
		}
	}
}

// Fail makes an error outcome: the whole output is the error's text.
func Fail(text string) *Outcome {
	o := &Outcome{IsError: true}
	o.Add(Part{Kind: PartError, Text: text})
	return o
}

func (o *Outcome) Output() string {
	n := 0
	for _, p := range o.Parts {
		n += len(p.Text)
	}
	// The parts laid end to end are usually the text as written: comparing
	// a view with itself costs nothing, so checking that is cheap.
	if all := o.text.String(); n <= len(all) {
		at := 0
		for _, p := range o.Parts {
			if all[at:at+len(p.Text)] != p.Text {
				break
			}
			at += len(p.Text)
		}
		if at == n {
			// The parts already lie in all, and not in a buffer the
			// builder has since outgrown, when the first one does: it was
			// written first.
			o.inPlace = n == 0 || unsafe.StringData(o.Parts[0].Text) == unsafe.StringData(all)
			return all[:n]
		}
	}
	o.inPlace = false
	var b strings.Builder
	b.Grow(n)
	for _, p := range o.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}
