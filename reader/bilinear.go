package reader

import (
	"image"
	"image/color"
	"math"
)

// bilinear is golang.org/x/image/draw's BiLinear.Scale (its kernel
// scaler, op Src, no masks) from an *image.RGBA or *image.NRGBA into an
// *image.NRGBA no larger than the source, computed the same way in the
// same order, so the pixels are the same; but fed one source row at a
// time, and holding the few rows of its intermediate that the rows being
// written need. x/image holds the whole intermediate, 32 bytes a pixel of
// the result's width times the source's height: 150 MB to bring 2357 rows
// to 2000×2000.
type bilinear struct {
	dst      *image.NRGBA
	straight bool // the source is NRGBA: premultiply, as x/image does
	h, v     distrib
	ring     [][]float64 // the intermediate rows, by source row mod len
	vals     []float64   // the source row's premultiplied 16-bit values
	next     int         // the next destination row to write
}

// distrib is x/image's: for each destination column or row, its
// contributions (source coordinate and weight) and inverse total weight.
type distrib struct {
	first, last []int // each destination's contributions: contribs[first:last]
	coord       []int
	weight      []float64
	inv         []float64 // 1 / total weight
}

// newDistrib is x/image/draw's newDistrib for the tent kernel (support 1,
// 1 - t): sw source positions onto dw.
func newDistrib(dw, sw int) distrib {
	scale := float64(sw) / float64(dw)
	halfWidth, argScale := 1.0, 1.0
	if scale > 1 {
		halfWidth *= scale
		argScale = 1 / scale
	}
	d := distrib{first: make([]int, dw), last: make([]int, dw), inv: make([]float64, dw)}
	for x := range dw {
		center := float64((float64(x)+0.5)*scale) - 0.5
		i := max(int(int32(math.Floor(center-halfWidth))), 0)
		j := int(int32(math.Ceil(center + halfWidth)))
		if j > sw {
			j = max(sw, i)
		}
		d.first[x] = len(d.coord)
		total := 0.0
		for c := i; c < j; c++ {
			t := (center - float64(c)) * argScale
			if t < 0 {
				t = -t
			}
			if t >= 1 {
				continue
			}
			w := 1 - t
			if w == 0 {
				continue
			}
			total += w
			d.coord, d.weight = append(d.coord, c), append(d.weight, w)
		}
		d.last[x], d.inv[x] = len(d.coord), 1/total
	}
	return d
}

// newBilinear prepares a sw×sh source's scaling into dst, or returns nil
// when x/image's own code must do it (an enlargement, a side with nothing
// to sample).
func newBilinear(dst *image.NRGBA, sw, sh int, straight bool) *bilinear {
	dw, dh := dst.Rect.Dx(), dst.Rect.Dy()
	if dw <= 0 || dh <= 0 || dw > sw || dh > sh {
		return nil
	}
	z := &bilinear{dst: dst, straight: straight, h: newDistrib(dw, sw), v: newDistrib(dh, sh), vals: make([]float64, 4*sw)}
	span := 1
	for y := range dh {
		if z.v.first[y] == z.v.last[y] {
			return nil
		}
		span = max(span, z.v.coord[z.v.last[y]-1]-z.v.coord[z.v.first[y]]+1)
	}
	for x := range dw {
		if z.h.first[x] == z.h.last[x] {
			return nil
		}
	}
	z.ring = make([][]float64, span)
	for i := range z.ring {
		z.ring[i] = make([]float64, 4*dw)
	}
	return z
}

// row takes source row y (rows come in order, 0 first) and writes the
// destination rows it completes.
func (z *bilinear) row(y int, pix []byte) {
	vals := z.vals
	for i := 0; i+3 < len(vals); i += 4 {
		p := pix[i : i+4]
		a := uint32(p[3]) * 0x101
		if z.straight {
			vals[i], vals[i+1], vals[i+2] = float64(uint32(p[0])*a/0xff), float64(uint32(p[1])*a/0xff), float64(uint32(p[2])*a/0xff)
		} else {
			vals[i], vals[i+1], vals[i+2] = float64(uint32(p[0])*0x101), float64(uint32(p[1])*0x101), float64(uint32(p[2])*0x101)
		}
		vals[i+3] = float64(a)
	}
	tmp := z.ring[y%len(z.ring)]
	h := &z.h
	for x := range h.inv {
		var pr, pg, pb, pa float64
		for k := h.first[x]; k < h.last[x]; k++ {
			v, w := vals[4*h.coord[k]:4*h.coord[k]+4], h.weight[k]
			pr += float64(v[0] * w)
			pg += float64(v[1] * w)
			pb += float64(v[2] * w)
			pa += float64(v[3] * w)
		}
		f := h.inv[x] / 0xffff
		tmp[4*x], tmp[4*x+1], tmp[4*x+2], tmp[4*x+3] = pr*f, pg*f, pb*f, pa*f
	}
	v := &z.v
	for z.next < len(v.inv) && v.coord[v.last[z.next]-1] <= y {
		z.writeRow(z.next)
		z.next++
	}
}

// writeRow is scaleY_RGBA64Image_Src for destination row dy.
func (z *bilinear) writeRow(dy int) {
	v := &z.v
	for dx := range z.h.inv {
		var pr, pg, pb, pa float64
		for k := v.first[dy]; k < v.last[dy]; k++ {
			p, w := z.ring[v.coord[k]%len(z.ring)][4*dx:4*dx+4], v.weight[k]
			pr += float64(p[0] * w)
			pg += float64(p[1] * w)
			pb += float64(p[2] * w)
			pa += float64(p[3] * w)
		}
		pr, pg, pb = min(pr, pa), min(pg, pa), min(pb, pa)
		inv := v.inv[dy]
		z.dst.SetRGBA64(z.dst.Rect.Min.X+dx, z.dst.Rect.Min.Y+dy, color.RGBA64{ftou(pr * inv), ftou(pg * inv), ftou(pb * inv), ftou(pa * inv)})
	}
}

// ftou is x/image's: [0, 1] to [0, 0xffff].
func ftou(f float64) uint16 {
	i := int32(float64(0xffff*f) + 0.5)
	if i > 0xffff {
		return 0xffff
	}
	if i > 0 {
		return uint16(i)
	}
	return 0
}

// bilinearImage scales a whole RGBA or NRGBA image with bilinear; false
// when it does not apply.
func bilinearImage(dst *image.NRGBA, src image.Image) bool {
	var pix []byte
	var stride int
	straight := false
	switch m := src.(type) {
	case *image.RGBA:
		pix, stride = m.Pix, m.Stride
	case *image.NRGBA:
		pix, stride, straight = m.Pix, m.Stride, true
	default:
		return false
	}
	b := src.Bounds()
	z := newBilinear(dst, b.Dx(), b.Dy(), straight)
	if z == nil {
		return false
	}
	for y := range b.Dy() {
		z.row(y, pix[y*stride:y*stride+4*b.Dx()])
	}
	return true
}
