package reader

import (
	"math/bits"
	"sync"
	"unsafe"
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

// recycler keeps slices of T by powers of two: pool c holds slices with
// room for at least 1<<c elements.
type recycler[T any] [bits.UintSize]sync.Pool // of *[]T

var (
	lineBufs recycler[Line]
	partBufs recycler[Part]
)

// take is an empty slice with room for n elements.
func (r *recycler[T]) take(n int) []T {
	if n > recycledMax {
		return make([]T, 0, n)
	}
	c := bits.Len(uint(max(n, 1) - 1))
	if b, ok := r[c].Get().(*[]T); ok {
		return (*b)[:0]
	}
	return make([]T, 0, 1<<c)
}

// give keeps b for a later take; nothing may hold it. A slice grown past
// its class by appending joins the class its capacity fills.
func (r *recycler[T]) give(b []T) {
	n := cap(b)
	if n == 0 || n > recycledMax {
		return
	}
	b = b[:0]
	r[bits.Len(uint(n))-1].Put(&b)
}

// sameBuffer reports whether a and b are slices of one array.
func sameBuffer[T any](a, b []T) bool {
	return cap(a) > 0 && cap(b) > 0 && unsafe.SliceData(a[:cap(a)]) == unsafe.SliceData(b[:cap(b)])
}

// Release hands the result's Parts and Lines back to readlens, for later
// calls to build theirs in: call it once nothing holds them (or a slice of
// them) any more. They are nil afterwards; Output and every other field
// stay as they were.
func (r *Result) Release() {
	partBufs.give(r.Parts)
	lineBufs.give(r.Lines)
	r.Parts, r.Lines = nil, nil
}
