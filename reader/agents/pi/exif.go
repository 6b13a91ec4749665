package pi

import "image"

// exifOrientation is pi's getExifOrientation (utils/exif-orientation.ts):
// the Orientation tag of the first APP1 segment of a JPEG, if it is Exif and
// comes before the scan, or of a WebP's EXIF chunk; 1 when there is none
// or it is out of range. Bytes outside the buffer read as 0, as
// JavaScript's undefined does in its bit operations. loops says pi's walk
// of a WebP's chunks never ends (webpTIFF).
func exifOrientation(b []byte) (orientation int, loops bool) {
	tiff := -1
	switch {
	case len(b) >= 2 && b[0] == 0xff && b[1] == 0xd8:
		tiff = jpegTIFF(b)
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		if tiff, loops = webpTIFF(b); loops {
			return 1, true
		}
	}
	if tiff < 0 {
		return 1, false
	}
	return tiffOrientation(b, tiff), false
}

// at is bytes[i] in JavaScript bit arithmetic: 0 outside the buffer.
func at(b []byte, i int) int {
	if i < 0 || i >= len(b) {
		return 0
	}
	return int(b[i])
}

func tiffOrientation(b []byte, start int) int {
	if start+8 > len(b) {
		return 1
	}
	le := at(b, start)<<8|at(b, start+1) == 0x4949
	read16 := func(p int) int {
		if le {
			return at(b, p) | at(b, p+1)<<8
		}
		return at(b, p)<<8 | at(b, p+1)
	}
	read32 := func(p int) int {
		if le { // a signed 32-bit result in JavaScript
			return int(int32(uint32(at(b, p)) | uint32(at(b, p+1))<<8 | uint32(at(b, p+2))<<16 | uint32(at(b, p+3))<<24))
		}
		return int(uint32(at(b, p))<<24 | uint32(at(b, p+1))<<16 | uint32(at(b, p+2))<<8 | uint32(at(b, p+3)))
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

func exifHeader(b []byte, p int) bool {
	return p >= 0 && p+6 <= len(b) && string(b[p:p+6]) == "Exif\x00\x00"
}

func jpegTIFF(b []byte) int {
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
			if seg+6 > len(b) || !exifHeader(b, seg) {
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

// webpTIFF walks the RIFF chunks from offset 12 as findWebpTiffOffset
// does. A chunk size of 2 GiB or more is negative in its arithmetic
// (`|` and `<<` make a signed 32-bit number): the walk goes back, reads
// zeros before the buffer (chunks of size 0, eight bytes each) and comes
// back to the same offsets, so pi never returns. loops reports that: an
// offset the walk has already stood on.
func webpTIFF(b []byte) (tiff int, loops bool) {
	seen := map[int]bool{}
	for off := 12; off+8 <= len(b); {
		if off < -7 { // all eight header bytes before the buffer: skip ahead by eights
			off += (-7 - off + 7) / 8 * 8
			continue
		}
		if seen[off] {
			return -1, true
		}
		seen[off] = true
		id := string([]byte{byte(at(b, off)), byte(at(b, off+1)), byte(at(b, off+2)), byte(at(b, off+3))})
		size := int(int32(uint32(at(b, off+4)) | uint32(at(b, off+5))<<8 | uint32(at(b, off+6))<<16 | uint32(at(b, off+7))<<24))
		data := off + 8
		if id == "EXIF" {
			if data+size > len(b) {
				return -1, false
			}
			if size >= 6 && exifHeader(b, data) {
				return data + 6, false
			}
			return data, false
		}
		off = data + size + size%2
	}
	return -1, false
}

// orient is applyExifOrientation: flips in place for 2 to 4, a quarter
// turn (and a flip) for 5 to 8, which swaps the sides.
func orient(m *image.NRGBA, o int) *image.NRGBA {
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
