package reader

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// TestLinePrefix: the prefix is fmt's, for every width and sign.
func TestLinePrefix(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 999, 1000, 12345, -5, -1234, 1 << 40} {
		for _, w := range []int{0, 1, 4, 6, 30} {
			if got, want := LinePrefix("L", n, w, " | "), fmt.Sprintf("L%*d | ", w, n); got != want {
				t.Errorf("LinePrefix(%d, %d) = %q, fmt %q", n, w, got, want)
			}
		}
	}
}

// TestDigits: a number's width is its decimal string's length.
func TestDigits(t *testing.T) {
	for _, n := range []int{0, 1, 9, 10, 99, 100, 999, 1000, 2000, 99999, 100000, -1, -9, -10, -100, math.MaxInt, math.MinInt, math.MaxInt32 + 1} {
		if got, want := Digits(n), len(strconv.Itoa(n)); got != want {
			t.Errorf("Digits(%d) = %d, want %d", n, got, want)
		}
	}
}
