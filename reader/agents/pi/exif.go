package pi

import "github.com/readlens/readlens/reader"

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
		tiff = reader.JPEGTIFF(b)
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		if tiff, loops = webpTIFF(b); loops {
			return 1, true
		}
	}
	if tiff < 0 {
		return 1, false
	}
	return reader.TIFFOrientation(b, tiff), false
}

// at is bytes[i] in JavaScript bit arithmetic: 0 outside the buffer.
func at(b []byte, i int) int {
	if i < 0 || i >= len(b) {
		return 0
	}
	return int(b[i])
}

func exifHeader(b []byte, p int) bool {
	return p >= 0 && p+6 <= len(b) && string(b[p:p+6]) == "Exif\x00\x00"
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
