package tokencount

import (
	"hash/maphash"
	"sync/atomic"
)

// memory remembers pieces' counts in a fixed number of slots, each a
// piece's place by its hash: a piece evicts whatever held its slot. It
// takes no lock, since the workers of an audit or a compare count on every
// core at once and a mutex around a map was an eighth of a compare's time;
// two goroutines storing in one slot at once leave one of their pieces,
// which is all a memory needs.
type memory struct {
	seed  maphash.Seed
	slots [memorySlots]atomic.Pointer[remembered]
}

// memorySlots is how many pieces a memory holds (a power of two): with
// pieceMax, under 2 MiB at worst. The slots of 2^16 pieces, half a
// megabyte of pointers, cost a one-file compare more in cache misses and
// page faults than the pieces they kept (a compare of a 100 KB Go file:
// 82 -> 77 ms of CPU at 2^14).
const memorySlots = 1 << 14

type remembered struct {
	piece string
	n     int
}

func newMemory() *memory { return &memory{seed: maphash.MakeSeed()} }

func (m *memory) slot(piece string) *atomic.Pointer[remembered] {
	return &m.slots[maphash.String(m.seed, piece)&(memorySlots-1)]
}

// get is piece's count, when it is remembered.
func (m *memory) get(piece string) (int, bool) {
	if r := m.slot(piece).Load(); r != nil && r.piece == piece {
		return r.n, true
	}
	return 0, false
}

// put remembers piece's count; piece is copied, so the text it lies in
// is not kept alive by it.
func (m *memory) put(piece string, n int) {
	m.slot(piece).Store(&remembered{piece: string([]byte(piece)), n: n})
}
