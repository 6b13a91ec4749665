package reader

import "testing"

// TestMiddleLines: a line is the head's when it ends by the head's end,
// the tail's when it starts at the tail or after; the lines the cuts
// fall in are neither.
func TestMiddleLines(t *testing.T) {
	starts, ends := []int{0, 10, 20, 30}, []int{9, 19, 29, 39}
	for _, c := range []struct{ head, tail, last, resumes int }{
		{19, 20, 1, 2}, // cut at the \n: nothing lost
		{18, 21, 0, 3}, // lines 1 and 2 cut into
		{5, 35, -1, 4}, // no line whole at either end
		{39, 39, 3, 4},
	} {
		if last, resumes := MiddleLines(starts, ends, c.head, c.tail); last != c.last || resumes != c.resumes {
			t.Errorf("head %d, tail %d: %d, %d; want %d, %d", c.head, c.tail, last, resumes, c.last, c.resumes)
		}
	}
}
