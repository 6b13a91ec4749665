//go:build linux

package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/render"
)

// TestRenderGraphicsOnTerminals: on a terminal whose environment names an
// image protocol, and whose answer to render.GraphicsQuery agrees (an
// iTerm2 lists sixel too: iTerm2's images win), read --render draws the
// picture with it: kitty's image
// sent before the card and placeholders in its rows; iTerm2's and sixel's
// drawn over blank rows after it, the cursor saved and put back (sixel
// at 10×20 pixels a cell: the terminal reports no pixel size). Under
// NO_COLOR, half blocks of no colour and no image escape.
func TestRenderGraphicsOnTerminals(t *testing.T) {
	root := fixtureRoot(t)
	args := []string{"read", "--profile", "pi", "--cwd", root, "--render", "--width", "60", "--theme", "dark", filepath.Join(root, "images", "big.png")}
	for _, tc := range []struct {
		name      string
		env       []string
		answer    string
		want, not []string
	}{
		{"kitty", []string{"KITTY_WINDOW_ID=1"}, kittyAnswer, []string{"\x1b_Ga=T,U=1,q=2,f=100,i=", ",c=36,r=12", "\U0010EEEE"}, []string{"\x1b]1337", "\x1bP"}},
		{"iterm2", []string{"TERM_PROGRAM=iTerm.app"}, "\x1b[?62;4c", []string{"\x1b7\x1b[", "\x1b]1337;File=inline=1;size=", ";width=36;height=12;preserveAspectRatio=0:", "\x07\x1b8"}, []string{"\x1b_Ga=T", "\U0010EEEE", "▀"}},
		{"sixel", []string{"TERM=foot"}, "\x1b[?62;4c", []string{"\x1b7\x1b[", "\x1bP0;1q\"1;1;360;240#", "\x1b\\\x1b8"}, []string{"\x1b_Ga=T", "\x1b]1337", "▀"}},
		{"none", nil, "\x1b[?62c", []string{"▀"}, []string{"\x1b_Ga=T", "\x1b]1337", "\x1bP"}},
		{"NO_COLOR", []string{"KITTY_WINDOW_ID=1", "NO_COLOR=1"}, kittyAnswer, nil, []string{"\x1b_Ga=T", "\x1b]1337", "\x1bP", "\U0010EEEE", "\x1b[38"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			term := openTerminal(t, true)
			term.answerGraphics(tc.answer)
			code, out, _ := term.run(t, false, tc.env, args...)
			if code != 0 {
				t.Fatalf("exit %d:\n%q", code, out)
			}
			for _, s := range tc.want {
				if !strings.Contains(out, s) {
					t.Errorf("no %q in the output", s)
				}
			}
			for _, s := range tc.not {
				if strings.Contains(out, s) {
					t.Errorf("%q in the output", s)
				}
			}
		})
	}
}

// kittyAnswer is a kitty terminal's answer to render.GraphicsQuery.
const kittyAnswer = "\x1b_Gi=31;OK\x1b\\\x1b[?62;22c"

// TestRenderAsksTheTerminal: read --render of an image on a terminal it
// has in the foreground asks the terminal which image protocol it speaks
// (render.GraphicsQuery), once, and the answer overrides what the
// environment said; a terminal that does not answer keeps that, and the
// run goes on after a second. A text file, a background job, NO_COLOR,
// TERM=dumb and a pipe ask nothing.
func TestRenderAsksTheTerminal(t *testing.T) {
	root := fixtureRoot(t)
	// A small image: decoding big.png under -race takes seconds, and the
	// time a run takes is what shows an unanswered query never hangs.
	image := []string{"read", "--profile", "opencode", "--cwd", root, "--render", "--width", "60", "--theme", "dark", filepath.Join(root, "images", "anim_small.gif")}
	text := []string{"read", "--render", "--theme", "dark", filepath.Join(root, "crlf.txt")}
	const kittyImage, sixelImage, halfBlock = "\x1b_Ga=T,U=1,q=2,f=100,i=", "\x1bP0;1q", "▀"
	for _, tc := range []struct {
		name       string
		background bool
		env        []string
		answer     string
		args       []string
		asks       int
		want, not  []string
	}{
		{"kitty answers", false, nil, kittyAnswer, image, 1, []string{kittyImage}, []string{sixelImage, halfBlock}},
		{"sixel answers", false, nil, "\x1b[?62;4;22c", image, 1, []string{sixelImage}, []string{kittyImage, halfBlock}},
		{"kitty named, the terminal says no", false, []string{"KITTY_WINDOW_ID=1"}, "\x1b[?62;22c", image, 1, []string{halfBlock}, []string{kittyImage, sixelImage}},
		{"kitty's error", false, nil, "\x1b_Gi=31;ENOTSUPPORTED:no\x1b\\\x1b[?62c", image, 1, []string{halfBlock}, []string{kittyImage}},
		{"kitty named, no answer", false, []string{"KITTY_WINDOW_ID=1"}, "", image, 1, []string{kittyImage}, []string{halfBlock}},
		{"nothing named, no answer", false, nil, "", image, 1, []string{halfBlock}, []string{kittyImage, sixelImage}},
		{"in tmux", false, []string{"TMUX=/tmp/t,1,0", "TERM=tmux-256color"}, "\x1b[?62;4c", image, 1, []string{sixelImage}, []string{halfBlock}},
		{"a text file", false, nil, kittyAnswer, text, 0, nil, []string{kittyImage, halfBlock}},
		{"in the background", true, []string{"KITTY_WINDOW_ID=1"}, "\x1b[?62c", image, 0, []string{kittyImage}, nil},
		{"NO_COLOR", false, []string{"NO_COLOR=1"}, kittyAnswer, image, 0, nil, []string{kittyImage}},
		{"TERM=dumb", false, []string{"TERM=dumb"}, kittyAnswer, image, 0, nil, []string{kittyImage}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			term := openTerminal(t, true)
			term.answerGraphics(tc.answer)
			code, out, took := term.run(t, tc.background, tc.env, tc.args...)
			if code != 0 || took > prompt {
				t.Fatalf("exit %d after %v:\n%.300q", code, took, out)
			}
			if n := strings.Count(out, render.GraphicsQuery); n != tc.asks {
				t.Errorf("asked %d times, want %d", n, tc.asks)
			}
			for _, s := range tc.want {
				if !strings.Contains(out, s) {
					t.Errorf("no %q in the output", s)
				}
			}
			for _, s := range tc.not {
				if strings.Contains(out, s) {
					t.Errorf("%q in the output", s)
				}
			}
		})
	}
}
