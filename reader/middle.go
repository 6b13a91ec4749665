package reader

import "encoding/json"

// What surrounds a tool may cut the middle out of its answer before the
// model gets it (Codex's history keeps a long tool output's head and tail,
// Cline's message builder each string's): the model sees the head's lines
// and the tail's, and none of those between whole. The profile cuts the
// text; these give the facts of such a cut alike.

// MiddleLines are the lines an answer cut in its middle shows whole, its
// lines spanning starts[i] to ends[i] (in the unit the cut counts): the
// head's last, the last line ending by head (-1 when none), and the
// tail's first, the first line starting at tail or after (len(starts)
// when none).
func MiddleLines(starts, ends []int, head, tail int) (last, resumes int) {
	last, resumes = -1, len(starts)
	for i := range starts {
		if ends[i] <= head {
			last = i
		}
		if starts[i] >= tail && resumes == len(starts) {
			resumes = i
		}
	}
	return last, resumes
}

// SetMiddleCut records on o's facts that its answer on lines was cut in
// its middle by cp, lines[:last+1] and lines[resumes:] shown whole: they
// become o's lines, laid in lines' own array (its middle is the head's).
// Nothing names a next call, so next, the call that reads on from a line,
// is the model's own.
func (o *Outcome) SetMiddleCut(lines []Line, last, resumes int, cp Cap, next func(line int) json.RawMessage) {
	lastN, resumesN, ends := 0, 0, 0
	if last >= 0 {
		lastN = lines[last].N
	}
	if resumes < len(lines) {
		resumesN, ends = lines[resumes].N, lines[len(lines)-1].N
	}
	first := lines[0].N
	shown := append(lines[:last+1], lines[resumes:]...)
	t := &o.Truncation
	t.CutLines = t.CutLines[:0]
	for _, l := range shown {
		if l.Cut {
			t.CutLines = append(t.CutLines, l.N)
		}
	}
	o.Lines = shown
	o.setMiddle(first, lastN, resumesN, ends, cp, next)
}

// setMiddle sets the facts of a cut whose head shows lines first to last
// whole (last 0: none), and its tail resumes to ends (0: none).
func (o *Outcome) setMiddle(first, last, resumes, ends int, cp Cap, next func(line int) json.RawMessage) {
	t := &o.Truncation
	t.Cap, t.Silent, t.Resumes, t.Ends = cp, true, resumes, ends
	if last == 0 {
		t.FirstLine, t.LastLine, t.Next = 0, 0, next(first)
		return
	}
	t.LastLine, t.Next = last, next(last+1)
}

// AnswerLength is the length of an answer that joins lines with a
// separator of one unit, each line taking size(l) units.
func AnswerLength(lines []Line, size func(Line) int) int {
	n := max(len(lines)-1, 0)
	for _, l := range lines {
		n += size(l)
	}
	return n
}

// LineSpans are where each line starts and ends in such an answer.
func LineSpans(lines []Line, size func(Line) int) (starts, ends []int) {
	starts, ends = make([]int, len(lines)), make([]int, len(lines))
	at := 0
	for i, l := range lines {
		if i > 0 {
			at++
		}
		starts[i] = at
		at += size(l)
		ends[i] = at
	}
	return starts, ends
}
