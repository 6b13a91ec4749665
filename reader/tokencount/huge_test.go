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
	for _, unit := range []string{"a", "\n", "ab", "=", "é", "\ufffd", "日本"} {
		text := strings.Repeat(unit, (hugeMax+3*longMax+5)/len(unit))
		cuts := len(text)/longMax + 1
		whole := cl100kTable.bpeCountLong(text)

		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		got := Cl100k.Count(text)
		runtime.ReadMemStats(&after)
		if d := got - whole; d < -cuts || d > cuts {
			t.Errorf("%q × %d: %d tokens, %d merged whole: more than a token a cut apart (%d cuts)", unit, len(text)/len(unit), got, whole, cuts)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
			t.Errorf("%q × %d: counting allocated %d bytes", unit, len(text)/len(unit), alloc)
		}
		t.Logf("%q: %d tokens, %d merged whole", unit, got, whole)
	}
}
