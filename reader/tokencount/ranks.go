package tokencount

import (
	_ "embed"
	"hash/maphash"
	"math"
	"sync"
)

//go:generate go run ./internal/ranks

// The encodings' ranks and their indexes, generated from the library's
// vocabularies (see internal/ranks): looked up where they lie, so counting
// costs nothing to start, where the library builds a map of 100,256 or
// 199,998 entries.
var (
	//go:embed cl100k_base.ranks
	cl100kRanks string
	//go:embed cl100k_base.index
	cl100kIndex string
	//go:embed o200k_base.ranks
	o200kRanks string
	//go:embed o200k_base.index
	o200kIndex string
)

// ranks is a table internal/ranks wrote.
type ranks string

// table is a ranks with its index: where the tokens of each two-byte
// prefix start.
type table struct {
	ranks
	index ranks // 65,537 numbers: the first token not below each prefix, then the count
	once  sync.Once
	// slots find a token by its hash: each holds a token's place in
	// sorted order plus one, or 0. A count's merges look up every pair of
	// parts of a piece, and a search of the prefix's tokens (thousands for
	// " s" or "in") took a dozen string comparisons each, most of a
	// count's time when pieces are new to the memory.
	slots []uint32
}

// hashSeed hashes the tables' tokens; it is the process's own.
var hashSeed = maphash.MakeSeed()

// load maps the table in once, before its first lookup: 1.4 or 3 MB
// mapped at once cost a run less than the fifty or so page faults its
// lookups took (a compare of a 100 KB file, in a VM where a fault costs
// 15 µs), and fills the slots.
func (t *table) load() {
	t.once.Do(func() {
		resident(string(t.ranks))
		resident(string(t.index))
		// About 1 MB for cl100k_base's 100,256 tokens, 2 MB for
		// o200k_base's, filled in a millisecond or two: a slot in three
		// used, so a look finds its token, or an empty slot, at once.
		n := t.len()
		size := 1
		for size < 3*n {
			size <<= 1
		}
		t.slots = make([]uint32, size)
		text := 4 * (2*n + 2)
		for m := range n {
			i := maphash.String(hashSeed, t.token(text, m)) & uint64(size-1)
			for t.slots[i] != 0 {
				i = (i + 1) & uint64(size-1)
			}
			t.slots[i] = uint32(m + 1)
		}
	})
}

var (
	cl100kTable = &table{ranks: ranks(cl100kRanks), index: ranks(cl100kIndex)}
	o200kTable  = &table{ranks: ranks(o200kRanks), index: ranks(o200kIndex)}
)

// rank is the rank of token, and whether it is one.
func (t *table) rank(token string) (int, bool) {
	t.load()
	n := t.len()
	text := 4 * (2*n + 2)
	if len(token) == 2 {
		// A two-byte token sorts first among those it begins: the
		// index says where they start.
		key := int(token[0])<<8 | int(token[1])
		if m := t.index.u32(key); m < t.index.u32(key+1) && t.token(text, m) == token {
			return t.u32(n + 2 + m), true
		}
		return 0, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := maphash.String(hashSeed, token) & mask; t.slots[i] != 0; i = (i + 1) & mask {
		if m := int(t.slots[i]) - 1; t.token(text, m) == token {
			return t.u32(n + 2 + m), true
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
