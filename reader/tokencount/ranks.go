package tokencount

import (
	_ "embed"
	"hash/maphash"
	"math"
	"sync"
)

//go:generate go run ./internal/ranks

// The encodings' ranks, generated from the library's vocabularies (see
// internal/ranks): read where they lie, where the library builds a map of
// 100,256 or 199,998 entries on each run.
var (
	//go:embed cl100k_base.ranks
	cl100kRanks string
	//go:embed o200k_base.ranks
	o200kRanks string
)

// ranks is a table internal/ranks wrote.
type ranks string

// table is a ranks with the lookups built from it on first use.
type table struct {
	ranks
	once sync.Once
	// slots find a token by its hash: each holds where the token's text
	// starts, its length and its rank (slot), or 0. A count's merges look
	// up every pair of parts of a piece, and a search of the prefix's
	// tokens (thousands for " s" or "in") took a dozen string comparisons
	// each, most of a count's time when pieces are new to the memory; a
	// slot that held the token's place in sorted order cost two more
	// reads, of its offsets and of its rank, on every look.
	slots []uint64
	// pairs is each two-byte token's rank plus one, or 0, by its bytes:
	// the first look of every merge, in one read.
	pairs []uint32
}

// A slot: the start of the token's text in the table (bits 0-31), its
// length (32-41) and its rank (42-63).
const (
	slotLenFrom  = 32
	slotRankFrom = 42
	slotLenMask  = 1<<(slotRankFrom-slotLenFrom) - 1
)

// hashSeed hashes the tables' tokens; it is the process's own.
var hashSeed = maphash.MakeSeed()

// load maps the table in once, before its first lookup: 1.4 or 3 MB
// mapped at once cost a run less than the fifty or so page faults its
// lookups took (a compare of a 100 KB file, in a VM where a fault costs
// 15 µs), and fills the slots.
func (t *table) load() {
	t.once.Do(func() {
		resident(string(t.ranks))
		// About 2 MB for cl100k_base's 100,256 tokens, 4 MB for
		// o200k_base's, filled in a millisecond or two: a slot in three
		// to five used, so a look finds its token, or an empty slot, at
		// once.
		n := t.len()
		size := 1
		for size < 5*n/2 {
			size <<= 1
		}
		t.slots = make([]uint64, size)
		t.pairs = make([]uint32, 1<<16)
		text := 4 * (2*n + 2)
		for m := range n {
			tok := t.token(text, m)
			rank := t.u32(n + 2 + m)
			if len(tok) == 2 {
				t.pairs[int(tok[0])<<8|int(tok[1])] = uint32(rank + 1)
				continue
			}
			i := maphash.String(hashSeed, tok) & uint64(size-1)
			for t.slots[i] != 0 {
				i = (i + 1) & uint64(size-1)
			}
			t.slots[i] = uint64(text+t.u32(1+m)) | uint64(len(tok))<<slotLenFrom | uint64(rank)<<slotRankFrom
		}
	})
}

var (
	cl100kTable = &table{ranks: ranks(cl100kRanks)}
	o200kTable  = &table{ranks: ranks(o200kRanks)}
)

// rank is the rank of token, and whether it is one.
func (t *table) rank(token string) (int, bool) {
	t.load()
	if len(token) == 2 {
		r := t.pairs[int(token[0])<<8|int(token[1])]
		return int(r) - 1, r != 0
	}
	mask := uint64(len(t.slots) - 1)
	for i := maphash.String(hashSeed, token) & mask; t.slots[i] != 0; i = (i + 1) & mask {
		slot := t.slots[i]
		if int(slot>>slotLenFrom&slotLenMask) != len(token) {
			continue
		}
		if start := int(uint32(slot)); string(t.ranks[start:start+len(token)]) == token {
			return int(slot >> slotRankFrom), true
		}
	}
	return 0, false
}

func (t ranks) u32(i int) int {
	j := 4 * i
	return int(uint32(t[j]) | uint32(t[j+1])<<8 | uint32(t[j+2])<<16 | uint32(t[j+3])<<24)
}

func (t ranks) len() int { return t.u32(0) }

// token is the m-th token in sorted order; text is where the text starts.
func (t ranks) token(text, m int) string {
	return string(t[text+t.u32(1+m) : text+t.u32(2+m)])
}

// bpeMax is the longest piece count merges; the library switches to
// another algorithm (its heap) from 96 bytes, and pieces that long are
// left to it.
const bpeMax = 95

// bpeCount is the number of tokens byte-pair encoding gives piece: the
// library's mergePairsScan, step for step (lowest rank first, the leftmost
// of equal ranks), without building the tokens.
func (t *table) bpeCount(piece string) int {
	t.load()
	if _, ok := t.rank(piece); ok {
		return 1
	}
	type part struct{ offset, rank int }
	var buf [bpeMax + 1]part
	parts := buf[:len(piece)+1]
	rankOf := func(i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := t.rank(piece[parts[i].offset:parts[i+skip+2].offset]); ok {
				return r
			}
		}
		return math.MaxInt
	}
	for i := range parts {
		parts[i] = part{i, math.MaxInt}
	}
	for i := 0; i < len(parts)-2; i++ {
		parts[i].rank = rankOf(i, 0)
	}
	for len(parts) > 1 {
		minRank, minIndex := math.MaxInt, 0
		for i, p := range parts[:len(parts)-1] {
			if p.rank < minRank {
				minRank, minIndex = p.rank, i
			}
		}
		if minRank == math.MaxInt {
			break
		}
		parts[minIndex].rank = rankOf(minIndex, 1)
		if minIndex > 0 {
			parts[minIndex-1].rank = rankOf(minIndex-1, 1)
		}
		parts = append(parts[:minIndex+1], parts[minIndex+2:]...)
	}
	return len(parts) - 1
}
