package photon

import "testing"

// BenchmarkResizer feeds a 3536×3536 image (12.5 MP) row by row into a
// resize to 1000×1000, as a PNG's rows arrive (pi's path for a large PNG).
func BenchmarkResizer(b *testing.B) {
	src := gradient(3536, 3536)
	for b.Loop() {
		r := NewResizer(3536, 3536, 1000, 1000)
		for y := range 3536 {
			r.Row(y, src.Pix[y*src.Stride:])
		}
		r.Close()
	}
}
