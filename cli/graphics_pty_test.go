//go:build linux

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRenderGraphicsOnTerminals: on a terminal whose environment names an
// image protocol, read --render draws the picture with it: kitty's image
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
		want, not []string
	}{
		{"kitty", []string{"KITTY_WINDOW_ID=1"}, []string{"\x1b_Ga=T,U=1,q=2,f=100,i=", ",c=36,r=12", "\U0010EEEE"}, []string{"\x1b]1337", "\x1bP"}},
		{"iterm2", []string{"TERM_PROGRAM=iTerm.app"}, []string{"\x1b7\x1b[", "\x1b]1337;File=inline=1;size=", ";width=36;height=12;preserveAspectRatio=0:", "\x07\x1b8"}, []string{"\x1b_G", "\U0010EEEE", "▀"}},
		{"sixel", []string{"TERM=foot"}, []string{"\x1b7\x1b[", "\x1bP0;1q\"1;1;360;240#", "\x1b\\\x1b8"}, []string{"\x1b_G", "\x1b]1337", "▀"}},
		{"none", nil, []string{"▀"}, []string{"\x1b_G", "\x1b]1337", "\x1bP"}},
		{"NO_COLOR", []string{"KITTY_WINDOW_ID=1", "NO_COLOR=1"}, nil, []string{"\x1b_G", "\x1b]1337", "\x1bP", "\U0010EEEE", "\x1b[38"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			term := openTerminal(t, true)
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
