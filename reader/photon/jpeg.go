package photon

import (
	"bufio"
	"errors"
	"image"
	"io"
	"math"
)

// EncodeJPEG writes m as image 0.24.9's JpegEncoder does at quality, which
// is what Photon's get_bytes_jpeg runs (codecs/jpeg/encoder.rs): baseline,
// three components with no chroma subsampling (4:4:4), the standard tables
// of annex K scaled the libjpeg way, the standard Huffman codes, a JFIF
// header with a 1:1 aspect ratio. Alpha is dropped, not blended. Given the
// same pixels it writes the same bytes.
func EncodeJPEG(w io.Writer, m *image.NRGBA, quality int) error {
	width, height := m.Rect.Dx(), m.Rect.Dy()
	if width < 1 || height < 1 || width > 0xffff || height > 0xffff {
		return errors.New("photon: image dimensions out of range for JPEG")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	e := &jpegWriter{w: bw}
	luma, chroma := scaledQuant(quality)

	e.raw(0xff, 0xd8) // SOI
	e.segment(0xe0, []byte{'J', 'F', 'I', 'F', 0, 1, 2, 0, 0, 1, 0, 1, 0, 0})
	e.segment(0xc0, []byte{8, byte(height >> 8), byte(height), byte(width >> 8), byte(width), 3,
		1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1})
	for i, t := range [2]*[64]byte{&luma, &chroma} {
		b := []byte{byte(i)}
		for _, k := range unzigzag {
			b = append(b, t[k])
		}
		e.segment(0xdb, b)
	}
	for _, h := range []struct {
		class, dest byte
		bits        []byte
		values      []byte
	}{
		{0, 0, lumaDCBits[:], lumaDCValues[:]},
		{1, 0, lumaACBits[:], lumaACValues[:]},
		{0, 1, chromaDCBits[:], chromaDCValues[:]},
		{1, 1, chromaACBits[:], chromaACValues[:]},
	} {
		b := append([]byte{h.class<<4 | h.dest}, h.bits...)
		e.segment(0xc4, append(b, h.values...))
	}
	e.segment(0xda, []byte{3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0})

	var yb, cbb, crb [64]byte
	var dy, dcb, dcr [64]int32
	var ydc, cbdc, crdc int32
	for y0 := 0; y0 < height; y0 += 8 {
		for x0 := 0; x0 < width; x0 += 8 {
			for y := 0; y < 8; y++ {
				sy := min(y0+y, height-1)
				row := m.Pix[(sy)*m.Stride:]
				for x := 0; x < 8; x++ {
					sx := min(x0+x, width-1)
					p := row[sx*4 : sx*4+3]
					yb[y*8+x], cbb[y*8+x], crb[y*8+x] = ycbcr(p[0], p[1], p[2])
				}
			}
			fdct(&yb, &dy)
			fdct(&cbb, &dcb)
			fdct(&crb, &dcr)
			for i := 0; i < 64; i++ {
				dy[i] = quantize(dy[i], luma[i])
				dcb[i] = quantize(dcb[i], chroma[i])
				dcr[i] = quantize(dcr[i], chroma[i])
			}
			ydc = e.block(&dy, ydc, lumaDC, lumaAC)
			cbdc = e.block(&dcb, cbdc, chromaDC, chromaAC)
			crdc = e.block(&dcr, crdc, chromaDC, chromaAC)
		}
	}
	e.bits(0x7f, 7) // the encoder's pad_byte: what is left of the last byte is lost
	e.raw(0xff, 0xd9)
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

// scaledQuant is the libjpeg scaling of the annex K tables that
// JpegEncoder::new_with_quality does.
func scaledQuant(quality int) (luma, chroma [64]byte) {
	q := uint32(min(max(quality, 1), 100))
	if q < 50 {
		q = 5000 / q
	} else {
		q = 200 - q*2
	}
	scale := func(dst *[64]byte, src *[64]byte) {
		for i, v := range src {
			dst[i] = byte(min(max((uint32(v)*q+50)/100, 1), 255))
		}
	}
	scale(&luma, &stdLumaQuant)
	scale(&chroma, &stdChromaQuant)
	return
}

// quantize is ((dct / 8) as f32 / q as f32).round() as i32.
func quantize(d int32, q byte) int32 {
	v := float32(d/8) / float32(q)
	return int32(math.Round(float64(v)))
}

// The JFIF coefficients multiplied for a maximum of 255, divided at run
// time in single precision as rgb_to_ycbcr does (typed constants would be
// divided exactly).
var (
	f255             float32 = 255
	kYR, kYG, kYB            = div32(76.245, f255), div32(149.685, f255), div32(29.07, f255)
	kCbR, kCbG, kCbB         = div32(-43.0185, f255), div32(84.4815, f255), div32(127.5, f255)
	kCrR, kCrG, kCrB         = div32(127.5, f255), div32(106.7685, f255), div32(20.7315, f255)
)

func div32(a, b float32) float32 { return a / b }

// ycbcr is rgb_to_ycbcr in f32, each product rounded before it is added
// (no fused multiply-add), and the `as u8` casts that saturate.
func ycbcr(r8, g8, b8 byte) (byte, byte, byte) {
	r, g, b := float32(r8), float32(g8), float32(b8)
	y := float32(kYR*r) + float32(kYG*g)
	y = y + float32(kYB*b)
	cb := float32(kCbR*r) - float32(kCbG*g)
	cb = cb + float32(kCbB*b)
	cb = cb + 128
	cr := float32(kCrR*r) - float32(kCrG*g)
	cr = cr - float32(kCrB*b)
	cr = cr + 128
	return sat8(y), sat8(cb), sat8(cr)
}

// sat8 is Rust's `as u8` on an f32: toward zero, saturating, NaN to 0.
func sat8(f float32) byte {
	switch {
	case !(f > 0):
		return 0
	case f >= 255:
		return 255
	}
	return byte(f)
}

type huffLUT [256]struct {
	size byte
	code uint16
}

var lumaDC, lumaAC, chromaDC, chromaAC = buildLUT(lumaDCBits[:], lumaDCValues[:]),
	buildLUT(lumaACBits[:], lumaACValues[:]),
	buildLUT(chromaDCBits[:], chromaDCValues[:]),
	buildLUT(chromaACBits[:], chromaACValues[:])

// buildLUT derives the canonical codes of annex C from the count of codes
// of each length, as build_huff_lut_const does.
func buildLUT(bits, values []byte) *huffLUT {
	var lut huffLUT
	for i := range lut {
		lut[i].size = 17
	}
	code, k := uint16(0), 0
	for length := 1; length <= 16; length++ {
		for j := 0; j < int(bits[length-1]); j++ {
			lut[values[k]].size = byte(length)
			lut[values[k]].code = code
			code++
			k++
		}
		code <<= 1
	}
	return &lut
}

type jpegWriter struct {
	w     *bufio.Writer
	acc   uint32
	nbits uint
	err   error
}

func (e *jpegWriter) raw(b ...byte) {
	if e.err == nil {
		_, e.err = e.w.Write(b)
	}
}

func (e *jpegWriter) segment(marker byte, data []byte) {
	n := len(data) + 2
	e.raw(0xff, marker, byte(n>>8), byte(n))
	e.raw(data...)
}

// bits is BitWriter::write_bits: most significant first, a 0x00 stuffed
// after every 0xFF.
func (e *jpegWriter) bits(v uint16, size byte) {
	if size == 0 {
		return
	}
	e.nbits += uint(size)
	e.acc |= uint32(v) << (32 - e.nbits)
	for e.nbits >= 8 {
		b := byte(e.acc >> 24)
		if e.err == nil {
			e.err = e.w.WriteByte(b)
			if b == 0xff && e.err == nil {
				e.err = e.w.WriteByte(0)
			}
		}
		e.nbits -= 8
		e.acc <<= 8
	}
}

func (e *jpegWriter) huff(v byte, t *huffLUT) {
	e.bits(t[v].code, t[v].size)
}

// block is BitWriter::write_block: the DC difference, then the AC
// coefficients in zigzag order with runs of zeros, an end of block unless
// the last coefficient is set.
func (e *jpegWriter) block(b *[64]int32, prevDC int32, dc, ac *huffLUT) int32 {
	size, val := coefficient(b[0] - prevDC)
	e.huff(size, dc)
	e.bits(val, size)
	run := byte(0)
	for _, k := range unzigzag[1:] {
		if b[k] == 0 {
			run++
			continue
		}
		for run > 15 {
			e.huff(0xf0, ac)
			run -= 16
		}
		size, val := coefficient(b[k])
		e.huff(run<<4|size, ac)
		e.bits(val, size)
		run = 0
	}
	if b[unzigzag[63]] == 0 {
		e.huff(0x00, ac)
	}
	return b[0]
}

// coefficient is encode_coefficient: the magnitude's bit length, and the
// value in that many bits (one less, for a negative one).
func coefficient(c int32) (byte, uint16) {
	mag := uint16(c)
	if c < 0 {
		mag = uint16(-c)
	}
	n := byte(0)
	for m := mag; m > 0; m >>= 1 {
		n++
	}
	mask := uint16(1)<<n - 1
	if c < 0 {
		return n, uint16(c-1) & mask
	}
	return n, uint16(c) & mask
}
