package render

import (
	"fmt"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// agent is the agent view's rows: the output's lines, each piece styled by
// its kind, trailing empty lines dropped as the agents' TUIs drop them. It
// keeps where each line and part starts in the output, nothing styled.
type agent struct {
	pal       *palette
	out       string
	parts     []reader.Part
	partStart []int // where each part starts in out; one more entry ends the last
	lineStart []int // where each line starts; one more entry is one past the last line's end
	m         *Measure
}

func newAgent(st *theme.Styles, m *Measure) *agent {
	return &agent{pal: paletteOf(st), out: m.r.Output, parts: m.r.Parts, partStart: m.partStart, lineStart: m.lineStart, m: m}
}

func (a *agent) len() int { return max(len(a.lineStart)-1, 0) }

func (a *agent) line(i int) (int, int) { return a.lineStart[i], a.lineStart[i+1] - 1 }

func (a *agent) text(i int) string {
	from, to := a.line(i)
	return a.out[from:to]
}

// lineOf is the file line whose text starts output line i.
func (a *agent) lineOf(i int) (int, bool) {
	from, _ := a.line(i)
	p := sort.Search(len(a.parts), func(p int) bool { return a.partStart[p+1] > from })
	if p < len(a.parts) && a.parts[p].Kind == reader.PartLine && a.parts[p].Line > 0 && a.partStart[p] == from {
		return a.parts[p].Line, true
	}
	return 0, false
}

// find is the output line where the part of the file's line n starts.
func (a *agent) find(n int) (int, bool) {
	for p, pt := range a.parts {
		if pt.Kind == reader.PartLine && pt.Line == n {
			at := a.partStart[p]
			return sort.Search(a.len(), func(i int) bool { return a.lineStart[i+1] > at }), true
		}
	}
	return 0, false
}

func (a *agent) cells(i int) int {
	if a.m.full {
		return int(a.m.agentCells[i])
	}
	if from, to := a.line(i); asciiRun(a.out[from:to]) == to-from {
		return to - from // most lines of most files
	}
	// The same walk as build's, counting cells where it can without
	// styling: printable ASCII and tabs.
	col, base := 0, 0
	for _, s := range a.segs(i) {
		if s.prefix > 0 {
			c, ok := asciiCells(s.text[:s.prefix], col)
			if !ok {
				return -1
			}
			col, base = c, c
		}
		c, ok := asciiCells(s.text[s.prefix:], col-base)
		if !ok {
			return -1
		}
		col = base + c
	}
	return col
}

// seg is a piece of an output line: the part of a kind it comes from.
type seg struct {
	kind   reader.PartKind
	text   string
	prefix int // the bytes of the number prefix that start text
}

// segs cuts output line i into the parts it holds.
func (a *agent) segs(i int) []seg {
	from, to := a.line(i)
	var segs []seg
	p := sort.Search(len(a.parts), func(p int) bool { return a.partStart[p+1] > from })
	for ; p < len(a.parts) && a.partStart[p] < to; p++ {
		start := max(from, a.partStart[p])
		text := a.out[start:min(to, a.partStart[p+1])]
		if text == "" {
			continue
		}
		prefix := 0
		if a.parts[p].Kind == reader.PartLine && start == a.partStart[p] {
			prefix = min(a.parts[p].Prefix, len(text))
		}
		segs = append(segs, seg{a.parts[p].Kind, text, prefix})
	}
	return segs
}

func (a *agent) build(i int) row {
	segs := a.segs(i)
	var b strings.Builder
	// Tab stops count from where the line's content starts, after the
	// number prefix, so a leading tab lines up whatever the number's width;
	// a tab in the prefix (Claude Code's "12\t") is shown as one too.
	col, base := 0, 0
	for j, s := range segs {
		if s.prefix > 0 {
			runs, c := visible(s.text[:s.prefix], col, show{tabs: true})
			paint(&b, runs, a.pal.gutter, a.pal.invisible)
			col, base = c, c
		}
		sh := agentShow
		sh.trailing = j == len(segs)-1
		runs, c := visible(s.text[s.prefix:], col-base, sh)
		paint(&b, runs, a.pal.part(s.kind), a.pal.invisible)
		col = base + c
	}
	return row{b.String(), col}
}

// pretty is the pretty view's rows: the source lines with a gutter of the
// tool's line numbers, then the tool's notices. An answer cut in its
// middle shows its head's lines, the notice that marks the cut, then its
// tail's.
type pretty struct {
	pal     *palette
	lines   []reader.Line
	hl      []string
	m       *Measure
	gutter  int   // the widest line number's digits; 0: the tool numbers no line
	gap     []row // the cut's notice, drawn before lines[m.gap]
	notices []row // built: a blank row, then the notice's lines, for each
}

func newPretty(st *theme.Styles, m *Measure, hl []string) *pretty {
	p := &pretty{pal: paletteOf(st), lines: m.r.Lines, hl: hl, m: m, gutter: m.gutter}
	for i, n := range m.notices {
		if i == m.gapNotice {
			// In the text's column, past the numbers.
			pad := strings.Repeat(" ", p.margin())
			for _, t := range textRows(st.Notice, n) {
				p.gap = append(p.gap, row{pad + t, p.margin() + ansi.StringWidth(t)})
			}
			continue
		}
		p.notices = append(p.notices, row{})
		for _, t := range textRows(st.Notice, n) {
			p.notices = append(p.notices, row{t, ansi.StringWidth(t)})
		}
	}
	return p
}

// sourceRows are the rows of the lines and the cut between them.
func (p *pretty) sourceRows() int { return len(p.lines) + len(p.gap) }

func (p *pretty) len() int { return p.sourceRows() + len(p.notices) }

// at says what row i of the source rows draws: a line, by its index, or
// else a row of the cut's notice.
func (p *pretty) at(i int) (line int, gap *row) {
	switch {
	case len(p.gap) == 0 || i < p.m.gap:
		return i, nil
	case i < p.m.gap+len(p.gap):
		return -1, &p.gap[i-p.m.gap]
	}
	return i - len(p.gap), nil
}

// rowOf is the row of the line at index li.
func (p *pretty) rowOf(li int) int {
	if len(p.gap) > 0 && li >= p.m.gap {
		return li + len(p.gap)
	}
	return li
}

func (p *pretty) text(i int) string {
	if i < p.sourceRows() {
		if li, _ := p.at(i); li >= 0 {
			return p.lines[li].Text
		}
	}
	return ""
}

func (p *pretty) lineOf(i int) (int, bool) {
	if i < p.sourceRows() {
		if li, _ := p.at(i); li >= 0 {
			return p.lines[li].N, true
		}
	}
	return 0, false
}

func (p *pretty) find(n int) (int, bool) {
	i := sort.Search(len(p.lines), func(i int) bool { return p.lines[i].N >= n })
	return p.rowOf(i), i < len(p.lines) && p.lines[i].N == n
}

func (p *pretty) cells(i int) int {
	if i >= p.sourceRows() {
		return p.notices[i-p.sourceRows()].w
	}
	if p.m.full {
		if c := p.m.prettyCells[i]; c >= 0 {
			return p.margin() + int(c)
		}
		return -1
	}
	li, gap := p.at(i)
	if gap != nil {
		return gap.w
	}
	c, ok := asciiCells(p.lines[li].Text, 0)
	if !ok {
		return -1
	}
	w := p.margin() + c
	if c, ok := p.m.cuts[p.lines[li].N]; ok {
		mark := Plain(c)
		if asciiRun(mark) != len(mark) {
			return -1
		}
		w += len(mark)
	}
	return w
}

func (p *pretty) build(i int) row {
	if i >= p.sourceRows() {
		return p.notices[i-p.sourceRows()]
	}
	li, gap := p.at(i)
	if gap != nil {
		return *gap
	}
	l := p.lines[li]
	var b strings.Builder
	if p.gutter > 0 {
		b.WriteString(p.pal.gutter.paint(fmt.Sprintf("%*d │ ", p.gutter, l.N)))
	}
	runs, cells := visible(l.Text, 0, prettyShow)
	if p.hl != nil && li < len(p.hl) {
		b.WriteString(p.hl[li])
	} else {
		paint(&b, runs, p.pal.text, p.pal.invisible)
	}
	if c, ok := p.m.cuts[l.N]; ok {
		b.WriteString(p.pal.cut.paint(Plain(c)))
		cells += ansi.StringWidth(Plain(c))
	}
	return row{b.String(), p.margin() + cells}
}

// margin is the cells the gutter takes: the numbers and " │ ".
func (p *pretty) margin() int {
	if p.gutter == 0 {
		return 0
	}
	return p.gutter + 3
}
