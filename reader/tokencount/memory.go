package tokencount

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
)

// memory remembers pieces' counts in a fixed number of slots, each a
// piece's place by its hash: a piece evicts whatever held its slot. It
// takes no lock, since the workers of an audit or a compare count on every
// core at once and a mutex around a map was an eighth of a compare's time;
// two goroutines storing in one slot at once leave one of their pieces,
// which is all a memory needs. A piece has two slots, its own and its
// neighbour: the piece that held its own moves aside, so two pieces of one
// slot do not evict each other in turn: counting Go's net/http/server.go
// (30,586 pieces) a second time, pieces of over 7 bytes missed 150 times
// with one slot each and 20 times with two, and a miss is a merge of the
// piece, most of the count's time.
//
// A piece of up to 7 bytes, most of source code's, is remembered in one
// word with its length and count (short): looked up with one load and one
// comparison, no string hashed or compared and nothing allocated.
type memory struct {
	seed  maphash.Seed
	slots [memorySlots]atomic.Pointer[remembered]
	short [memorySlots]atomic.Uint64
	// long holds pieces of pieceMax to longMax bytes, few but dear: a
	// merge of thousands of parts each. At most 512 KiB of them.
	long [longSlots]atomic.Pointer[remembered]
}

const (
	longSlots = 64
	longMax   = 8 << 10
)

// A short piece's word: its length in bits 0-2, its bytes in bits 3-58,
// its count (at most its length) in bits 59-61. No piece is empty, so a
// word of 0 holds none.
const (
	shortMax  = 7
	shortKey  = 1<<59 - 1
	shortFrom = 59
)

func shortKeyOf(piece string) uint64 {
	k := uint64(len(piece))
	for i := 0; i < len(piece); i++ {
		k |= uint64(piece[i]) << (3 + 8*i)
	}
	return k
}

// shortKeyIn is shortKeyOf(s[:k]), k at most shortMax, in one load when
// s holds 8 bytes: a short piece's key costs no loop over its bytes.
func shortKeyIn(s string, k int) uint64 {
	if len(s) < 8 {
		return shortKeyOf(s[:k])
	}
	w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	return (w&(1<<(8*k)-1))<<3 | uint64(k)
}

func (m *memory) shortIndex(key uint64) uint64 {
	return (key * 0x9e3779b97f4a7c15) >> (64 - memoryBits)
}

// memorySlots is how many pieces a memory holds (a power of two): with
// pieceMax, under 2 MiB at worst. The slots of 2^16 pieces, half a
// megabyte of pointers, cost a one-file compare more in cache misses and
// page faults than the pieces they kept (a compare of a 100 KB Go file:
// 82 -> 77 ms of CPU at 2^14).
const (
	memoryBits  = 14
	memorySlots = 1 << memoryBits
)

type remembered struct {
	piece string
	n     int
}

func newMemory() *memory { return &memory{seed: maphash.MakeSeed()} }

func (m *memory) index(piece string) uint64 {
	return maphash.String(m.seed, piece) & (memorySlots - 1)
}

// get is piece's count, when it is remembered.
func (m *memory) get(piece string) (int, bool) {
	if len(piece) <= shortMax {
		return m.getShort(shortKeyOf(piece))
	}
	i := m.index(piece)
	if r := m.slots[i].Load(); r != nil && r.piece == piece {
		return r.n, true
	}
	if r := m.slots[i^1].Load(); r != nil && r.piece == piece {
		return r.n, true
	}
	return 0, false
}

// put remembers piece's count; piece is copied, so the text it lies in
// is not kept alive by it.
func (m *memory) put(piece string, n int) {
	if len(piece) <= shortMax {
		m.putShort(shortKeyOf(piece), n)
		return
	}
	i := m.index(piece)
	if r := m.slots[i].Load(); r != nil {
		m.slots[i^1].Store(r)
	}
	m.slots[i].Store(&remembered{piece: string([]byte(piece)), n: n})
}

// getShort is the count of the short piece of key, when it is remembered.
func (m *memory) getShort(key uint64) (int, bool) {
	i := m.shortIndex(key)
	if w := m.short[i].Load(); w&shortKey == key {
		return int(w >> shortFrom), true
	}
	if w := m.short[i^1].Load(); w&shortKey == key {
		return int(w >> shortFrom), true
	}
	return 0, false
}

// putShort remembers the count of the short piece of key.
func (m *memory) putShort(key uint64, n int) {
	i := m.shortIndex(key)
	if w := m.short[i].Load(); w != 0 {
		m.short[i^1].Store(w)
	}
	m.short[i].Store(key | uint64(n)<<shortFrom)
}

// getLong is a long piece's count, when it is remembered.
func (m *memory) getLong(piece string) (int, bool) {
	if r := m.long[m.index(piece)%longSlots].Load(); r != nil && r.piece == piece {
		return r.n, true
	}
	return 0, false
}

// putLong remembers a long piece's count, in place of the one its slot held.
func (m *memory) putLong(piece string, n int) {
	m.long[m.index(piece)%longSlots].Store(&remembered{piece: strings.Clone(piece), n: n})
}
