package reader

import (
	"encoding/json"
	"iter"
	"strings"
)

// PlainCut is implemented by a profile whose answer is cut in its middle
// by what surrounds the tool (Codex's harness, Cline's message builder)
// once it passes a length: a plain page the window left whole and the
// profile did not word whole (PlainWhole) may then be cut. CutWhenPlain
// says where, from the page's lines alone, or ok false to have the page
// read; the engine asks only when no one wants the words (Request.NoWords),
// and the facts must be those of the read (TestPlainWholeIsWhole reads
// every case both ways). A long page is windowed and worded ten times in
// an audit; its cut needs only the lines near its two ends.
type PlainCut interface {
	CutWhenPlain(p *Plan, pg PlainPage) (cut MiddleCut, ok bool)
}

// MiddleCut is where an answer on a plain page was cut in its middle.
type MiddleCut struct {
	// Whole are the facts the tool gives of the page shown whole, before
	// the cut: its first and last lines and its total.
	Whole Truncation
	// Last is the number of the head's last line shown whole (0 when
	// none); Resumes the tail's first (0 when none).
	Last, Resumes int
	Cap           Cap
	// Next is the call that reads on from a line, the model's own.
	Next func(line int) json.RawMessage
	// Told marks a cut that is no cut in the middle: the tool shows the
	// page's first Last lines and says so (Claude Code's partial page).
	// Whole is then the answer's facts as they are, and nothing is silent.
	Told bool
}

// outcome sets o's facts to the cut's: its lines are the head's and the
// tail's, numbered and without text.
func (c *MiddleCut) outcome(o *Outcome) *Outcome {
	o.Truncation = c.Whole
	if c.Told {
		o.Lines = lineBufs.take(c.Last)
		for n := 1; n <= c.Last; n++ {
			o.Lines = append(o.Lines, Line{N: n})
		}
		return o
	}
	ends := 0
	if c.Resumes > 0 {
		ends = c.Whole.LastLine
	}
	o.Lines = lineBufs.take(c.Last + max(ends-c.Resumes+1, 0))
	for n := 1; n <= c.Last; n++ {
		o.Lines = append(o.Lines, Line{N: n})
	}
	for n := c.Resumes; n > 0 && n <= ends; n++ {
		o.Lines = append(o.Lines, Line{N: n})
	}
	o.setMiddle(c.Whole.FirstLine, c.Last, c.Resumes, ends, c.Cap, c.Next)
	return o
}

// KeptLines are the lines a cut in the middle of an answer on the page
// keeps whole: the answer lays the lines out in order, line n taking
// size(n, text) units and one unit between two lines, total units in all,
// and the cut keeps its first head units and those from tail on. last is
// the head's last line shown whole, resumes the tail's first (0: none).
// Only the lines near the two ends are looked at.
func (pg *PlainPage) KeptLines(total, head, tail int, size func(n int, text string) int) (last, resumes int) {
	at := 0 // where line n starts
	for n, text := range pg.forward() {
		end := at + size(n, text)
		if end > head {
			break
		}
		last, at = n, end+1
	}
	end := total // where line n ends
	for n, text := range pg.backward() {
		start := end - size(n, text)
		if start < tail {
			break
		}
		resumes, end = n, start-1
	}
	return last, resumes
}

// forward are the page's lines from the first, numbered from 1.
func (pg *PlainPage) forward() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		rest := pg.Text
		for n := 1; n <= pg.Lines; n++ {
			line, after, _ := strings.Cut(rest, "\n")
			if !yield(n, line) {
				return
			}
			rest = after
		}
	}
}

// backward are the page's lines from the last.
func (pg *PlainPage) backward() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		rest := pg.Text
		if pg.Lines == pg.newlines {
			rest = rest[:len(rest)-1] // the last \n ends the last line: no line follows it
		}
		for n := pg.Lines; n >= 1; n-- {
			i := strings.LastIndexByte(rest, '\n')
			if !yield(n, rest[i+1:]) {
				return
			}
			rest = rest[:max(i, 0)]
		}
	}
}
