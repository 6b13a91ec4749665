package reader

import "image"

// The EXIF orientation of a JPEG, and turning decoded pixels upright by
// it: agents' image code does both (pi's getExifOrientation and
// applyExifOrientation; Claude Code's decoder turns JPEGs upright too).

// jsByte is b[i] in JavaScript bit arithmetic: 0 outside the buffer.
func jsByte(b []byte, i int) int {
	if i < 0 || i >= len(b) {
		return 0
	}
	return int(b[i])
}

// TIFFOrientation is the Orientation tag (1 to 8) of the TIFF header at
// start; 1 when there is none or it is out of range.
func TIFFOrientation(b []byte, start int) int {
	if start+8 > len(b) {
		return 1
	}
	le := jsByte(b, start)<<8|jsByte(b, start+1) == 0x4949
	read16 := func(p int) int {
		if le {
			return jsByte(b, p) | jsByte(b, p+1)<<8
		}
		return jsByte(b, p)<<8 | jsByte(b, p+1)
	}
	read32 := func(p int) int {
		if le { // a signed 32-bit result in JavaScript
			return int(int32(uint32(jsByte(b, p)) | uint32(jsByte(b, p+1))<<8 | uint32(jsByte(b, p+2))<<16 | uint32(jsByte(b, p+3))<<24))
		}
		return int(uint32(jsByte(b, p))<<24 | uint32(jsByte(b, p+1))<<16 | uint32(jsByte(b, p+2))<<8 | uint32(jsByte(b, p+3)))
	}
	ifd := start + read32(start+4)
	if ifd+2 > len(b) {
		return 1
	}
	n := read16(ifd)
	for i := 0; i < n; i++ {
		e := ifd + 2 + i*12
		if e+12 > len(b) {
			return 1
		}
		if read16(e) == 0x0112 {
			if v := read16(e + 8); v >= 1 && v <= 8 {
				return v
			}
			return 1
		}
	}
	return 1
}

// JPEGTIFF is where the TIFF header of a JPEG's first APP1 segment
// starts, if that segment is Exif and comes before the scan; -1 if not.
func JPEGTIFF(b []byte) int {
	for off := 2; off < len(b)-1; {
		if b[off] != 0xff {
			return -1
		}
		switch marker := b[off+1]; {
		case marker == 0xff:
			off++
			continue
		case marker == 0xe1:
			if off+4 >= len(b) {
				return -1
			}
			seg := off + 4
			if seg+6 > len(b) || !isExifHeader(b, seg) {
				return -1
			}
			return seg + 6
		}
		if off+4 > len(b) {
			return -1
		}
		off += 2 + (int(b[off+2])<<8 | int(b[off+3]))
	}
	return -1
}

func isExifHeader(b []byte, p int) bool {
	return p >= 0 && p+6 <= len(b) && string(b[p:p+6]) == "Exif\x00\x00"
}

// Orient is applyExifOrientation: flips in place for 2 to 4, a quarter
// turn (and a flip) for 5 to 8, which swaps the sides.
func Orient(m *image.NRGBA, o int) *image.NRGBA {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	px := func(img *image.NRGBA, x, y int) []byte { i := img.PixOffset(x, y); return img.Pix[i : i+4] }
	flipH := func(img *image.NRGBA) {
		iw, ih := img.Rect.Dx(), img.Rect.Dy()
		for y := 0; y < ih; y++ {
			for x := 0; x < iw/2; x++ {
				a, b := px(img, x, y), px(img, iw-1-x, y)
				for k := 0; k < 4; k++ {
					a[k], b[k] = b[k], a[k]
				}
			}
		}
	}
	flipV := func(img *image.NRGBA) {
		iw, ih := img.Rect.Dx(), img.Rect.Dy()
		for y := 0; y < ih/2; y++ {
			a, b := img.Pix[y*img.Stride:y*img.Stride+4*iw], img.Pix[(ih-1-y)*img.Stride:(ih-1-y)*img.Stride+4*iw]
			for k := range a {
				a[k], b[k] = b[k], a[k]
			}
		}
	}
	// rotate90 writes source pixel (x, y) at index dst(x, y) of an h×w image.
	rotate90 := func(dst func(x, y int) int) *image.NRGBA {
		out := image.NewNRGBA(image.Rect(0, 0, h, w))
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				copy(out.Pix[4*dst(x, y):], px(m, x, y))
			}
		}
		return out
	}
	cw := func(x, y int) int { return x*h + (h - 1 - y) }
	ccw := func(x, y int) int { return (w-1-x)*h + y }
	switch o {
	case 2:
		flipH(m)
	case 3:
		flipH(m)
		flipV(m)
	case 4:
		flipV(m)
	case 5:
		m = rotate90(cw)
		flipH(m)
	case 6:
		m = rotate90(cw)
	case 7:
		m = rotate90(ccw)
		flipH(m)
	case 8:
		m = rotate90(ccw)
	}
	return m
}
