package render

import (
	"fmt"
	"sort"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// Body is a result's rows at one width, built on demand: NewBody measures
// every source row once, cheaply, and Rows styles only the rows asked for,
// so a two-million-line expanded card draws a screen as fast as a ten-line
// one. Result is Body's rows joined.
type Body struct {
	src   source
	width int
	wrap  bool
	// n is how many source rows there are, rows how many rows they make;
	// starts[i] is the first row of source row i, starts[n] ends them, and
	// is nil while every source row is one row: a long card that does not
	// wrap keeps no index at all.
	n, rows int
	starts  []int
	tail    tail // after the source rows: the hint, pictures, attachments, warnings, the note
}

// source is the rows a result's text gives, one per line of it, built one
// at a time.
type source interface {
	len() int
	// text is row i's text as the tool gave it, for searching ("" for rows
	// of readlens's own).
	text(i int) string
	// find is the row holding the file's line n; lineOf is the file line
	// row i shows, when it shows one.
	find(n int) (int, bool)
	lineOf(i int) (int, bool)
	// cells is row i's width when every character in it takes one cell,
	// else -1: finding it means building the row.
	cells(i int) int
	build(i int) row
}

// NewBody indexes r for drawing at width.
func NewBody(st *theme.Styles, width int, r *reader.Result, o Options) *Body {
	width = max(width, 1)
	b := &Body{width: width, wrap: o.Expanded}
	if r.IsError {
		// An error is never collapsed or cut: it is all the model got.
		b.src = built(nil)
		b.tail.add(errorRows(st, width, r.Output)...)
		b.tail.add(prose(width, warnings(st, r)...)...)
		b.index()
		return b
	}
	limit := -1
	if !o.Expanded {
		limit = CollapsedLines
	}
	m := o.Measure
	if m == nil || m.r != r {
		m = measureHead(r, limit) // limit < 0: every line
	}
	if o.View == PrettyView && len(r.Lines) > 0 {
		b.src = newPretty(st, m, o.Highlighted)
	} else {
		b.src = newAgent(st, m)
	}
	if u := o.Unseen; o.Expanded && u != nil && len(u.Tails) > 0 {
		b.src = shaded{source: b.src, tails: u.Tails, longer: u.Longer, ink: inkOf(st.Unseen), mark: inkOf(st.Invisible)}
	}
	total := b.src.len()
	if _, ok := b.src.(*agent); ok {
		total = m.lines // measureHead may have indexed only the lines shown
	}
	if limit >= 0 && limit < total {
		b.src = first{b.src, limit}
	}
	if hidden := total - b.src.len(); hidden > 0 {
		key := o.ExpandKey
		if key == "" {
			key = "ctrl+e"
		}
		b.tail.add(prose(width, sentence{st.Hint, fmt.Sprintf("... (%d more lines, %s to expand)", hidden, key)})...)
	}
	if o.Expanded {
		if o.Unseen != nil {
			b.tail.add(unseenRows(st, width, r.Truncation, o.Unseen)...)
		}
		b.tail.add(minimap(st, width, r.Truncation)...)
	}
	// What the tool left out, attachments and readlens's notes are never
	// cut: they wrap at any width.
	b.media(st, r, o)
	b.tail.add(prose(width, warnings(st, r)...)...)
	if r.Note != "" {
		b.tail.add(prose(width, sentence{st.Note, "readlens: " + Plain(r.Note)})...)
	}
	b.index()
	return b
}

// index measures every source row: one row each when it fits, or when a
// collapsed card cuts it. A wrapped row of one-cell characters takes as
// many rows as its width needs; any other wrapped row is built to count
// its pieces.
func (b *Body) index() {
	b.n = b.src.len()
	var cells []int32 // the measured widths, read without a call a row
	var margin int32
	if m, ok := b.src.(measured); ok {
		cells, margin = m.measured()
	}
	for i := range b.n {
		h := 1
		if b.wrap {
			w := -1
			if i < len(cells) {
				if c := cells[i]; c >= 0 {
					w = int(c + margin)
				}
			} else {
				w = b.src.cells(i)
			}
			switch {
			case w < 0:
				h = len(b.fit(b.src.build(i)))
			case w > b.width:
				h = (w + b.width - 1) / b.width
			}
		}
		if h != 1 && b.starts == nil {
			b.starts = make([]int, b.n+1)
			for j := range i + 1 {
				b.starts[j] = j
			}
		}
		b.rows += h
		if b.starts != nil {
			b.starts[i+1] = b.rows
		}
	}
}

// start is the first row of source row i (i == n: the end of them).
func (b *Body) start(i int) int {
	if b.starts == nil {
		return i
	}
	return b.starts[i]
}

// sourceOf is the source row that row is part of (n when none is).
func (b *Body) sourceOf(row int) int {
	if b.starts == nil {
		return min(max(row, 0), b.n)
	}
	return sort.Search(b.n, func(i int) bool { return b.starts[i+1] > row })
}

func (b *Body) fit(r row) []string { return fitRows([]row{r}, b.width, b.wrap) }

// Len is how many rows the body has.
func (b *Body) Len() int { return b.rows + b.tail.len() }

// Rows builds rows from (inclusive) to to (exclusive).
func (b *Body) Rows(from, to int) []string {
	from, to = max(from, 0), min(to, b.Len())
	if from >= to {
		return nil
	}
	out := make([]string, 0, to-from)
	// The source row holding row from: the last whose start is not past it.
	for i := b.sourceOf(from); i < b.n && b.start(i) < to; i++ {
		rows := b.fit(b.src.build(i))
		lo, hi := max(from-b.start(i), 0), min(to-b.start(i), len(rows))
		out = append(out, rows[lo:hi]...)
	}
	if to > b.rows {
		out = append(out, b.tail.rows(max(from-b.rows, 0), to-b.rows)...)
	}
	return out
}

// Search is the first source row from from on (backwards: from from
// down) whose text holds s, and the row it starts at; -1 when none does.
func (b *Body) Search(s string, from int, backwards bool) (src, row int) {
	step := 1
	if backwards {
		step = -1
	}
	for i := from; i >= 0 && i < b.n; i += step {
		if strings.Contains(b.src.text(i), s) {
			return i, b.start(i)
		}
	}
	return -1, -1
}

// RowOfLine is the first row showing the file's line n, if the body shows it.
func (b *Body) RowOfLine(n int) (int, bool) {
	i, ok := b.src.find(n)
	if !ok || i >= b.n {
		return 0, false
	}
	return b.start(i), true
}

// LineAt is the file line shown on a row, if the row shows one.
func (b *Body) LineAt(row int) (int, bool) {
	i := b.sourceOf(row)
	if i >= b.n {
		return 0, false
	}
	return b.src.lineOf(i)
}

// String is every row, as Result draws them.
func (b *Body) String() string { return strings.Join(b.Rows(0, b.Len()), "\n") }

// built is a source of rows already made.
type built []row

func (s built) len() int               { return len(s) }
func (s built) text(int) string        { return "" }
func (s built) find(int) (int, bool)   { return 0, false }
func (s built) lineOf(int) (int, bool) { return 0, false }
func (s built) cells(i int) int        { return s[i].w }
func (s built) build(i int) row        { return s[i] }

// first is a source's first n rows: a collapsed card's.
type first struct {
	source
	n int
}

func (s first) len() int { return s.n }

// asciiRun is how many leading bytes of s are printable ASCII other than a
// tab: one cell each, shown as they are.
func asciiRun(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e {
			return i
		}
	}
	return len(s)
}

// asciiCells is the column after s drawn from column col, when s is
// printable ASCII and tabs: each character one cell, each tab to the next
// stop, however visible shows it (spaces, or an arrow and spaces). ok is
// false for anything else, whose cells only drawing it tells.
func asciiCells(s string, col int) (int, bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t':
			col += tabWidth - col%tabWidth
		case c < 0x20 || c > 0x7e:
			return 0, false
		default:
			col++
		}
	}
	return col, true
}

// errorRows are an error's text, wrapped at width on word boundaries, every
// row in the error style: styling before wrapping left the rows after the
// first plain.
func errorRows(st *theme.Styles, width int, text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		out = append(out, prose(width, sentence{st.ErrorText, Plain(line)})...)
	}
	return out
}

// minimapWidth is the bar's length in cells.
const minimapWidth = 20

// minimap is a bar showing which part of the file an expanded card covers:
// "██████░░░░░░░░ lines 1–2000 of 2709", and the tail an answer cut in
// its middle keeps ("██░░░██░░ lines 1–322, 1690–2000 of 3000"). Only
// where the total is known and the card does not cover all of it.
func minimap(st *theme.Styles, width int, t reader.Truncation) []string {
	if !t.TotalKnown || t.TotalLines <= 0 || t.FirstLine <= 0 || (t.FirstLine == 1 && t.LastLine >= t.TotalLines) {
		return nil
	}
	bar := min(minimapWidth, max(width/3, 4))
	cells := []rune(strings.Repeat("░", bar))
	shade := func(first, last int) {
		from := (first - 1) * bar / t.TotalLines
		to := max((last*bar+t.TotalLines-1)/t.TotalLines, from+1)
		for i := from; i < min(to, bar); i++ {
			cells[i] = '█'
		}
	}
	shade(t.FirstLine, t.LastLine)
	if t.Resumes > 0 {
		shade(t.Resumes, t.Ends)
	}
	return prose(width, sentence{st.Hint, string(cells) + " " + ShownLines(t)})
}
