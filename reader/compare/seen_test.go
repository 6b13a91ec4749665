package compare

import (
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestLineSeen: every line a plan shows is counted once, whichever call
// shows it first: a call cut in its middle shows its head and its tail,
// and the next reads on from the head, into lines the tail did not show.
func TestLineSeen(t *testing.T) {
	lines := func(crlf map[int]bool, runs ...[2]int) *reader.Result {
		r := &reader.Result{}
		for _, run := range runs {
			for n := run[0]; n <= run[1]; n++ {
				r.Lines = append(r.Lines, reader.Line{N: n, CRLF: crlf[n], Cut: n%5 == 0})
			}
		}
		return r
	}
	crlf := map[int]bool{2: true, 5: true, 9: true, 12: true}
	var s lineSeen
	var u Unseen
	for _, call := range [][][2]int{
		{{1, 3}, {9, 10}}, // the head, then the tail
		{{4, 5}, {9, 10}}, // on from the head: the tail again
		{{6, 12}},         // on again, past the tail
		{{1, 12}},         // all of it, counted before
	} {
		s.add(&u, lines(crlf, call...))
	}
	if u.CRLFToLF != 4 || u.LinesCut != 2 {
		t.Errorf("CRLF lines %d, cut lines %d; want 4 and 2 (lines 2, 5, 9, 12 and 5, 10)", u.CRLFToLF, u.LinesCut)
	}
	if len(s.runs) != 1 || s.runs[0] != [2]int{1, 12} {
		t.Errorf("runs %v, want [[1 12]]", s.runs)
	}
	var m lineSeen
	for _, r := range [][2]int{{20, 30}, {1, 3}, {10, 12}, {5, 5}, {4, 4}, {13, 19}} {
		m.mark(r[0], r[1])
	}
	if want := [][2]int{{1, 5}, {10, 30}}; len(m.runs) != 2 || m.runs[0] != want[0] || m.runs[1] != want[1] {
		t.Errorf("runs %v, want %v", m.runs, want)
	}
	for n, want := range map[int]bool{0: false, 1: true, 5: true, 6: false, 9: false, 10: true, 30: true, 31: false} {
		if m.has(n) != want {
			t.Errorf("has(%d) = %v", n, !want)
		}
	}
}
