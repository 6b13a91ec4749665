package codex

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/readlens/readlens/reader"
)

// Codex's harness, not the handler, has the last word on what the model
// gets: its history keeps a tool output within the model's truncation
// policy, gpt-5-codex's 10,000 tokens and a fifth more for serialization,
// estimated at 4 bytes a token. Past 48,000 bytes an answer keeps the
// characters wholly within its first 24,000 bytes and those from its last
// 24,000 on, and "…N tokens truncated…" between them, N the estimate of
// the bytes over 48,000, rounded up. gpt-5-codex is the model whose
// catalog entry offers read_file (testdata/oracle/codex, recorded with the
// policy as Codex 0.105.0 sets it).
const (
	cxKeptBytes = 10000 * 6 / 5 * 4
	cxHeadBytes = cxKeptBytes / 2
)

// cxAnswerBytes is the length of the answer the lines make: "L{n}: text"
// joined by \n.
func cxAnswerBytes(lines []reader.Line) int { return reader.AnswerLength(lines, cxLineBytes) }

func cxLineBytes(l reader.Line) int { return cxPrefixBytes(l.N) + len(l.Text) }

func cxPrefixBytes(n int) int { return len("L: ") + reader.Digits(n) }

// cxPlainBytes is cxAnswerBytes of a plain page shown whole from line 1:
// lines of bytes in all, without their newlines.
func cxPlainBytes(lines, bytes int) int {
	n := bytes + max(lines-1, 0) + len("L: ")*lines
	for from, digits := 1, 1; from <= lines; from, digits = from*10, digits+1 {
		n += (min(lines, from*10-1) - from + 1) * digits
	}
	return n
}

// cxCut is where the harness cuts an answer of total bytes: its head ends
// at headEnd, its tail starts at tailFrom, and marker goes between them;
// ok is false when the whole answer is kept. boundary moves an offset of
// the answer to a character boundary, down or up.
func cxCut(total int, boundary func(at int, up bool) int) (headEnd, tailFrom int, marker string, ok bool) {
	if total <= cxKeptBytes {
		return 0, 0, "", false
	}
	headEnd = boundary(cxHeadBytes, false)
	tailFrom = boundary(total-(cxKeptBytes-cxHeadBytes), true)
	return headEnd, tailFrom, "…" + strconv.Itoa((total-cxKeptBytes+3)/4) + " tokens truncated…", true
}

// ModelView is a read_file answer as Codex's harness hands it to
// gpt-5-codex. A rollout records the answer before the cut.
func ModelView(answer string) string {
	head, tail, marker, ok := cxCut(len(answer), func(at int, up bool) int { return runeBoundary(answer, at, up) })
	if !ok {
		return answer
	}
	return answer[:head] + marker + answer[tail:]
}

// runeBoundary moves at, an offset of s, down or up to where a character
// of s starts (or its end).
func runeBoundary(s string, at int, up bool) int {
	for at > 0 && at < len(s) && !utf8.RuneStart(s[at]) {
		if up {
			at++
		} else {
			at--
		}
	}
	return at
}

// cxHarness is o, the handler's answer on its lines, as the model gets it.
// next is the call that reads on from a line, the model's own: the harness
// names none.
func cxHarness(o *reader.Outcome, next func(line int) json.RawMessage) *reader.Outcome {
	lines := o.Lines
	total := cxAnswerBytes(lines)
	if total <= cxKeptBytes {
		return o
	}
	starts, ends := reader.LineSpans(lines, cxLineBytes)
	// The cuts fall on character boundaries: only a line's text holds
	// characters of more than a byte.
	boundary := func(at int, up bool) int {
		for i := range lines {
			from := starts[i] + cxPrefixBytes(lines[i].N)
			if at <= from || at >= ends[i] {
				continue
			}
			return from + runeBoundary(lines[i].Text, at-from, up)
		}
		return at
	}
	headEnd, tailFrom, marker, _ := cxCut(total, boundary)

	last, resumes := reader.MiddleLines(starts, ends, headEnd, tailFrom)
	cut := o
	if output := o.Output(); output != "" {
		cut = reader.OutcomeSized(2*len(lines)+8, cxKeptBytes+len(marker))
		// emit adds the answer's bytes a to b: its lines, whole or in
		// part, and the \n between them.
		emit := func(a, b int) {
			for i, l := range lines {
				if sep := starts[i] - 1; i > 0 && a <= sep && sep < b {
					cut.Frame("\n")
				}
				if lo, hi := max(a, starts[i]), min(b, ends[i]); lo < hi {
					prefix := max(0, min(starts[i]+cxPrefixBytes(l.N), hi)-lo)
					cut.Add(reader.Part{Kind: reader.PartLine, Text: output[lo:hi], Line: l.N, Prefix: prefix})
				}
			}
		}
		emit(0, headEnd)
		cut.Notice(marker)
		emit(tailFrom, total)
		cut.Truncation = o.Truncation
	}
	cut.SetMiddleCut(lines, last, resumes, reader.CapTokens, next)
	return cut
}

// CutWhenPlain says where the harness cuts a plain page the handler shows
// whole, from the lines at its two ends: the cut falls within a line's
// text only to keep its characters whole, which moves no line in or out.
func (codex) CutWhenPlain(p *reader.Plan, pg reader.PlainPage) (reader.MiddleCut, bool) {
	c := p.Call.(*cxCall)
	total := cxPlainBytes(pg.Lines, pg.Bytes)
	if c.indent || total <= cxKeptBytes {
		return reader.MiddleCut{}, false
	}
	cut := reader.MiddleCut{Whole: reader.Truncation{FirstLine: 1, LastLine: pg.Lines}, Cap: reader.CapTokens, Next: c.nextAt}
	cut.Last, cut.Resumes = pg.KeptLines(total, cxHeadBytes, total-(cxKeptBytes-cxHeadBytes),
		func(n int, text string) int { return cxPrefixBytes(n) + len(text) })
	return cut, true
}
