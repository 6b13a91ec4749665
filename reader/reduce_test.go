package reader

import (
	"image"
	"image/color"
	"testing"
)

// TestReduce: every source type comes out at the size asked, its colour
// kept, through the box pass (k ≥ 2) or without it.
func TestReduce(t *testing.T) {
	c := color.NRGBA{200, 100, 50, 255}
	for _, src := range []image.Image{
		image.NewRGBA(image.Rect(0, 0, 4000, 3000)),
		image.NewNRGBA(image.Rect(0, 0, 4000, 3000)),
		image.NewGray(image.Rect(0, 0, 4000, 3000)),
		image.NewRGBA(image.Rect(0, 0, 300, 200)),
	} {
		want := c
		switch m := src.(type) {
		case *image.RGBA:
			fill(m.Pix, 200, 100, 50, 255)
		case *image.NRGBA:
			fill(m.Pix, 200, 100, 50, 255)
		case *image.Gray:
			for i := range m.Pix {
				m.Pix[i] = 90
			}
			want = color.NRGBA{90, 90, 90, 255}
		}
		out := Reduce(src, 250, 150)
		if out.Rect.Dx() != 250 || out.Rect.Dy() != 150 {
			t.Fatalf("%T: %v", src, out.Rect)
		}
		for _, p := range [][2]int{{0, 0}, {249, 149}, {100, 70}} {
			if got := out.NRGBAAt(p[0], p[1]); got != want {
				t.Errorf("%T %v: %v, want %v", src, p, got, want)
			}
		}
	}
}

func fill(pix []byte, r, g, b, a byte) {
	for i := 0; i < len(pix); i += 4 {
		pix[i], pix[i+1], pix[i+2], pix[i+3] = r, g, b, a
	}
}
