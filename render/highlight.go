package render

import (
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	"github.com/readlens/readlens/internal/chroma/lexers"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// highlightMaxLine is the longest line handed to the lexer: chroma's cost
// grows with line length (minified code), and a cut line is shown plain.
const highlightMaxLine = 2000

var lexerCache sync.Map // base name -> chroma.Lexer (nil when none matches)

// lexerFor finds a lexer by file name, then by content, as crush and bat do.
func lexerFor(name, sample string) chroma.Lexer {
	base := path.Base(name)
	if l, ok := lexerCache.Load(base); ok && l != nil {
		return l.(chroma.Lexer)
	}
	l := lexers.Match(base)
	if l != nil {
		lexerCache.Store(base, chroma.Coalesce(l))
		return chroma.Coalesce(l)
	}
	if l = lexers.Analyse(sample); l != nil {
		return chroma.Coalesce(l)
	}
	return nil
}

// HighlightResult colours r's source lines for the pretty view, the first
// max of them (all when max < 0), as Highlight does: the head and the tail
// of an answer cut in its middle apart, or the lexer would read on from
// the one into the other (a tail that starts inside a string or a
// comment the head opened).
func HighlightResult(st *theme.Styles, r *reader.Result, max int) []string {
	lines := r.Lines
	if max >= 0 && len(lines) > max {
		lines = lines[:max]
	}
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = l.Text
	}
	split := len(texts)
	if n := r.Truncation.Resumes; n > 0 {
		split = sort.Search(len(lines), func(i int) bool { return lines[i].N >= n })
	}
	rows := make([]string, 0, len(texts))
	for _, run := range [][]string{texts[:split], texts[split:]} {
		if len(run) == 0 {
			continue
		}
		hl := Highlight(st, r.Path, run)
		if hl == nil {
			return nil
		}
		rows = append(rows, hl...)
	}
	return rows
}

// Highlight colours source lines for the pretty view: one row per line,
// made safe before the lexer sees it. It returns nil when no lexer knows the
// file, and leaves over-long lines plain. It is pure but not cheap (chroma
// manages about 15,000 lines a second): the TUI calls it off the UI loop.
func Highlight(st *theme.Styles, name string, lines []string) []string {
	safe := make([]string, len(lines))
	for i, l := range lines {
		if len(l) > highlightMaxLine {
			l = "" // stands in for the long line in the lexer's input
		}
		runs, _ := visible(l, 0, prettyShow)
		var b strings.Builder
		for _, r := range runs {
			b.WriteString(r.text)
		}
		safe[i] = b.String()
	}
	source := strings.Join(safe, "\n")
	lexer := lexerFor(name, source)
	if lexer == nil {
		return nil
	}
	it, err := lexer.Tokenise(nil, source)
	if err != nil {
		return nil
	}
	rows := make([]string, len(lines))
	var b strings.Builder
	row := 0
	flush := func() {
		if row < len(rows) {
			rows[row] = b.String()
		}
		b.Reset()
		row++
	}
	for tok := it(); tok != chroma.EOF; tok = it() {
		parts := strings.Split(tok.Value, "\n")
		for i, p := range parts {
			if i > 0 {
				flush()
			}
			if p != "" {
				b.WriteString(tokenInk(st.Chroma, tok.Type).paint(p))
			}
		}
	}
	flush()
	for i, l := range lines {
		if len(l) > highlightMaxLine {
			runs, _ := visible(l, 0, prettyShow)
			var b strings.Builder
			pal := paletteOf(st)
			paint(&b, runs, pal.text, pal.invisible)
			rows[i] = b.String()
		}
	}
	return rows
}
