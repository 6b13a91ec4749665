package photon

import (
	"bytes"
	"testing"
)

// TestResizerIsResize: fed row by row, the resize gives Resize's pixels,
// shrinking by large and small factors, one side only, or growing.
func TestResizerIsResize(t *testing.T) {
	for _, c := range [][4]int{{707, 707, 200, 200}, {300, 40, 299, 17}, {50, 900, 50, 301}, {9, 9, 20, 3}, {1, 5, 1, 1}} {
		src := gradient(c[0], c[1])
		want := Resize(FromDecoded(src, c[0], c[1]), c[2], c[3])
		r := NewResizer(c[0], c[1], c[2], c[3])
		for y := range c[1] {
			r.Row(y, src.Pix[y*src.Stride:])
		}
		r.Close()
		if got := r.Image(); got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%v: pixels differ from Resize's", c)
		}
	}
}
