package render

import (
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
	"github.com/readlens/readlens/theme"
)

// ink is a style reduced to the escape sequences around its text. Cards
// paint thousands of short runs a frame; lipgloss's Render, which also
// handles widths, padding and tabs, is far slower than joining three
// strings, and sanitized text needs none of that.
type ink struct{ pre, post string }

func inkOf(s lipgloss.Style) ink {
	r := s.Render("\x00")
	i := strings.IndexByte(r, 0)
	if i < 0 {
		return ink{}
	}
	return ink{r[:i], r[i+1:]}
}

func (k ink) paint(s string) string {
	if s == "" {
		return ""
	}
	return k.pre + s + k.post
}

// palette is a theme's inks for the styles cards paint most.
type palette struct {
	text, gutter, invisible, frame, notice, cut, err, media ink
}

var palettes sync.Map // *theme.Styles -> *palette

func paletteOf(st *theme.Styles) *palette {
	if p, ok := palettes.Load(st); ok {
		return p.(*palette)
	}
	p := &palette{
		text: inkOf(st.Text), gutter: inkOf(st.Gutter), invisible: inkOf(st.Invisible),
		frame: inkOf(st.Frame), notice: inkOf(st.Notice), cut: inkOf(st.CutMark),
		err: inkOf(st.ErrorText), media: inkOf(st.MediaLine),
	}
	palettes.Store(st, p)
	return p
}

type tokenKey struct {
	style *chroma.Style
	tok   chroma.TokenType
}

var tokenInks sync.Map // tokenKey -> ink

// tokenInk is the ink chroma's style gives a token type.
func tokenInk(cs *chroma.Style, t chroma.TokenType) ink {
	k := tokenKey{cs, t}
	if v, ok := tokenInks.Load(k); ok {
		return v.(ink)
	}
	e := cs.Get(t)
	s := lipgloss.NewStyle()
	if e.Colour.IsSet() {
		s = s.Foreground(lipgloss.Color(e.Colour.String()))
	}
	s = s.Bold(e.Bold == chroma.Yes).Italic(e.Italic == chroma.Yes).Underline(e.Underline == chroma.Yes)
	i := inkOf(s)
	tokenInks.Store(k, i)
	return i
}
