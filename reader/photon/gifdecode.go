package photon

import (
	"bytes"
	"compress/lzw"
	"errors"
	"image"
	"io"
)

// A GIF as Photon decodes it: image 0.24.9's GifDecoder on gif 0.13, which
// are more lenient than Go's image/gif. The image is the logical screen
// (0×0 is one), transparent black where the first frame does not cover
// it; the frame may reach past the screen (it is cut), LZW data past the
// frame's pixels is not read, and an index past the palette is a
// transparent black pixel. Short data, no colour table, a frame of no
// pixels, an extension gif does not know or a graphic control extension
// not of four bytes fail. The LZW codes are Go's compress/lzw, for minimum
// code sizes 2 to 8 (gif takes 1 to 11; the others are not modelled and
// fail).

var errGIF = errors.New("photon: gif 0.13 does not decode this GIF")

// DecodeGIF decodes data's first frame as Photon does; an error where gif
// 0.13 fails.
func DecodeGIF(data []byte) (image.Image, error) {
	if len(data) < 13 || !bytes.HasPrefix(data, []byte("GIF")) {
		return nil, errGIF
	}
	sw, sh := int(data[6])|int(data[7])<<8, int(data[8])|int(data[9])<<8
	flags := data[10]
	pos := 13
	global, pos, ok := gifColors(data, pos, flags)
	if !ok {
		return nil, errGIF
	}
	if int64(sw)*int64(sh)*4 > MaxAlloc {
		return nil, errGIF
	}
	transparent, hasT := 0, false
	subBlocks := func(collect *bytes.Buffer) bool {
		for {
			if pos >= len(data) {
				return false
			}
			n := int(data[pos])
			pos++
			if n == 0 {
				return true
			}
			if pos+n > len(data) {
				if collect != nil { // the data so far: it may hold the pixels
					collect.Write(data[pos:])
				}
				pos = len(data)
				return false
			}
			if collect != nil {
				collect.Write(data[pos : pos+n])
			}
			pos += n
		}
	}
	for {
		if pos >= len(data) {
			return nil, errGIF
		}
		switch data[pos] {
		case 0x21: // extension
			if pos+1 >= len(data) {
				return nil, errGIF
			}
			label := data[pos+1]
			pos += 2
			switch label {
			case 0x01, 0xfe, 0xff: // text, comment, application
			case 0xf9: // graphic control: four bytes; its flag, once set, stays
				if pos+5 > len(data) || data[pos] != 4 {
					return nil, errGIF
				}
				hasT = hasT || data[pos+1]&1 != 0
				if hasT {
					transparent = int(data[pos+4])
				}
			default:
				return nil, errGIF // "unknown block type encountered"
			}
			if !subBlocks(nil) {
				return nil, errGIF
			}
		case 0x2c: // the first image
			if pos+10 > len(data) {
				return nil, errGIF
			}
			d := data[pos+1:]
			fx, fy := int(d[0])|int(d[1])<<8, int(d[2])|int(d[3])<<8
			fw, fh := int(d[4])|int(d[5])<<8, int(d[6])|int(d[7])<<8
			fflags := d[8]
			pos += 10
			palette, next, ok := gifColors(data, pos, fflags)
			if !ok {
				return nil, errGIF
			}
			pos = next
			if palette == nil {
				palette = global
			}
			if len(palette) == 0 || fw*fh == 0 || pos >= len(data) {
				return nil, errGIF
			}
			if !(fx == 0 && fw == sw && fy+fh <= sh) && int64(fw)*int64(fh)*4 > MaxAlloc-int64(sw)*int64(sh)*4 {
				return nil, errGIF // the frame's own buffer is over the decoder's limit
			}
			lit := int(data[pos])
			pos++
			if lit < 2 || lit > 8 {
				return nil, errGIF
			}
			var z bytes.Buffer
			subBlocks(&z)
			idx := make([]byte, fw*fh)
			zr := lzw.NewReader(bytes.NewReader(z.Bytes()), lzw.LSB, lit)
			if _, err := io.ReadFull(zr, idx); err != nil {
				return nil, errGIF
			}
			if fflags&0x40 != 0 {
				idx = gifDeinterlace(idx, fw, fh)
			}
			out := image.NewNRGBA(image.Rect(0, 0, sw, sh))
			for y := 0; y < fh && fy+y < sh; y++ {
				for x := 0; x < fw && fx+x < sw; x++ {
					i := int(idx[y*fw+x])
					if 3*i+3 > len(palette) {
						continue
					}
					p := out.Pix[out.PixOffset(fx+x, fy+y):]
					copy(p[:3], palette[3*i:3*i+3])
					p[3] = 0xff
					if hasT && i == transparent {
						p[3] = 0
					}
				}
			}
			return out, nil
		default: // the trailer, or a block gif does not know
			return nil, errGIF
		}
	}
}

// gifDeinterlace puts the rows of an interlaced frame in their places:
// every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
func gifDeinterlace(idx []byte, w, h int) []byte {
	out := make([]byte, len(idx))
	row := 0
	for _, pass := range [][2]int{{0, 8}, {4, 8}, {2, 4}, {1, 2}} {
		for y := pass[0]; y < h; y += pass[1] {
			copy(out[y*w:(y+1)*w], idx[row*w:(row+1)*w])
			row++
		}
	}
	return out
}

// gifColors is the colour table that flags say follows at pos (nil when
// none does), and where what follows it starts; ok is false when the data
// ends inside it.
func gifColors(data []byte, pos int, flags byte) (table []byte, next int, ok bool) {
	if flags&0x80 == 0 {
		return nil, pos, true
	}
	n := 3 << (flags&7 + 1)
	if pos+n > len(data) {
		return nil, pos, false
	}
	return data[pos : pos+n], pos + n, true
}
