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
	if !bilinearImage(dst, img) {
		draw.BiLinear.Scale(dst, dst.Rect, img, b, draw.Src, nil)
	}
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
			boxAdd(sums, src[(y*k+sy)*sstride:], k)
		}
		boxPut(sums, dst[y*dstride:], n)
	}
}

// boxAdd adds a source row's k-pixel blocks to sums, one pixel a block.
func boxAdd(sums []uint32, row []byte, k int) {
	for x := 0; x < len(sums)/4; x++ {
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

// boxPut writes the averages of a row of blocks of n pixels.
func boxPut(sums []uint32, out []byte, n uint32) {
	for i, s := range sums {
		out[i] = uint8(s / n)
	}
}

// ReducePNG is Reduce(png.Decode(data), w, h), the same pixels, with the
// file decoded row by row (PNGRows) through the box filter and into the
// bilinear one, so neither the image nor any intermediate is held whole. It returns an error when PNGRows does not
// take the file, or the image is not at least twice w×h (nothing to box):
// then decode and Reduce.
func ReducePNG(data []byte, w, h int) (*image.NRGBA, error) {
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	var z *bilinear
	var boxRow []byte
	var k, bh int
	var sums []uint32
	start := func(sw, sh int, straight bool) bool {
		if k = min(sw/max(w, 1), sh/max(h, 1)); k < 2 {
			return false
		}
		bw := sw / k
		bh, sums, boxRow = sh/k, make([]uint32, 4*bw), make([]byte, 4*bw)
		z = newBilinear(dst, bw, bh, straight)
		return z != nil
	}
	each := func(y int, row []byte) {
		if y/k >= bh {
			return
		}
		if y%k == 0 {
			clear(sums)
		}
		boxAdd(sums, row, k)
		if y%k == k-1 {
			boxPut(sums, boxRow, uint32(k*k))
			z.row(y/k, boxRow)
		}
	}
	if err := PNGRows(data, start, each); err != nil {
		return nil, err
	}
	return dst, nil
}
