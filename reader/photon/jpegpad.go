package photon

import "encoding/binary"

// PadJPEG is the JPEG as jpeg-decoder 0.3 (image 0.24.9's) reads it
// where its entropy-coded data ends too soon: on reaching a marker inside
// a scan it goes on with zero bits, where Go's decoder fails ("missing
// 0xff00 sequence"). Zero bytes put before every marker that ends a
// scan's data or a restart interval make Go read those zero bits too (it
// skips what is left before the marker it expects). per is the padding
// for one restart interval, or a scan without any: 256 bytes a block,
// more than any block can take of zero bits. nil when the file is not
// laid out for it.
func PadJPEG(b []byte) []byte {
	if len(b) < 4 || b[0] != 0xff || b[1] != 0xd8 {
		return nil
	}
	blocks, interval, mcuBlocks, mcus := 0, 0, 0, 0
	out := append([]byte(nil), b[:2]...)
	pos := 2
	for pos+4 <= len(b) {
		if b[pos] != 0xff {
			return nil
		}
		m := b[pos+1]
		if m == 0xff {
			out = append(out, 0xff)
			pos++
			continue
		}
		if m == 0xd9 || m == 0x01 || (m >= 0xd0 && m <= 0xd7) {
			out = append(out, b[pos:pos+2]...)
			pos += 2
			continue
		}
		n := int(binary.BigEndian.Uint16(b[pos+2:]))
		if n < 2 || pos+2+n > len(b) {
			return nil
		}
		seg := b[pos+4 : pos+2+n]
		switch {
		case m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc: // SOFn
			if len(seg) < 6 {
				return nil
			}
			h, w, nc := int(binary.BigEndian.Uint16(seg[1:])), int(binary.BigEndian.Uint16(seg[3:])), int(seg[5])
			if len(seg) < 6+3*nc {
				return nil
			}
			hmax, vmax := 1, 1
			for i := 0; i < nc; i++ {
				hmax, vmax = max(hmax, int(seg[7+3*i]>>4)), max(vmax, int(seg[7+3*i]&15))
			}
			mcus = ((w + 8*hmax - 1) / (8 * hmax)) * ((h + 8*vmax - 1) / (8 * vmax))
			mcuBlocks = 0
			for i := 0; i < nc; i++ {
				mcuBlocks += int(seg[7+3*i]>>4) * int(seg[7+3*i]&15)
			}
			blocks = mcus * max(mcuBlocks, 1)
		case m == 0xdd && len(seg) >= 2: // DRI
			interval = int(binary.BigEndian.Uint16(seg))
		}
		out = append(out, b[pos:pos+2+n]...)
		pos += 2 + n
		if m != 0xda {
			continue
		}
		// The scan's entropy-coded data, up to the marker that ends it;
		// zeros before each restart marker and before that marker.
		per := 256 * blocks
		if interval > 0 {
			per = 256 * interval * max(mcuBlocks, 1)
		}
		if per <= 0 || per > 64<<20 {
			return nil
		}
		start := pos
		for pos < len(b) {
			if b[pos] == 0xff && pos+1 < len(b) && b[pos+1] != 0 && b[pos+1] != 0xff {
				out = append(out, b[start:pos]...)
				out = append(out, make([]byte, per)...)
				if b[pos+1] >= 0xd0 && b[pos+1] <= 0xd7 {
					out = append(out, b[pos:pos+2]...)
					pos += 2
					start = pos
					continue
				}
				break
			}
			pos++
		}
		if pos >= len(b) {
			out = append(out, b[start:]...)
		}
	}
	return append(out, b[pos:]...)
}
