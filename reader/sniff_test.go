package reader

import (
	"math/rand/v2"
	"testing"
)

// TestControlRatio holds the word-at-a-time count to the byte-at-a-time
// definition, on samples of every length up to a few words, over bytes
// drawn near each edge of the classes (0, 8, 9, 13, 14, 31, 32, 127, 128,
// 255) and over all bytes.
func TestControlRatio(t *testing.T) {
	reference := func(sample []byte) (bool, float64) {
		n := 0
		for _, b := range sample {
			if b == 0 {
				return true, 0
			}
			if b < 9 || (b > 13 && b < 32) {
				n++
			}
		}
		if len(sample) == 0 {
			return false, 0
		}
		return false, float64(n) / float64(len(sample))
	}
	edges := []byte{0, 1, 8, 9, 10, 13, 14, 27, 31, 32, 'a', 127, 128, 136, 141, 159, 160, 255}
	r := rand.New(rand.NewPCG(5, 8))
	for i := range 200000 {
		b := make([]byte, r.IntN(40))
		for j := range b {
			if i%2 == 0 {
				b[j] = edges[r.IntN(len(edges))]
			} else {
				b[j] = byte(r.IntN(256))
			}
			if b[j] == 0 && r.IntN(8) != 0 {
				b[j] = 'x' // a NUL ends the count: let most samples be counted
			}
		}
		nul, ratio := ControlRatio(b)
		wantNul, wantRatio := reference(b)
		if nul != wantNul || ratio != wantRatio {
			t.Fatalf("%q: %v %v, byte by byte %v %v", b, nul, ratio, wantNul, wantRatio)
		}
	}
}
