package cline

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/readlens/readlens/reader"
)

// Cline's session builds each request from the conversation through its
// message builder (@cline/core's MessageBuilder.buildForApi), which keeps
// at most 8,000 characters (UTF-16 units) of every string of a tool's
// result: read_files's result for a file, numbered lines and notice, keeps
// its first and last k units around "\n\n...[truncated N chars]...\n\n",
// k and N as its H8 works them out from two guesses at the marker's
// length. A cut may split a surrogate pair: JSON.stringify then writes the
// half as its escape. Images are left whole. (testdata/oracle/cline's
// transport_* cases, recorded through the package's own builder.)
const clKeptUnits = 8000

func clMarker(n int) string { return "\n\n...[truncated " + strconv.Itoa(n) + " chars]...\n\n" }

// clKeep is how many units each end of a result of total units keeps, and
// the marker between them; ok is false when the result is kept whole.
func clKeep(total int) (keep int, marker string, ok bool) {
	if total <= clKeptUnits {
		return 0, "", false
	}
	guess := max(0, (clKeptUnits-len(clMarker(total-clKeptUnits)))/2)
	marker = clMarker(max(0, total-2*guess))
	return max(0, (clKeptUnits-len(marker))/2), marker, true
}

// clTransport is o, one file's result on its lines, as the message builder
// hands it to the model. width is the lines' number width, notice the
// tool's own notice after them ("" when none), next the call that reads on
// from a line, the model's own: the builder names none.
func clTransport(o *reader.Outcome, width int, notice string, next func(line int) json.RawMessage) *reader.Outcome {
	lines := o.Lines
	// A line's length in the result, in UTF-16 units.
	size := func(l reader.Line) int {
		n := max(width, reader.Digits(l.N)) + len(" | ") + units(l.Text)
		if l.Cut {
			n += len(clCutSuffix)
		}
		return n
	}
	total := reader.AnswerLength(lines, size) + units(notice)
	keep, marker, ok := clKeep(total)
	if !ok || len(lines) == 0 {
		return o
	}
	starts, ends := reader.LineSpans(lines, size)
	last, resumes := reader.MiddleLines(starts, ends, keep, total-keep)
	cut := o
	if output := o.Output(); output != "" {
		// A line the tool cut inside a surrogate pair ends in a U+FFFD
		// that stands for its half (Line.Lone): Join escapes the half of
		// a line shown whole; of the tail's first line, cut at its start,
		// the half is kept as WTF-8.
		lone := map[int]rune{}
		for _, l := range lines {
			if l.Lone != 0 {
				lone[l.N] = l.Lone
			}
		}
		cut = reader.OutcomeSized(2*len(lines)+8, 2*clKeptUnits)
		cut.Note = o.Note
		// emit adds the result's units from to to. The parts outside are
		// never measured: the head's are found from the start, the tail's
		// from the end, and a result is most often 2,000 lines of which
		// each end keeps a few hundred.
		emit := func(from, to int, tail bool) {
			at, first := 0, 0
			if tail {
				at, first = total, len(o.Parts)
				for first > 0 && at > from {
					first--
					at -= units(o.Parts[first].Text)
				}
			}
			for _, pt := range o.Parts[first:] {
				if at >= to {
					break
				}
				n := units(pt.Text)
				if lo, hi := max(from, at), min(to, at+n); lo < hi {
					text := pt.Text
					if lo > at || hi < at+n {
						text = unitSlice(text, lo-at, hi-at)
					}
					if r := lone[pt.Line]; tail && r != 0 && pt.Kind == reader.PartLine && hi == at+n && lo > at {
						text = string(appendHalf([]byte(strings.TrimSuffix(text, reader.Replacement)), r))
					}
					pt.Prefix = max(0, min(pt.Prefix, hi-at)-(lo-at))
					pt.Text = text
					cut.Add(pt)
				}
				at += n
			}
		}
		emit(0, keep, false)
		cut.Notice(marker)
		emit(total-keep, total, true)
		cut.Truncation = o.Truncation
	}
	cut.SetMiddleCut(lines, last, resumes, reader.CapBytes, next)
	return cut
}

// units is the length of s in UTF-16 units, JavaScript's length.
func units(s string) int { return int(reader.SizeOf(s).UTF16) }

// unitSlice is s.slice(from, to) in UTF-16 units, as JavaScript slices: a
// surrogate pair it splits leaves its half, kept as WTF-8
// (node.EscapeHalves writes it).
func unitSlice(s string, from, to int) string {
	if from >= to {
		return ""
	}
	var b []byte
	at := 0
	for _, r := range s {
		n := utf16.RuneLen(r)
		switch {
		case at >= to:
			return string(b)
		case n == 2 && (at+1 == from || at+1 == to):
			hi, lo := utf16.EncodeRune(r)
			if at+1 == to && at >= from {
				b = appendHalf(b, hi)
			} else if at+1 == from {
				b = appendHalf(b, lo)
			}
		case at >= from && at+n <= to:
			b = utf8.AppendRune(b, r)
		}
		at += n
	}
	return string(b)
}

// appendHalf appends the surrogate u as WTF-8.
func appendHalf(b []byte, u rune) []byte {
	return append(b, 0xed, 0x80|byte(u>>6)&0x3f, 0x80|byte(u)&0x3f)
}

// CutWhenPlain says where the message builder cuts a plain page the tool
// shows whole, from the lines at its two ends.
func (cline) CutWhenPlain(p *reader.Plan, pg reader.PlainPage) (reader.MiddleCut, bool) {
	c := p.Call.(*clCall)
	width := reader.Digits(pg.Lines)
	total := clPlainUnits(pg, width)
	keep, _, ok := clKeep(total)
	if !ok {
		return reader.MiddleCut{}, false
	}
	cut := reader.MiddleCut{
		Whole: reader.Truncation{FirstLine: 1, LastLine: pg.Lines, TotalLines: pg.Lines, TotalKnown: true},
		Cap:   reader.CapBytes, Next: c.nextAt,
	}
	cut.Last, cut.Resumes = pg.KeptLines(total, keep, total-keep,
		func(_ int, text string) int { return width + len(" | ") + units(text) })
	return cut, true
}

// clPlainUnits is the length of a plain page's result in UTF-16 units,
// its lines numbered to width: "N | text" joined by \n.
func clPlainUnits(pg reader.PlainPage, width int) int {
	return pg.Units + pg.Lines*(width+len(" | ")) + max(pg.Lines-1, 0)
}
