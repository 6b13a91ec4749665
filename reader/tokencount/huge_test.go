package tokencount

import (
	"runtime"
	"strings"
	"testing"
)

// TestHugePiece: a piece of over hugeMax bytes is counted a part at a
// time, in room that does not grow with it, within a token a cut of its
// count merged whole.
func TestHugePiece(t *testing.T) {
	for _, c := range []*Counter{Cl100k, O200k} {
		table := o200kTable
		if c == Cl100k {
			table = cl100kTable
		}
		for _, unit := range []string{"a", "\n", "ab", "=", "é", "\ufffd", "日本"} {
			text := strings.Repeat(unit, (hugeMax+3*longMax+5)/len(unit))
			cuts := len(text)/longMax + 1
			whole := table.bpeCountLong(text)

			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			got := c.Count(text)
			runtime.ReadMemStats(&after)
			if d := got - whole; d < -cuts || d > cuts {
				t.Errorf("%s: %q × %d: %d tokens, %d merged whole: more than a token a cut apart (%d cuts)", c.encoding(), unit, len(text)/len(unit), got, whole, cuts)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("%s: %q × %d: counting allocated %d bytes", c.encoding(), unit, len(text)/len(unit), alloc)
			}
			t.Logf("%s %q: %d tokens, %d merged whole", c.encoding(), unit, got, whole)
		}
	}
}
