package photon

import (
	"image"
	"image/color"
)

// Image is a decoded image as Photon holds it (PhotonImage's raw_pixels,
// image 0.24.9's to_rgba8): W×H pixels of RGBA, 8 bits a channel, not
// premultiplied. It reads a Go decoder's image row by row instead of
// holding a second copy of it.
type Image struct {
	src  image.Image
	W, H int
}

// FromDecoded is img, decoded by Go's decoders, as Photon's decoder would
// hold it: w×h are the dimensions the format declares (a GIF's logical
// screen, which its first frame need not fill; the rest is transparent).
func FromDecoded(img image.Image, w, h int) *Image {
	return &Image{src: img, W: w, H: h}
}

// Row writes row y as RGBA bytes into dst (4·W bytes).
func (m *Image) Row(y int, dst []byte) {
	dst = dst[:4*m.W]
	b := m.src.Bounds()
	if y < b.Min.Y || y >= b.Max.Y || b.Min.X != 0 || b.Max.X != m.W {
		clear(dst)
		if y < b.Min.Y || y >= b.Max.Y {
			return
		}
	}
	x0, x1 := max(b.Min.X, 0), min(b.Max.X, m.W)
	switch s := m.src.(type) {
	case *image.NRGBA:
		copy(dst[4*x0:4*x1], s.Pix[s.PixOffset(x0, y):])
		return
	case *image.RGBA:
		row := s.Pix[s.PixOffset(x0, y):]
		for x := x0; x < x1; x++ {
			p := row[4*(x-x0) : 4*(x-x0)+4]
			d := dst[4*x : 4*x+4]
			if a := p[3]; a == 0xff || a == 0 {
				copy(d, p)
			} else {
				c := color.NRGBAModel.Convert(color.RGBA{p[0], p[1], p[2], a}).(color.NRGBA)
				d[0], d[1], d[2], d[3] = c.R, c.G, c.B, c.A
			}
		}
		return
	case *image.Gray:
		row := s.Pix[s.PixOffset(x0, y):]
		for x := x0; x < x1; x++ {
			v := row[x-x0]
			dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = v, v, v, 0xff
		}
		return
	case *image.Paletted:
		pal := make([]color.NRGBA, len(s.Palette))
		for i, c := range s.Palette {
			pal[i] = color.NRGBAModel.Convert(c).(color.NRGBA)
		}
		row := s.Pix[s.PixOffset(x0, y):]
		for x := x0; x < x1; x++ {
			var c color.NRGBA
			if i := int(row[x-x0]); i < len(pal) {
				c = pal[i]
			}
			dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = c.R, c.G, c.B, c.A
		}
		return
	case *image.NRGBA64: // 16 bits a channel, straight: each rounded to 8
		row := s.Pix[s.PixOffset(x0, y):]
		for x := x0; x < x1; x++ {
			for c := 0; c < 4; c++ {
				dst[4*x+c] = to8(row[8*(x-x0)+2*c], row[8*(x-x0)+2*c+1])
			}
		}
		return
	case *image.RGBA64: // what Go's decoder makes of an opaque 16-bit PNG
		row := s.Pix[s.PixOffset(x0, y):]
		for x := x0; x < x1; x++ {
			p := row[8*(x-x0) : 8*(x-x0)+8]
			if a := uint16(p[6])<<8 | uint16(p[7]); a != 0xffff && a != 0 {
				c := color.NRGBA64Model.Convert(s.RGBA64At(x, y)).(color.NRGBA64)
				p = []byte{byte(c.R >> 8), byte(c.R), byte(c.G >> 8), byte(c.G), byte(c.B >> 8), byte(c.B), byte(c.A >> 8), byte(c.A)}
			}
			for c := 0; c < 4; c++ {
				dst[4*x+c] = to8(p[2*c], p[2*c+1])
			}
		}
		return
	case *image.Gray16:
		row := s.Pix[s.PixOffset(x0, y):]
		for x := x0; x < x1; x++ {
			v := to8(row[2*(x-x0)], row[2*(x-x0)+1])
			dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = v, v, v, 0xff
		}
		return
	case *image.YCbCr:
		if s.Rect.Min == (image.Point{}) && s.Rect.Dx() == m.W && ycbcrRow(s, y, dst) {
			return
		}
		for x := x0; x < x1; x++ {
			yi, ci := s.YOffset(x, y), s.COffset(x, y)
			r, g, bl := color.YCbCrToRGB(s.Y[yi], s.Cb[ci], s.Cr[ci])
			dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = r, g, bl, 0xff
		}
		return
	}
	for x := x0; x < x1; x++ {
		c := color.NRGBAModel.Convert(m.src.At(x, y)).(color.NRGBA)
		dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = c.R, c.G, c.B, c.A
	}
}

// to8 is image 0.24.9's u16 to u8 (FromPrimitive): rounded, (v+128)/257,
// where Go's colour models keep the high byte.
func to8(hi, lo byte) byte { return byte((uint32(hi)<<8 | uint32(lo) + 128) / 257) }

// NRGBA is the whole image in one buffer.
func (m *Image) NRGBA() *image.NRGBA {
	if s, ok := m.src.(*image.NRGBA); ok && s.Rect == image.Rect(0, 0, m.W, m.H) {
		return s
	}
	out := image.NewNRGBA(image.Rect(0, 0, m.W, m.H))
	for y := 0; y < m.H; y++ {
		m.Row(y, out.Pix[y*out.Stride:])
	}
	return out
}

// ycbcrRow is how jpeg-decoder 0.3.1 (image 0.24.9's JPEG decoder, in its
// portable code, as WebAssembly runs it) turns row y into RGB: chroma
// sampled at half width or height is interpolated, 3:1 between the nearest
// samples (libjpeg's "fancy upsampling"), where Go's YCbCr repeats the
// nearest one; then libjpeg-turbo's fixed-point BT.601 conversion. False
// for subsampling it does not interpolate (the generic upsampler repeats
// samples, as Go does).
func ycbcrRow(s *image.YCbCr, y int, dst []byte) bool {
	var hs, vs int
	switch s.SubsampleRatio {
	case image.YCbCrSubsampleRatio444:
		hs, vs = 1, 1
	case image.YCbCrSubsampleRatio422:
		hs, vs = 2, 1
	case image.YCbCrSubsampleRatio420:
		hs, vs = 2, 2
	case image.YCbCrSubsampleRatio440:
		hs, vs = 1, 2
	default:
		return false
	}
	w, h := s.Rect.Dx(), s.Rect.Dy()
	cw, ch := (w+hs-1)/hs, (h+vs-1)/vs
	cb := make([]byte, cw*hs+1)
	cr := make([]byte, cw*hs+1)
	for _, c := range []struct {
		plane []byte
		out   []byte
	}{{s.Cb, cb}, {s.Cr, cr}} {
		near := c.plane[(y/vs)*s.CStride:][:cw]
		far := near
		if vs == 2 {
			f := y/2 - 1 // an even row leans on the row above, an odd one on the row below
			if y%2 == 1 {
				f = min(y/2+1, ch-1)
			}
			far = c.plane[max(f, 0)*s.CStride:][:cw]
		}
		upsampleRow(near, far, vs == 2, hs == 2, c.out)
	}
	yrow := s.Y[y*s.YStride:][:w]
	for x, yv := range yrow {
		r, g, b := jpegRGB(yv, cb[x], cr[x])
		dst[4*x], dst[4*x+1], dst[4*x+2], dst[4*x+3] = r, g, b, 0xff
	}
	return true
}

// upsampleRow is jpeg-decoder's UpsamplerH1V1, H2V1, H1V2 and H2V2.
func upsampleRow(near, far []byte, v2, h2 bool, out []byte) {
	n := len(near)
	switch {
	case !h2 && !v2:
		copy(out, near)
	case !h2:
		for i := range near {
			out[i] = byte((3*uint32(near[i]) + uint32(far[i]) + 2) >> 2)
		}
	case !v2:
		if n == 1 {
			out[0], out[1] = near[0], near[0]
			return
		}
		out[0] = near[0]
		out[1] = byte((uint32(near[0])*3 + uint32(near[1]) + 2) >> 2)
		for i := 1; i < n-1; i++ {
			s := 3*uint32(near[i]) + 2
			out[2*i] = byte((s + uint32(near[i-1])) >> 2)
			out[2*i+1] = byte((s + uint32(near[i+1])) >> 2)
		}
		out[2*(n-1)] = byte((uint32(near[n-1])*3 + uint32(near[n-2]) + 2) >> 2)
		out[2*(n-1)+1] = near[n-1]
	default:
		if n == 1 {
			v := byte((3*uint32(near[0]) + uint32(far[0]) + 2) >> 2)
			out[0], out[1] = v, v
			return
		}
		t1 := 3*uint32(near[0]) + uint32(far[0])
		out[0] = byte((t1 + 2) >> 2)
		for i := 1; i < n; i++ {
			t0 := t1
			t1 = 3*uint32(near[i]) + uint32(far[i])
			out[2*i-1] = byte((3*t0 + t1 + 8) >> 4)
			out[2*i] = byte((3*t1 + t0 + 8) >> 4)
		}
		out[2*n-1] = byte((t1 + 2) >> 2)
	}
}

// The fixed-point factors of jpeg-decoder's ycbcr_to_rgb (stbi_f2f, in f32).
var jCr, jCbG, jCrG, jCb = f2f(1.40200), f2f(0.34414), f2f(0.71414), f2f(1.77200)

func f2f(x float32) int32 {
	v := x * float32(1<<20)
	v = v + 0.5
	return int32(v)
}

func jpegRGB(y, cb, cr byte) (byte, byte, byte) {
	yy := int32(y)<<20 + 1<<19
	b, r := int32(cb)-128, int32(cr)-128
	clamp := func(v int32) byte { return byte(min(max(v>>20, 0), 255)) }
	return clamp(yy + jCr*r), clamp(yy - jCbG*b - jCrG*r), clamp(yy + jCb*b)
}
