package reader

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
)

// PNGRows hands a PNG's pixels over row by row, each row as png.Decode's
// image would hold it, so an image can be resized while it is inflated
// instead of after: a 50 MP photograph is never held whole (200 MB), and
// inflating (one core) overlaps with the resize (the other).
//
// It takes the common case only, 8-bit RGB or RGBA, not interlaced, no
// PLTE or tRNS chunk, and walks the chunks as image/png's decoder does:
// the same order rules, every CRC, the zlib checksum, no pixel data too
// many or too few. Whatever it does not take, or finds wrong, it answers
// with an error, and the caller decodes the file with png.Decode, which
// gives the answer (and the error) there is; every PNG it does take,
// png.Decode takes too, with the same pixels.
//
// start gets the size and whether rows are straight RGBA (an RGBA PNG:
// *image.NRGBA) or RGBA with alpha 255 (an RGB PNG: *image.RGBA), and
// returns false to stop there (the caller has no use for rows); each
// gets rows 0 to height-1 in order, 4·width bytes it must not keep.
func PNGRows(data []byte, start func(w, h int, straight bool) bool, each func(y int, row []byte)) error {
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		return errPNGRows
	}
	d := &pngStream{data: data, pos: 8}
	const (
		stStart = iota
		stIHDR
		stIDAT
		stIEND
	)
	stage := stStart
	for stage != stIEND {
		length, typ, ok := d.chunkHeader()
		if !ok {
			return errPNGRows
		}
		switch typ {
		case "IHDR":
			if stage != stStart || !d.ihdr(length) {
				return errPNGRows
			}
			stage = stIHDR
			continue
		case "PLTE", "tRNS":
			return errPNGRows // palettes and transparent colours: png.Decode's
		case "IDAT":
			if stage < stIHDR {
				return errPNGRows
			}
			if stage == stIHDR {
				stage = stIDAT
				if !start(d.w, d.h, d.alpha) {
					return errPNGRows
				}
				if err := d.pixels(length, each); err != nil {
					return err
				}
				if !d.checksum() {
					return errPNGRows
				}
				continue
			}
			// A trailing IDAT after the image is skipped, as png.Decode does.
		case "IEND":
			if stage != stIDAT || length != 0 || !d.checksum() {
				return errPNGRows
			}
			stage = stIEND
			continue
		}
		if length > 0x7fffffff || !d.skip(int(length)) {
			return errPNGRows
		}
	}
	return nil
}

// errPNGRows says PNGRows did not take the file: decode it whole.
var errPNGRows = errors.New("reader: not a PNG decoded row by row")

type pngStream struct {
	data  []byte
	pos   int
	crc   uint32 // of the current chunk, type included
	w, h  int
	alpha bool
	left  int // bytes left in the current IDAT chunk
}

// chunkHeader reads a chunk's length and type and starts its CRC.
func (d *pngStream) chunkHeader() (uint32, string, bool) {
	if d.pos+8 > len(d.data) {
		return 0, "", false
	}
	length := binary.BigEndian.Uint32(d.data[d.pos:])
	typ := d.data[d.pos+4 : d.pos+8]
	d.crc = crc32.ChecksumIEEE(typ)
	d.pos += 8
	return length, string(typ), true
}

// skip reads n bytes of the chunk's data, then its CRC.
func (d *pngStream) skip(n int) bool {
	if n > len(d.data)-d.pos {
		return false
	}
	d.crc = crc32.Update(d.crc, crc32.IEEETable, d.data[d.pos:d.pos+n])
	d.pos += n
	return d.checksum()
}

func (d *pngStream) checksum() bool {
	if d.pos+4 > len(d.data) || binary.BigEndian.Uint32(d.data[d.pos:]) != d.crc {
		return false
	}
	d.pos += 4
	return true
}

// ihdr takes 8-bit RGB and RGBA, not interlaced.
func (d *pngStream) ihdr(length uint32) bool {
	if length != 13 || !(d.pos+13 <= len(d.data)) {
		return false
	}
	b := d.data[d.pos : d.pos+13]
	w, h := int32(binary.BigEndian.Uint32(b[0:])), int32(binary.BigEndian.Uint32(b[4:]))
	if w <= 0 || h <= 0 || int64(w)*int64(h) > MaxDecodePixels || b[8] != 8 || (b[9] != 2 && b[9] != 6) || b[10] != 0 || b[11] != 0 || b[12] != 0 {
		return false
	}
	d.w, d.h, d.alpha = int(w), int(h), b[9] == 6
	return d.skip(13)
}

// Read is the IDAT chunks' data as one stream, each chunk's CRC checked
// when it is used up, as png.Decode reads it.
func (d *pngStream) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for d.left == 0 {
		if !d.checksum() {
			return 0, errPNGRows
		}
		length, typ, ok := d.chunkHeader()
		if !ok || typ != "IDAT" || int(int32(length)) < 0 {
			return 0, errPNGRows
		}
		d.left = int(length)
	}
	n := min(len(p), d.left, len(d.data)-d.pos)
	if n == 0 {
		return 0, io.ErrUnexpectedEOF
	}
	copy(p, d.data[d.pos:d.pos+n])
	d.crc = crc32.Update(d.crc, crc32.IEEETable, p[:n])
	d.pos += n
	d.left -= n
	return n, nil
}

// pixels inflates and unfilters the rows on a goroutine of their own and
// hands them to each on this one, a batch at a time.
func (d *pngStream) pixels(length uint32, each func(y int, row []byte)) error {
	d.left = int(length)
	if int(int32(length)) < 0 {
		return errPNGRows
	}
	z, err := zlib.NewReader(d)
	if err != nil {
		return errPNGRows
	}
	const batchRows = 16
	type batch struct {
		y0, n int
		pix   []byte
		err   error
	}
	rowLen := 4 * d.w
	full, free := make(chan *batch, 3), make(chan *batch, 3)
	for range cap(free) {
		free <- &batch{pix: make([]byte, batchRows*rowLen)}
	}
	go func() {
		defer close(full)
		bpp := 3
		if d.alpha {
			bpp = 4
		}
		cr, pr := make([]byte, 1+bpp*d.w), make([]byte, 1+bpp*d.w)
		for y0 := 0; y0 < d.h; y0 += batchRows {
			b := <-free
			b.y0, b.n = y0, min(batchRows, d.h-y0)
			for i := range b.n {
				if _, err := io.ReadFull(z, cr); err != nil || !unfilter(cr, pr, bpp) {
					b.err = errPNGRows
					full <- b
					return
				}
				expandRGBA(cr[1:], b.pix[i*rowLen:(i+1)*rowLen], bpp)
				cr, pr = pr, cr
			}
			full <- b
		}
		// The stream must end here, its checksum right, with no data left.
		var one [1]byte
		n, err := 0, error(nil)
		for i := 0; n == 0 && err == nil && i < 100; i++ {
			n, err = z.Read(one[:])
		}
		if n != 0 || err != io.EOF || d.left != 0 {
			full <- &batch{err: errPNGRows}
		}
	}()
	var failed error
	for b := range full {
		if b.err != nil {
			failed = b.err
			continue
		}
		if failed == nil {
			for i := range b.n {
				each(b.y0+i, b.pix[i*rowLen:(i+1)*rowLen])
			}
		}
		select {
		case free <- b:
		default:
		}
	}
	return failed
}

// unfilter undoes row cr's filter (its first byte) against the row above,
// pr, as png.Decode does; false for an unknown filter.
func unfilter(cr, pr []byte, bpp int) bool {
	cdat, pdat := cr[1:], pr[1:]
	switch cr[0] {
	case 0:
	case 1:
		for i := bpp; i < len(cdat); i++ {
			cdat[i] += cdat[i-bpp]
		}
	case 2:
		for i, p := range pdat {
			cdat[i] += p
		}
	case 3:
		for i := 0; i < bpp; i++ {
			cdat[i] += pdat[i] / 2
		}
		for i := bpp; i < len(cdat); i++ {
			cdat[i] += uint8((int(cdat[i-bpp]) + int(pdat[i])) / 2)
		}
	case 4:
		unfilterPaeth(cdat, pdat, bpp)
	default:
		return false
	}
	return true
}

// unfilterPaeth is the Paeth predictor of the PNG specification, one
// channel at a time.
func unfilterPaeth(cdat, pdat []byte, bpp int) {
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	for i := 0; i < bpp; i++ {
		a, c := 0, 0
		for j := i; j < len(cdat); j += bpp {
			b := int(pdat[j])
			pa, pb := b-c, a-c
			pc := abs(pa + pb)
			pa, pb = abs(pa), abs(pb)
			switch {
			case pa <= pb && pa <= pc:
			case pb <= pc:
				a = b
			default:
				a = c
			}
			a = (a + int(cdat[j])) & 0xff
			cdat[j] = uint8(a)
			c = b
		}
	}
}

// expandRGBA writes a row of RGB or RGBA samples as RGBA.
func expandRGBA(src, dst []byte, bpp int) {
	if bpp == 4 {
		copy(dst, src)
		return
	}
	for i, j := 0, 0; j+2 < len(src); i, j = i+4, j+3 {
		dst[i], dst[i+1], dst[i+2], dst[i+3] = src[j], src[j+1], src[j+2], 0xff
	}
}
