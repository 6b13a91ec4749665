package reader

import (
	"fmt"
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
