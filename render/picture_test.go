package render

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// decodeFixture decodes a fixture image for the picture tests.
func decodeFixture(t *testing.T, name string) image.Image {
	t.Helper()
	f, err := os.Open("../testdata/fixtures/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestPictureGolden draws the fixture images/big.png (3000×2000, red
// across, green down) in half blocks at each depth; the goldens hold the
// exact escape sequences.
func TestPictureGolden(t *testing.T) {
	img := decodeFixture(t, "images/big.png")
	for _, tc := range []struct {
		name  string
		depth Depth
	}{{"truecolor", TrueColor}, {"256", Colors256}, {"mono", Mono}} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPicture(img, 24, 12, tc.depth)
			if p.Len() != 8 || p.Width() != 24 {
				t.Fatalf("%d rows of %d cells, want 8 of 24 (3000×2000 in 24 cells is 24×16 pixels)", p.Len(), p.Width())
			}
			var rows []string
			for i := range p.Len() {
				row := p.Row(i)
				if w := ansi.StringWidth(row); w != 24 {
					t.Errorf("row %d is %d cells", i, w)
				}
				rows = append(rows, row)
			}
			golden.RequireEqual(t, strings.Join(rows, "\n"))
		})
	}
}

func solid(w, h int, c color.NRGBA) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return m
}

// TestPictureFits checks the box: the width is filled, a tall image is
// held to the rows, an odd pixel height leaves the last row's lower half
// to the terminal.
func TestPictureFits(t *testing.T) {
	red := color.NRGBA{255, 0, 0, 255}
	for _, tc := range []struct {
		w, h, width, rows int
		cols, n           int
	}{
		{4, 3, 8, 10, 8, 3},          // enlarged: 8×6 pixels
		{3000, 2000, 80, 40, 80, 27}, // 80×53 pixels
		{100, 3000, 80, 10, 1, 10},   // held to 20 pixels high: 1 wide
		{9000, 100, 40, 10, 40, 1},   // 40×0.44 rounds to 0: one pixel high
	} {
		p := NewPicture(solid(tc.w, tc.h, red), tc.width, tc.rows, TrueColor)
		if p.Width() != tc.cols || p.Len() != tc.n {
			t.Errorf("%d×%d in %d×%d: %d cells × %d rows, want %d × %d", tc.w, tc.h, tc.width, tc.rows, p.Width(), p.Len(), tc.cols, tc.n)
		}
	}
	// 4×3 at width 4: 4×3 pixels, the second row's lower half is empty.
	p := NewPicture(solid(4, 3, red), 4, 10, TrueColor)
	if got, want := p.Row(1), "\x1b[38;2;255;0;0m▀▀▀▀\x1b[m"; got != want {
		t.Errorf("last row %q, want %q", got, want)
	}
	if got, want := p.Row(0), "\x1b[38;2;255;0;0m\x1b[48;2;255;0;0m▀▀▀▀\x1b[m"; got != want {
		t.Errorf("first row %q, want %q", got, want)
	}
	if p.Row(2) != "" || p.Row(-1) != "" {
		t.Error("rows outside the picture are not empty")
	}
}

// TestPictureTransparency: transparent pixels are left to the terminal's
// background; a cell whose upper half alone is transparent is a lower
// half block.
func TestPictureTransparency(t *testing.T) {
	m := solid(2, 2, color.NRGBA{0, 0, 0, 0})
	m.SetNRGBA(1, 1, color.NRGBA{0, 0, 255, 255})
	p := NewPicture(m, 2, 1, TrueColor)
	if got, want := p.Row(0), " \x1b[38;2;0;0;255m▄\x1b[m"; got != want {
		t.Errorf("row %q, want %q", got, want)
	}
	if got := NewPicture(m, 2, 1, Mono).Row(0); got != "  " {
		t.Errorf("mono row %q: dark blue lights nothing", got)
	}
}

func TestXterm256(t *testing.T) {
	for _, tc := range []struct {
		c    color.NRGBA
		want int
	}{
		{color.NRGBA{0, 0, 0, 255}, 16},
		{color.NRGBA{255, 255, 255, 255}, 231},
		{color.NRGBA{255, 0, 0, 255}, 196},
		{color.NRGBA{128, 128, 128, 255}, 244}, // grey ramp: 8+10·12
		{color.NRGBA{95, 135, 175, 255}, 67},
	} {
		if got := xterm256(tc.c); got != tc.want {
			t.Errorf("xterm256(%v) = %d, want %d", tc.c, got, tc.want)
		}
	}
}

// TestPictureMono draws shapes without a single escape sequence.
func TestPictureMono(t *testing.T) {
	m := solid(2, 2, color.NRGBA{0, 0, 0, 255})
	m.SetNRGBA(0, 0, color.NRGBA{255, 255, 255, 255})
	m.SetNRGBA(1, 1, color.NRGBA{255, 255, 255, 255})
	if got := NewPicture(m, 2, 1, Mono).Row(0); got != "▀▄" {
		t.Errorf("mono row %q, want ▀▄", got)
	}
}
