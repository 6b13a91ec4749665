package photon

import (
	"image"
	"math"
	"runtime"
	"sync"
)

// Resize is Photon's resize with SamplingFilter.Lanczos3, which is image
// 0.24.9's imageops::resize (imageops/sample.rs): the columns first, into
// rows of f32, then the rows, each output pixel the normalised sum of the
// source pixels within 3 of its centre (scaled by the ratio when
// shrinking), in single precision, clamped and rounded. The same size is
// a copy. The sums run in image-rs's order, so the pixels are its pixels
// but for the sine, which is Go's in double precision where image-rs takes
// the f32 sine of its libm (a weight can differ in its last bit).
//
// image-rs holds the whole W×h f32 intermediate; Resize makes each of its
// rows as the second pass needs it, which gives the same values in a
// buffer of one row, and converts each source row once.
func Resize(m *Image, w, h int) *image.NRGBA {
	if w == m.W && h == m.H {
		out := m.NRGBA()
		if out == m.src {
			out = &image.NRGBA{Pix: append([]byte(nil), out.Pix...), Stride: out.Stride, Rect: out.Rect}
		}
		return out
	}
	vt, ht := filterTaps(m.H, h), filterTaps(m.W, w)
	out := image.NewNRGBA(image.Rect(0, 0, w, h))
	parallel(h, func(lo, hi int) {
		acc := make([]float32, 4*m.W)
		rows := newRowCache(m, vt[lo:hi])
		for oy := lo; oy < hi; oy++ {
			clear(acc)
			t := vt[oy]
			for i, wt := range t.w {
				for j, v := range rows.get(t.left + i) {
					acc[j] = acc[j] + float32(float32(v)*wt)
				}
			}
			horizontalRow(acc, ht, out.Pix[oy*out.Stride:])
		}
	})
	return out
}

// rowCache holds the source rows the taps of consecutive output rows
// share, converted to RGBA once each.
type rowCache struct {
	m    *Image
	rows [][]byte
	idx  []int
}

func newRowCache(m *Image, ts []taps) *rowCache {
	n := 1
	for _, t := range ts {
		n = max(n, len(t.w)+1)
	}
	c := &rowCache{m: m, rows: make([][]byte, n), idx: make([]int, n)}
	for i := range c.idx {
		c.idx[i] = -1
	}
	return c
}

func (c *rowCache) get(y int) []byte {
	k := y % len(c.rows)
	if c.idx[k] != y {
		if c.rows[k] == nil {
			c.rows[k] = make([]byte, 4*c.m.W)
		}
		c.m.Row(y, c.rows[k])
		c.idx[k] = y
	}
	return c.rows[k]
}

// taps are the weights of one output pixel: source indices left..left+len(w).
type taps struct {
	left int
	w    []float32
}

// filterTaps computes the weights for each of n output positions from size
// input positions, as the sampling loops of sample.rs do.
func filterTaps(size, n int) []taps {
	const support = float32(3)
	ratio := float32(size) / float32(n)
	sratio := ratio
	if sratio < 1 {
		sratio = 1
	}
	srcSupport := support * sratio
	out := make([]taps, n)
	for o := range out {
		input := (float32(o) + 0.5) * ratio
		left := int64(math.Floor(float64(input - srcSupport)))
		left = min(max(left, 0), int64(size)-1)
		right := int64(math.Ceil(float64(input + srcSupport)))
		right = min(max(right, left+1), int64(size))
		input -= 0.5
		ws := make([]float32, 0, right-left)
		var sum float32
		for i := left; i < right; i++ {
			k := lanczos3((float32(i) - input) / sratio)
			ws = append(ws, k)
			sum += k
		}
		for i := range ws {
			ws[i] /= sum
		}
		out[o] = taps{left: int(left), w: ws}
	}
	return out
}

func lanczos3(x float32) float32 {
	if float32(math.Abs(float64(x))) < 3 {
		return sinc(x) * sinc(x/3)
	}
	return 0
}

func sinc(t float32) float32 {
	a := t * float32(math.Pi)
	if t == 0 {
		return 1
	}
	return float32(math.Sin(float64(a))) / a
}

// parallel runs fn over [0, n) in a few contiguous ranges at once.
func parallel(n int, fn func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), max(1, n/64))
	var wg sync.WaitGroup
	for k := 0; k < workers; k++ {
		lo, hi := n*k/workers, n*(k+1)/workers
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(lo, hi)
		}()
	}
	wg.Wait()
}

// horizontalRow is sample.rs's horizontal_sample for one row of the f32
// intermediate: its pixels weighted, clamped and rounded into dst.
func horizontalRow(in []float32, ts []taps, dst []byte) {
	for ox, t := range ts {
		var r, g, b, a float32
		p := in[4*t.left:]
		for i, wt := range t.w {
			r = r + float32(p[4*i]*wt)
			g = g + float32(p[4*i+1]*wt)
			b = b + float32(p[4*i+2]*wt)
			a = a + float32(p[4*i+3]*wt)
		}
		d := dst[4*ox : 4*ox+4]
		d[0], d[1], d[2], d[3] = round8(r), round8(g), round8(b), round8(a)
	}
}

// round8 is FloatNearest(clamp(v, 0, 255)) cast to u8.
func round8(v float32) byte {
	v = min(max(v, 0), 255)
	return byte(math.Round(float64(v)))
}

// Resizer is Resize fed the source one row at a time, in order, for a
// source that is never whole in memory (a PNG as it is inflated): each
// source row is added, in Resize's order, to the output rows whose taps
// take it, and an output row is filtered across as soon as its last
// source row is in. The pixels are Resize's; only the accumulators of
// the few output rows in progress are held.
type Resizer struct {
	w        int // source width
	vt, ht   []taps
	out      *image.NRGBA
	lo, hi   int         // output rows begun and not finished
	active   [][]float32 // their accumulators, lo first
	vals     []float32   // the source row being added
	recycle  chan []float32
	finished chan finishedRow // rows to filter across, on another goroutine
	done     chan struct{}
}

type finishedRow struct {
	y   int
	acc []float32
}

// NewResizer is a Resizer from sw×sh to w×h (which must differ from it).
// Close it once every row is in, then read Image.
func NewResizer(sw, sh, w, h int) *Resizer {
	r := &Resizer{w: sw, vt: filterTaps(sh, h), ht: filterTaps(sw, w), out: image.NewNRGBA(image.Rect(0, 0, w, h)), vals: make([]float32, 4*sw),
		finished: make(chan finishedRow, 8), done: make(chan struct{})}
	recycled := make(chan []float32, 16)
	go func() {
		defer close(r.done)
		for f := range r.finished {
			horizontalRow(f.acc, r.ht, r.out.Pix[f.y*r.out.Stride:])
			select {
			case recycled <- f.acc:
			default:
			}
		}
	}()
	r.recycle = recycled
	return r
}

// Row adds source row y (4·sw bytes of straight RGBA); rows come 0 first.
func (r *Resizer) Row(y int, row []byte) {
	for r.hi < len(r.vt) && r.vt[r.hi].left <= y {
		r.active = append(r.active, r.buffer())
		r.hi++
	}
	vals := r.vals[:4*r.w] // the row as f32 once, for every output row it feeds
	for j, v := range row[:len(vals)] {
		vals[j] = float32(v)
	}
	for i, acc := range r.active {
		t := r.vt[r.lo+i]
		k := y - t.left
		if k < 0 || k >= len(t.w) {
			continue
		}
		wt := t.w[k]
		acc = acc[:len(vals)]
		for j, v := range vals {
			acc[j] = acc[j] + float32(v*wt)
		}
	}
	for r.lo < r.hi && r.vt[r.lo].left+len(r.vt[r.lo].w)-1 <= y {
		r.finished <- finishedRow{r.lo, r.active[0]}
		r.active = r.active[1:]
		r.lo++
	}
}

// buffer is a cleared accumulator, recycled when one is back.
func (r *Resizer) buffer() []float32 {
	select {
	case b := <-r.recycle:
		clear(b)
		return b
	default:
		return make([]float32, 4*r.w)
	}
}

// Close waits for the last rows to be filtered.
func (r *Resizer) Close() {
	close(r.finished)
	<-r.done
}

// Image is the result, once Close has returned.
func (r *Resizer) Image() *image.NRGBA { return r.out }
