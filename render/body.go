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
	// starts[i] is the first row of source row i; starts[n] ends them.
	starts []int
	tail   tail // after the source rows: the hint, pictures, attachments, warnings, the note
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
	if o.View == PrettyView && len(r.Lines) > 0 {
		b.src = newPretty(st, r, o.Highlighted)
	} else {
		b.src = newAgent(st, r)
	}
	total := b.src.len()
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
	n := b.src.len()
	b.starts = make([]int, n+1)
	for i := range n {
		h := 1
		if b.wrap {
			switch w := b.src.cells(i); {
			case w < 0:
				h = len(b.fit(b.src.build(i)))
			case w > b.width:
				h = (w + b.width - 1) / b.width
			}
		}
		b.starts[i+1] = b.starts[i] + h
	}
}

func (b *Body) fit(r row) []string { return fitRows([]row{r}, b.width, b.wrap) }

// Len is how many rows the body has.
func (b *Body) Len() int { return b.starts[len(b.starts)-1] + b.tail.len() }

// Rows builds rows from (inclusive) to to (exclusive).
func (b *Body) Rows(from, to int) []string {
	from, to = max(from, 0), min(to, b.Len())
	if from >= to {
		return nil
	}
	out := make([]string, 0, to-from)
	n := len(b.starts) - 1
	// The source row holding row from: the last whose start is not past it.
	i := sort.Search(n, func(i int) bool { return b.starts[i+1] > from })
	for ; i < n && b.starts[i] < to; i++ {
		rows := b.fit(b.src.build(i))
		lo, hi := max(from-b.starts[i], 0), min(to-b.starts[i], len(rows))
		out = append(out, rows[lo:hi]...)
	}
	srcEnd := b.starts[n]
	if to > srcEnd {
		out = append(out, b.tail.rows(max(from-srcEnd, 0), to-srcEnd)...)
	}
	return out
}

// Search is the first source row from from on (backwards: from from
// down) whose text holds s, and the row it starts at; -1 when none does.
func (b *Body) Search(s string, from int, backwards bool) (src, row int) {
	n := len(b.starts) - 1
	step := 1
	if backwards {
		step = -1
	}
	for i := from; i >= 0 && i < n; i += step {
		if strings.Contains(b.src.text(i), s) {
			return i, b.starts[i]
		}
	}
	return -1, -1
}

// RowOfLine is the first row showing the file's line n, if the body shows it.
func (b *Body) RowOfLine(n int) (int, bool) {
	i, ok := b.src.find(n)
	if !ok || i >= len(b.starts)-1 {
		return 0, false
	}
	return b.starts[i], true
}

// LineAt is the file line shown on a row, if the row shows one.
func (b *Body) LineAt(row int) (int, bool) {
	n := len(b.starts) - 1
	i := sort.Search(n, func(i int) bool { return b.starts[i+1] > row })
	if i >= n {
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
// "██████░░░░░░░░ lines 1–2000 of 2709". Only where the total is known
// and the card does not cover all of it.
func minimap(st *theme.Styles, width int, t reader.Truncation) []string {
	if !t.TotalKnown || t.TotalLines <= 0 || t.FirstLine <= 0 || (t.FirstLine == 1 && t.LastLine >= t.TotalLines) {
		return nil
	}
	bar := min(minimapWidth, max(width/3, 4))
	from := (t.FirstLine - 1) * bar / t.TotalLines
	to := max((t.LastLine*bar+t.TotalLines-1)/t.TotalLines, from+1)
	cells := strings.Repeat("░", from) + strings.Repeat("█", to-from) + strings.Repeat("░", bar-to)
	return prose(width, sentence{st.Hint, fmt.Sprintf("%s lines %d–%d of %d", cells, t.FirstLine, t.LastLine, t.TotalLines)})
}
