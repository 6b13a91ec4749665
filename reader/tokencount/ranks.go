package tokencount

import (
	_ "embed"
	"hash/maphash"
	"math"
	"slices"
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
	// slots find a token of over wordMax bytes by its hash: each holds
	// where the token's text starts, its length and its rank (slot), or 0.
	// A count's merges look up every pair of parts of a piece, and a
	// search of the prefix's tokens (thousands for " s" or "in") took a
	// dozen string comparisons each, most of a count's time when pieces
	// are new to the memory; a slot that held the token's place in sorted
	// order cost two more reads, of its offsets and of its rank, on every
	// look.
	slots []uint64
	// pairs is each two-byte token's rank plus one, or 0, by its bytes:
	// the first look of every merge, in one read.
	pairs []uint32
	// words find a token of up to 8 bytes other than a pair, most of a
	// merge's looks, by its bytes packed in a word: one read and a
	// comparison, where a slot cost a hash of the string, a second read of
	// the token's text and a comparison of strings (a third of a count of
	// pieces new to the memory).
	words    []word
	wordBits int // len(words) is 1<<wordBits
}

// word is a token of up to 8 bytes: its bytes (packed), its rank and its
// length (0: an empty word).
type word struct {
	key  uint64
	rank uint32
	n    uint32
}

// wordMax is the longest token words hold.
const wordMax = 8

// packed is s, at most wordMax bytes, in a word, its first byte lowest.
func packed(s string) uint64 {
	var k uint64
	for i := 0; i < len(s); i++ {
		k |= uint64(s[i]) << (8 * i)
	}
	return k
}

// wordIndex is where a word's search starts in a table of 1<<bits.
func wordIndex(key uint64, bits int) uint64 {
	return (key * 0x9e3779b97f4a7c15) >> (64 - bits)
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
		// About 2.8 MB for cl100k_base's 100,256 tokens, 5.3 MB for
		// o200k_base's, filled in a millisecond or two: a slot in three
		// to five used and a word in two, so a look finds its token, or an
		// empty place, at once.
		n := t.len()
		text := 4 * (2*n + 2)
		words, long := 0, 0
		for m := range n {
			switch k := len(t.token(text, m)); {
			case k > wordMax:
				long++
			case k != 2:
				words++
			}
		}
		size := 1
		for size < 5*long/2 {
			size <<= 1
		}
		for 1<<t.wordBits < words*4/3 {
			t.wordBits++
		}
		t.slots = make([]uint64, size)
		t.pairs = make([]uint32, 1<<16)
		t.words = make([]word, 1<<t.wordBits)
		for m := range n {
			tok := t.token(text, m)
			rank := t.u32(n + 2 + m)
			if len(tok) == 2 {
				t.pairs[int(tok[0])<<8|int(tok[1])] = uint32(rank + 1)
				continue
			}
			if len(tok) <= wordMax {
				w := word{key: packed(tok), rank: uint32(rank), n: uint32(len(tok))}
				i := wordIndex(w.key, t.wordBits)
				for t.words[i].n != 0 {
					i = (i + 1) & uint64(len(t.words)-1)
				}
				t.words[i] = w
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
	if len(token) <= wordMax {
		key, mask := packed(token), uint64(len(t.words)-1)
		for i := wordIndex(key, t.wordBits); t.words[i].n != 0; i = (i + 1) & mask {
			if w := t.words[i]; w.key == key && int(w.n) == len(token) {
				return int(w.rank), true
			}
		}
		return 0, false
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

// bpeMax is the longest piece bpeCount merges; the library switches to
// another algorithm (its heap) from 96 bytes, and so does the count
// (bpeCountLong).
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

// bpeCountLong is bpeCount for a piece of any length, in O(n log n): the
// same merges (lowest rank first, the leftmost of equal ranks) as the
// library's mergePairsHeap makes them, over a list of the parts and a
// heap of the pairs that would merge. Lines of one letter repeated make
// pieces of thousands of bytes, and the library, which splits each again
// with its pattern before it merges, took most of an audit of such files.
func (t *table) bpeCountLong(piece string) int {
	t.load()
	if _, ok := t.rank(piece); ok {
		return 1
	}
	b := mergeBufs.Get().(*mergeBuf)
	defer func() {
		if cap(b.nodes) <= mergeKept {
			mergeBufs.Put(b)
		}
	}()
	n := int32(len(piece))
	nodes := slices.Grow(b.nodes[:0], int(n)+1)[:n+1]
	for i := range nodes {
		nodes[i] = mergeNode{prev: int32(i) - 1, next: int32(i) + 1, rank: noRank}
	}
	nodes[n].next = -1
	rankOf := func(i int32) uint32 {
		j := nodes[i].next
		if j < 0 || nodes[j].next < 0 {
			return noRank
		}
		if r, ok := t.rank(piece[i:nodes[j].next]); ok {
			return uint32(r)
		}
		return noRank
	}
	h := slices.Grow(b.heap[:0], int(n)) // a candidate a pair, and the merges' later
	for i := int32(0); i+2 <= n; i++ {
		if r := rankOf(i); r != noRank {
			nodes[i].rank = r
			h = append(h, mergeCandidate{r, i})
		}
	}
	h.init()
	parts := int(n)
	for len(h) > 0 {
		top := h.pop()
		i := top.offset
		if nodes[i].rank != top.rank {
			continue // stale: the pair changed since it was pushed
		}
		j := nodes[i].next
		k := nodes[j].next
		nodes[j].rank = noRank
		nodes[i].next = k
		if k >= 0 {
			nodes[k].prev = i
		}
		parts--
		for _, p := range [2]int32{i, nodes[i].prev} {
			if p < 0 {
				continue
			}
			if nodes[p].rank = rankOf(p); nodes[p].rank != noRank {
				h.push(mergeCandidate{nodes[p].rank, p})
			}
		}
	}
	b.nodes, b.heap = nodes, h
	return parts
}

// noRank marks a part that merges with none after it.
const noRank = math.MaxUint32

// mergeNode is a part of a piece being merged, in a list: rank is the
// rank of the token it makes with the next part.
type mergeNode struct {
	prev, next int32
	rank       uint32
}

// mergeBuf is a merge's room, kept for the next: a long piece's nodes and
// heap are tens of kilobytes.
type mergeBuf struct {
	nodes []mergeNode
	heap  mergeHeap
}

var mergeBufs = sync.Pool{New: func() any { return new(mergeBuf) }}

// mergeKept is the room of the largest merge kept: a piece of a megabyte
// (a line the tools do not cut) takes 20 MB to merge, once.
const mergeKept = 64 << 10

type mergeCandidate struct {
	rank   uint32
	offset int32
}

// mergeHeap is a min-heap of candidates by rank, then offset: of equal
// ranks the leftmost merges first.
type mergeHeap []mergeCandidate

func (h mergeHeap) less(a, b int) bool {
	if h[a].rank != h[b].rank {
		return h[a].rank < h[b].rank
	}
	return h[a].offset < h[b].offset
}

func (h mergeHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *mergeHeap) push(c mergeCandidate) {
	*h = append(*h, c)
	h.up(len(*h) - 1)
}

func (h *mergeHeap) pop() mergeCandidate {
	old := *h
	top := old[0]
	last := len(old) - 1
	old[0] = old[last]
	*h = old[:last]
	h.down(0)
	return top
}

func (h mergeHeap) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			return
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
}

func (h mergeHeap) down(i int) {
	for {
		child := 2*i + 1
		if child >= len(h) {
			return
		}
		if right := child + 1; right < len(h) && h.less(right, child) {
			child = right
		}
		if !h.less(child, i) {
			return
		}
		h[i], h[child] = h[child], h[i]
		i = child
	}
}

// bound is the most tokens piece can merge to, without merging it. Merges
// stop when no two neighbouring parts make a token, so when every two
// neighbouring bytes of piece make one, no two single bytes are left side
// by side: at most one in every three bytes begins a part of its own
// beside a part of two, and there are at most (2n+1)/3 parts. Else every
// byte may stay one.
func (t *table) bound(piece string) int {
	t.load()
	for i := 0; i+1 < len(piece); i++ {
		if t.pairs[int(piece[i])<<8|int(piece[i+1])] == 0 {
			return len(piece)
		}
	}
	return (2*len(piece) + 1) / 3
}
