package reader

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

// An image too large to decode in bounded memory is still checked for the
// damage that makes an agent's decoder give up: its blocks are walked, no
// pixel is allocated. JPEG and WebP pass unchecked.

// wellFormed reports whether data holds a structurally sound image of mime.
func wellFormed(mime string, data []byte) bool {
	switch mime {
	case "image/gif":
		return gifWellFormed(data)
	case "image/png":
		return pngWellFormed(data)
	}
	return true
}

// gifWellFormed walks a GIF's blocks: at least one image, every block whole.
func gifWellFormed(b []byte) bool {
	if len(b) < 13 {
		return false
	}
	pos := 13
	if b[10]&0x80 != 0 {
		pos += 3 << (b[10]&7 + 1)
	}
	images := 0
	subBlocks := func() bool {
		for {
			if pos >= len(b) {
				return false
			}
			n := int(b[pos])
			pos += 1 + n
			if n == 0 {
				return pos <= len(b)
			}
		}
	}
	for pos < len(b) {
		switch b[pos] {
		case 0x21: // extension: label, then data sub-blocks
			pos += 2
			if !subBlocks() {
				return false
			}
		case 0x2c: // image descriptor, local color table, LZW code size, data
			if pos+10 > len(b) {
				return false
			}
			flags := b[pos+9]
			pos += 10
			if flags&0x80 != 0 {
				pos += 3 << (flags&7 + 1)
			}
			pos++ // LZW minimum code size
			if !subBlocks() {
				return false
			}
			images++
		case 0x3b: // trailer
			return images > 0
		default:
			return false
		}
	}
	return images > 0
}

// pngWellFormed walks a PNG's chunks: IHDR first, every CRC right, image
// data present.
func pngWellFormed(b []byte) bool {
	if !bytes.HasPrefix(b, SigPNG) {
		return false
	}
	pos, idat := len(SigPNG), false
	for first := true; pos+12 <= len(b); first = false {
		n := int(binary.BigEndian.Uint32(b[pos:]))
		typ := string(b[pos+4 : pos+8])
		if n < 0 || pos+12+n > len(b) || (first && typ != "IHDR") {
			return false
		}
		if crc32.ChecksumIEEE(b[pos+4:pos+8+n]) != binary.BigEndian.Uint32(b[pos+8+n:]) {
			return false
		}
		switch typ {
		case "IDAT":
			idat = true
		case "IEND":
			return idat
		}
		pos += 12 + n
	}
	return idat
}
