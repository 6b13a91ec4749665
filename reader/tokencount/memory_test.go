package tokencount

import (
	"math/rand/v2"
	"testing"
)

// TestMemoryNeverWrong: a memory answers a piece with the count it was
// given or not at all, whatever shares its slots: pieces that differ in a
// NUL byte, in length alone, or in a byte past the seventh.
func TestMemoryNeverWrong(t *testing.T) {
	m := newMemory()
	r := rand.New(rand.NewPCG(1, 2))
	given := map[string]int{}
	for range 200000 {
		b := make([]byte, 1+r.IntN(pieceMax))
		for i := range b {
			b[i] = "a\x00b "[r.IntN(4)]
		}
		p := string(b)
		n := 1 + r.IntN(min(len(p), 7))
		if old, ok := given[p]; ok {
			n = old
		}
		given[p] = n
		m.put(p, n)
	}
	found := 0
	for p, n := range given {
		if got, ok := m.get(p); ok {
			found++
			if got != n {
				t.Fatalf("%q: remembered %d, given %d", p, got, n)
			}
		}
	}
	if found < memorySlots {
		t.Errorf("only %d of %d pieces remembered", found, len(given))
	}
	if _, ok := m.get("zzzz"); ok {
		t.Error("a piece never given is remembered")
	}
}

// TestShortKeyIn: the key read in one load is the key built byte by byte,
// whatever follows the piece.
func TestShortKeyIn(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		b := make([]byte, 1+r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		s := string(b)
		k := 1 + r.IntN(min(len(s), shortMax))
		if got, want := shortKeyIn(s, k), shortKeyOf(s[:k]); got != want {
			t.Fatalf("%q, %d: %#x, byte by byte %#x", s, k, got, want)
		}
	}
}
