package render

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// Measure is what drawing a result needs to know of its whole text, at any
// width: where each line and part of the output starts, and how many cells
// each row takes. Finding it is a pass over the whole output, so a UI makes
// it once per result, off its loop (Measured), and a body at a new width
// then costs a pass over numbers, not over text: expanding a two-million-
// line card fits in a frame.
type Measure struct {
	r *reader.Result

	// The agent view: where each part and each output line starts; one more
	// entry ends the last.
	partStart, lineStart []int
	// The pretty view: the tools' cut marks by line, the notices' lines,
	// and the gutter's digits (0: the tool numbers no line).
	cuts    map[int]string
	notices []string
	gutter  int
	// gap is, for an answer cut in its middle, the index in r.Lines of the
	// tail's first line, and gapNotice the notice that marks the cut (an
	// index in notices): the pretty view draws it between head and tail.
	// -1 when there is none.
	gap, gapNotice int

	// Cells, when full: each row's width when every character in it takes
	// one cell (so that it wraps at any width into width-sized rows), else
	// -1. The pretty view's exclude the gutter.
	full                    bool
	agentCells, prettyCells []int32

	// lines is how many lines the output has; lineStart may index fewer
	// (measureHead).
	lines int
}

// Measured measures r whole: every row's width, building the rows that
// need it. It is the slow half of drawing a long result, made to run off
// the UI loop; Options.Measure hands it to NewBody.
func Measured(st *theme.Styles, r *reader.Result) *Measure {
	m := measure(r)
	a, p := newAgent(st, m), newPretty(st, m, nil)
	m.agentCells = make([]int32, a.len())
	for i := range m.agentCells {
		m.agentCells[i] = uniform(a, i)
	}
	m.prettyCells = make([]int32, p.sourceRows())
	for i := range m.prettyCells {
		if c := uniform(p, i); c >= 0 {
			m.prettyCells[i] = c - int32(p.margin())
		} else {
			m.prettyCells[i] = -1
		}
	}
	m.full = true
	return m
}

// uniform is row i's cells when every character in it takes one cell:
// known from its text, or found by building it; else -1.
func uniform(src source, i int) int32 {
	if c := src.cells(i); c >= 0 {
		return int32(c)
	}
	r := src.build(i)
	for _, c := range ansi.Strip(r.s) {
		if c >= utf8.RuneSelf && ansi.StringWidth(string(c)) != 1 {
			return -1 // wide, or joining its neighbour: wrapping it means building it
		}
	}
	return int32(r.w)
}

// measure finds where r's lines and parts start, and what the pretty view
// draws besides the source lines: one pass over the output, no styling.
func measure(r *reader.Result) *Measure { return measureHead(r, -1) }

// measureHead is measure with the agent view's lines found only as far as
// the first n (all when n < 0), and counted past them: a collapsed card
// shows ten lines, and a transcript of a hundred thousand collapsed cards
// would otherwise hold an index of every line of every result.
func measureHead(r *reader.Result, n int) *Measure {
	m := &Measure{r: r, cuts: map[int]string{}, gap: -1, gapNotice: -1}
	resumes := r.Truncation.Resumes
	m.partStart = make([]int, len(r.Parts)+1)
	marker := -1 // the last notice before the tail's lines
	for i, p := range r.Parts {
		m.partStart[i+1] = m.partStart[i] + len(p.Text)
		switch p.Kind {
		case reader.PartCut:
			m.cuts[p.Line] = words(p)
		case reader.PartNotice:
			m.notices = append(m.notices, strings.Trim(words(p), "\n"))
			if resumes > 0 && m.gapNotice < 0 {
				marker = len(m.notices) - 1
			}
		case reader.PartLine:
			if p.Prefix > 0 && m.gutter == 0 && len(r.Lines) > 0 {
				m.gutter = len(strconv.Itoa(r.Lines[len(r.Lines)-1].N))
			}
			if resumes > 0 && p.Line >= resumes && m.gapNotice < 0 {
				m.gapNotice = marker
			}
		}
	}
	if m.gapNotice >= 0 {
		m.gap = sort.Search(len(r.Lines), func(i int) bool { return r.Lines[i].N >= resumes })
	}
	text := strings.TrimRight(r.Output, "\n")
	if text == "" {
		return m
	}
	m.lines = strings.Count(text, "\n") + 1
	if n < 0 || n > m.lines {
		n = m.lines
	}
	m.lineStart = make([]int, 1, n+1)
	for at := 0; len(m.lineStart) < n; {
		nl := strings.IndexByte(text[at:], '\n')
		at += nl + 1
		m.lineStart = append(m.lineStart, at)
	}
	if n == m.lines {
		m.lineStart = append(m.lineStart, len(text)+1)
	} else {
		// The end of line n-1 is the start of line n.
		at := m.lineStart[n-1]
		m.lineStart = append(m.lineStart, at+strings.IndexByte(text[at:], '\n')+1)
	}
	return m
}

// measured is a source whose rows' cells a Measure holds, which a body
// reads straight from the slice: the widths and what each row adds to them.
type measured interface {
	measured() ([]int32, int32)
}

func (a *agent) measured() ([]int32, int32) { return a.m.agentCells, 0 }

func (p *pretty) measured() ([]int32, int32) { return p.m.prettyCells, int32(p.margin()) }

// words are a part's words as a reader of the answer reads them: its text
// unescaped when the tool wrote it inside a JSON string (Part.Escaped),
// else its text.
func words(p reader.Part) string {
	if !p.Escaped {
		return p.Text
	}
	var s string
	if json.Unmarshal([]byte(`"`+p.Text+`"`), &s) != nil {
		return p.Text // not a JSON string's inside after all: shown as written
	}
	return s
}
