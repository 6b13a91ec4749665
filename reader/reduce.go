package reader

import (
	"image"
	"image/color"

	"golang.org/x/image/draw"
)

// Reduce scales img to w×h: first by whole factors with a box filter, in
// one pass over the pixels and with no buffer larger than the result's
// square, then bilinearly the rest of the way. x/image's kernel scalers on
// their own keep a float64 row per source row (370 MB to bring a 50 MP
// image to 2000 px) and take seconds; this takes a fraction of that.
func Reduce(img image.Image, w, h int) *image.NRGBA {
	b := img.Bounds()
	if k := min(b.Dx()/max(w, 1), b.Dy()/max(h, 1)); k >= 2 {
		img = boxReduce(img, k)
		b = img.Bounds()
	}
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.BiLinear.Scale(dst, dst.Rect, img, b, draw.Src, nil)
	return dst
}

// boxReduce averages each k×k block of img into one pixel (the right and
// bottom remainders, under k pixels, are dropped). Premultiplied sources
// stay premultiplied.
func boxReduce(img image.Image, k int) image.Image {
	b := img.Bounds()
	w, h := b.Dx()/k, b.Dy()/k
	n := uint32(k * k)
	switch m := img.(type) {
	case *image.RGBA:
		out := image.NewRGBA(image.Rect(0, 0, w, h))
		boxPix(m.Pix, m.Stride, out.Pix, out.Stride, w, h, k, n)
		return out
	case *image.NRGBA:
		out := image.NewNRGBA(image.Rect(0, 0, w, h))
		boxPix(m.Pix, m.Stride, out.Pix, out.Stride, w, h, k, n)
		return out
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var r, g, bl, a uint32
			for sy := 0; sy < k; sy++ {
				for sx := 0; sx < k; sx++ {
					cr, cg, cb, ca := img.At(b.Min.X+x*k+sx, b.Min.Y+y*k+sy).RGBA()
					r, g, bl, a = r+cr>>8, g+cg>>8, bl+cb>>8, a+ca>>8
				}
			}
			out.SetRGBA(x, y, color.RGBA{uint8(r / n), uint8(g / n), uint8(bl / n), uint8(a / n)})
		}
	}
	return out
}

// boxPix averages k×k blocks of 4-byte pixels, row by row.
func boxPix(src []byte, sstride int, dst []byte, dstride, w, h, k int, n uint32) {
	sums := make([]uint32, 4*w)
	for y := 0; y < h; y++ {
		clear(sums)
		for sy := 0; sy < k; sy++ {
			row := src[(y*k+sy)*sstride:]
			for x := 0; x < w; x++ {
				s := sums[4*x : 4*x+4]
				p := row[4*x*k : 4*x*k+4*k]
				for i := 0; i < len(p); i += 4 {
					s[0] += uint32(p[i])
					s[1] += uint32(p[i+1])
					s[2] += uint32(p[i+2])
					s[3] += uint32(p[i+3])
				}
			}
		}
		out := dst[y*dstride:]
		for i, s := range sums {
			out[i] = uint8(s / n)
		}
	}
}
