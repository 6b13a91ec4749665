package render

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// quarters is a 6×4 image of four colours and a transparent corner: small
// enough that its escapes are read in a golden.
func quarters() *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, 6, 4))
	for y := range 4 {
		for x := range 6 {
			c := color.NRGBA{255, 0, 0, 255}
			switch {
			case x >= 3 && y >= 2:
				c = color.NRGBA{}
			case x >= 3:
				c = color.NRGBA{0, 255, 0, 255}
			case y >= 2:
				c = color.NRGBA{0, 0, 255, 255}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	return m
}

func graphicsPicture(g Graphics) *Picture {
	p := NewPicture(quarters(), 6, 10, TrueColor)
	p.graphics = g
	return p
}

// TestKittyGolden: the image sent once with a virtual placement of the
// picture's cells, then rows of placeholders whose colour is the image's
// number and whose marks are each cell's row and column.
func TestKittyGolden(t *testing.T) {
	p := graphicsPicture(Kitty)
	rows := []string{p.KittyImage()}
	for i := range p.Len() {
		row := p.Row(i)
		if w := ansi.StringWidth(row); w != p.Width() {
			t.Errorf("row %d is %d cells, want %d", i, w, p.Width())
		}
		rows = append(rows, row)
	}
	golden.RequireEqual(t, strings.Join(rows, "\n"))
}

// TestKittyChunks: an image over 4096 base64 bytes goes in chunks, each
// but the last saying more follows (m=1), the last m=0.
func TestKittyChunks(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	seed := uint32(1)
	for i := range m.Pix {
		seed = seed*1664525 + 1013904223
		m.Pix[i] = byte(seed >> 24)
	}
	s := NewPicture(m, 20, 10, TrueColor).KittyImage()
	parts := strings.Split(strings.TrimSuffix(s, "\x1b\\"), "\x1b\\")
	if len(parts) < 2 {
		t.Fatalf("%d chunks, want several", len(parts))
	}
	for i, part := range parts {
		opts, data, _ := strings.Cut(strings.TrimPrefix(part, "\x1b_G"), ";")
		switch {
		case i == 0 && !strings.HasPrefix(opts, "a=T,U=1,q=2,f=100,i="):
			t.Errorf("first chunk's options %q", opts)
		case i == 0 && !strings.HasSuffix(opts, ",c=20,r=10,m=1"):
			t.Errorf("first chunk's options %q", opts)
		case i > 0 && i < len(parts)-1 && opts != "m=1", i == len(parts)-1 && opts != "m=0":
			t.Errorf("chunk %d's options %q", i, opts)
		}
		if len(data) > 4096 {
			t.Errorf("chunk %d holds %d bytes", i, len(data))
		}
	}
}

// TestInlineGolden: iTerm2's inline image sized in cells, and sixel at
// 10×20 pixels a cell; the rows under them are blank.
func TestInlineGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    Graphics
	}{{"iterm2", ITerm2}, {"sixel", Sixel}} {
		t.Run(tc.name, func(t *testing.T) {
			p := graphicsPicture(tc.g)
			for i := range p.Len() {
				if row := p.Row(i); row != strings.Repeat(" ", p.Width()) {
					t.Errorf("row %d %q, want blank", i, row)
				}
			}
			golden.RequireEqual(t, p.Inline(10, 20))
		})
	}
	if s := graphicsPicture(HalfBlocks).Inline(10, 20) + graphicsPicture(Kitty).Inline(10, 20); s != "" {
		t.Errorf("half blocks and kitty have an inline escape: %q", s)
	}
}

// TestGraphicsFor: a protocol only where the environment names a terminal
// that speaks it, and never into a pipe, under NO_COLOR, or in tmux.
func TestGraphicsFor(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		tty  bool
		want Graphics
	}{
		{[]string{"TERM=xterm-kitty", "KITTY_WINDOW_ID=1"}, true, Kitty},
		{[]string{"TERM=xterm-256color", "KITTY_WINDOW_ID=3"}, true, Kitty},
		{[]string{"TERM=xterm-ghostty", "TERM_PROGRAM=ghostty"}, true, Kitty},
		{[]string{"TERM=xterm-256color", "TERM_PROGRAM=iTerm.app"}, true, ITerm2},
		{[]string{"TERM=xterm-256color", "LC_TERMINAL=iTerm2"}, true, ITerm2},
		{[]string{"TERM=xterm-256color", "TERM_PROGRAM=WezTerm"}, true, ITerm2},
		{[]string{"TERM=foot"}, true, Sixel},
		{[]string{"TERM=xterm-256color"}, true, HalfBlocks},
		{[]string{"TERM=xterm-256color", "TERM_PROGRAM=vscode"}, true, HalfBlocks},
		{[]string{"TERM=xterm-kitty"}, false, HalfBlocks},
		{[]string{"TERM=xterm-kitty", "NO_COLOR=1"}, true, HalfBlocks},
		{[]string{"TERM=tmux-256color", "KITTY_WINDOW_ID=1"}, true, HalfBlocks},
		{[]string{"TERM=xterm-kitty", "TMUX=/tmp/tmux-0/default,1,0"}, true, HalfBlocks},
		{[]string{"TERM=dumb", "TERM_PROGRAM=iTerm.app"}, true, HalfBlocks},
	} {
		if got := GraphicsFor(tc.env, tc.tty); got != tc.want {
			t.Errorf("%v tty=%v: %v, want %v", tc.env, tc.tty, got, tc.want)
		}
	}
}

// TestAnswered: a terminal's answer to GraphicsQuery overrides what its
// environment said; kitty's OK is only the answer to the query's own id.
func TestAnswered(t *testing.T) {
	for _, tc := range []struct {
		guess   Graphics
		kittyOK bool
		attrs   []int
		want    Graphics
	}{
		{HalfBlocks, true, []int{62, 22}, Kitty},
		{Sixel, true, []int{62, 4}, Kitty},
		{HalfBlocks, false, []int{62, 4, 22}, Sixel},
		{HalfBlocks, false, []int{62, 22}, HalfBlocks},
		{Kitty, false, []int{62, 22}, HalfBlocks}, // said kitty, does not answer kitty's query
		{Sixel, false, []int{62, 22}, HalfBlocks}, // said foot, lists no sixel
		{Kitty, false, []int{64, 4}, Sixel},
		{ITerm2, false, []int{62, 4}, ITerm2}, // no query asks for iTerm2's images
		{ITerm2, false, nil, ITerm2},
	} {
		if got := Answered(tc.guess, tc.kittyOK, tc.attrs); got != tc.want {
			t.Errorf("guess %v, kitty %v, DA1 %v: %v, want %v", tc.guess, tc.kittyOK, tc.attrs, got, tc.want)
		}
	}
	for apc, want := range map[string]bool{
		"Gi=31;OK":                 true,
		"Gi=31,p=0;OK":             true,
		"Gi=31;EINVAL:unsupported": false,
		"Gi=7;OK":                  false,
		"Gi=310;OK":                false,
		"Xi=31;OK":                 false,
		"Gi=31":                    false,
		"Ga=q,i=31;OK":             true,
	} {
		if got := KittyAnswerOK(apc); got != want {
			t.Errorf("KittyAnswerOK(%q) = %v", apc, got)
		}
	}
	for _, tc := range []struct {
		env  []string
		tty  bool
		want bool
	}{
		{[]string{"TERM=xterm-256color"}, true, true},
		{[]string{"TERM=tmux-256color", "TMUX=/tmp/t,1,0"}, true, true},
		{[]string{"TERM=xterm-256color"}, false, false},
		{[]string{"TERM=xterm-kitty", "NO_COLOR=1"}, true, false},
		{[]string{"TERM=dumb"}, true, false},
	} {
		if got := GraphicsAskable(tc.env, tc.tty); got != tc.want {
			t.Errorf("GraphicsAskable(%v, %v) = %v", tc.env, tc.tty, got)
		}
	}
}
