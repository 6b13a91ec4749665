package reader

import (
	"math/bits"
	"sync"
)

// An audit makes ten calls on every file of a tree and drops each result
// as soon as it is judged: 8.4 GB of lines and parts made, zeroed and
// collected on Go's own source tree, for results a few kilobytes each.
// The lines a window reads and the lines and parts an outcome builds come
// from pools instead, by powers of two: the page's lines go back once
// Format has made its own of them, and a result's when its caller says it
// is done with it (Result.Release). A caller that never says so pays what
// it paid before, and nothing it holds is ever reused.

// recycledMax is the largest buffer kept, in elements: a larger one is a
// long read's, rare, and would hold its size in the pool.
const recycledMax = 1 << 16

var (
	linePools [bits.UintSize]sync.Pool // of *[]Line, by class
	partPools [bits.UintSize]sync.Pool // of *[]Part
)

// class is the pool of buffers that hold at least n elements.
func class(n int) int { return bits.Len(uint(max(n, 1) - 1)) }

// takeLines is an empty slice with room for n lines.
func takeLines(n int) []Line {
	if n > recycledMax {
		return make([]Line, 0, n)
	}
	c := class(n)
	if b, ok := linePools[c].Get().(*[]Line); ok {
		return (*b)[:0]
	}
	return make([]Line, 0, 1<<c)
}

// giveLines keeps b for a later takeLines; nothing may hold it.
func giveLines(b []Line) {
	n := cap(b)
	if n == 0 || n > recycledMax {
		return
	}
	// A buffer grown past its class by appending belongs to the class it
	// fills: the one below its capacity unless that is a power of two.
	c := bits.Len(uint(n)) - 1
	b = b[:0]
	linePools[c].Put(&b)
}

// takeParts is an empty slice with room for n parts.
func takeParts(n int) []Part {
	if n > recycledMax {
		return make([]Part, 0, n)
	}
	c := class(n)
	if b, ok := partPools[c].Get().(*[]Part); ok {
		return (*b)[:0]
	}
	return make([]Part, 0, 1<<c)
}

// giveParts keeps b for a later takeParts; nothing may hold it.
func giveParts(b []Part) {
	n := cap(b)
	if n == 0 || n > recycledMax {
		return
	}
	c := bits.Len(uint(n)) - 1
	b = b[:0]
	partPools[c].Put(&b)
}

// Release hands the result's Parts and Lines back to readlens, for later
// calls to build theirs in: call it once nothing holds them (or a slice of
// them) any more. They are nil afterwards; Output and every other field
// stay as they were.
func (r *Result) Release() {
	giveParts(r.Parts)
	giveLines(r.Lines)
	r.Parts, r.Lines = nil, nil
}
