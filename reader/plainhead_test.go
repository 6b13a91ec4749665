package reader

import (
	"context"
	"math/rand"
	"strings"
	"testing"
)

// TestPlainHeadIsWindow holds plainHead to the window itself: on random
// plain texts, ASCII and not, split with and without a phantom last line,
// every window of caps about their lines and sizes (line limits, the
// tool's own line cap, budgets in each unit with and without their
// charges, halting and counting) stops the same way, its lines numbered
// from 1 on.
func TestPlainHeadIsWindow(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"a", "bc", " ", "\t", "{}", "é", "中", "😀"}
	stops := map[Stop]int{}
	for i := range 30000 {
		var b strings.Builder
		lines := 1 + r.Intn(12)
		if r.Intn(8) == 0 {
			lines = 1 + r.Intn(300)
		}
		wide := r.Intn(3) == 0
		for l := range lines {
			for n := r.Intn(9); n > 0; n-- {
				p := pieces[r.Intn(5)]
				if wide {
					p = pieces[r.Intn(len(pieces))]
				}
				b.WriteString(p)
			}
			if l < lines-1 || r.Intn(2) == 0 {
				b.WriteByte('\n')
			}
		}
		data := []byte(b.String())
		if len(data) == 0 {
			continue
		}
		shape := (&plainShape{}).survey(data)
		if !shape.plain {
			t.Fatalf("%q is not plain", data)
		}
		split := Split{Phantom: r.Intn(2) == 0}
		pg := shape.page(data, split)
		w := Window{Limit: -1, Count: r.Intn(2) == 0}
		near := func(n int) int { return max(0, n+r.Intn(5)-2) }
		if r.Intn(3) > 0 {
			w.Limit = near(pg.Lines)
		}
		if r.Intn(3) == 0 {
			w.MaxLines = max(1, near(pg.Lines))
		}
		if r.Intn(2) == 0 {
			w.Budget = Budget{Max: 1 + r.Intn(len(data)+8), Unit: Unit(r.Intn(3)), Sep: r.Intn(2), First: r.Intn(2) == 0, Halt: r.Intn(2) == 0}
			if r.Intn(3) == 0 {
				w.Budget.Each = 1 + r.Intn(8)
			}
		}
		if r.Intn(2) == 0 {
			w.Cut = LineCut{Max: pg.Longest + 1 + r.Intn(4), Unit: Unit(r.Intn(3))}
		}
		s := heldScanner(context.Background(), data, split, false, false)
		s.plain = shape
		page := window(s, w)
		want := page.Stopped()
		for n, l := range page.Lines {
			if l.N != n+1 || l.Cut {
				t.Fatalf("%q: the window's line %d is %+v", data, n+1, l)
			}
		}
		got := plainHead(w, &pg)
		overs := (got.Over == nil) == (want.Over == nil) && (got.Over == nil || *got.Over == *want.Over)
		gotOver, wantOver := got.Over, want.Over
		got.Over, want.Over = nil, nil
		if got != want || !overs {
			t.Fatalf("case %d, %q split %+v window %+v:\nplainHead %+v over %+v\nwindow    %+v over %+v",
				i, data, split, w, got, gotOver, want, wantOver)
		}
		stops[want.Stop]++
	}
	for _, stop := range []Stop{StopEOF, StopLimit, StopMaxLines, StopBudget} {
		if stops[stop] < 1000 {
			t.Errorf("only %d windows stopped by %d: %v", stops[stop], stop, stops)
		}
	}
}
