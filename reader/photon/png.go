package photon

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash"
	"hash/adler32"
	"hash/crc32"
	"image"
	"io"
	"math/bits"
)

// EncodePNG writes m as Photon's get_bytes does: image 0.24.9's PngEncoder
// with its defaults (CompressionType::Fast, FilterType::Adaptive), that is
// png 0.17.14 writing 8-bit RGBA, each row filtered by whichever of Sub,
// Up, Avg and Paeth leaves the smallest sum of signed bytes (the last on a
// tie), compressed by fdeflate 0.3.6 (fixed Huffman codes, runs of zeros
// as the only matches), or stored unfiltered when that would be smaller.
// Given the same pixels it writes the same bytes.
func EncodePNG(w io.Writer, m *image.NRGBA) error {
	width, height := m.Rect.Dx(), m.Rect.Dy()
	if width < 1 || height < 1 || width > 1<<31-1 || height > 1<<31-1 {
		return errors.New("photon: image dimensions out of range for PNG")
	}
	rowLen := 4 * width
	var z bytes.Buffer
	z.Grow(rowLen * height / 2)
	c := newFdeflate(&z)
	prev := make([]byte, rowLen)
	cur := make([]byte, rowLen+1)
	trial := make([]byte, rowLen)
	for y := 0; y < height; y++ {
		line := m.Pix[y*m.Stride : y*m.Stride+rowLen]
		best, bestSum := byte(0), uint64(1<<64-1)
		for f := byte(1); f <= 4; f++ {
			pngFilter(f, prev, line, trial)
			if s := signedSum(trial); s <= bestSum {
				best, bestSum = f, s
				copy(cur[1:], trial)
			}
		}
		cur[0] = best
		c.write(cur)
		prev = line
	}
	c.finish()
	idat := z.Bytes()
	raw := (rowLen + 1) * height
	if len(idat) > storedSize(raw) {
		idat = stored(m, rowLen)
	}

	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	pngChunk(&out, "IHDR", ihdr)
	if _, err := w.Write(out.Bytes()); err != nil {
		return err
	}
	out.Reset()
	pngChunk(&out, "IDAT", idat)
	pngChunk(&out, "IEND", nil)
	_, err := w.Write(out.Bytes())
	return err
}

func pngChunk(b *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	b.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	b.WriteString(typ)
	b.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	b.Write(n[:])
}

// pngFilter applies filter f (1 Sub, 2 Up, 3 Avg, 4 Paeth) to cur, given
// the row above (zeros for the first), with 4 bytes a pixel.
func pngFilter(f byte, prev, cur, out []byte) {
	const bpp = 4
	switch f {
	case 1:
		copy(out[:bpp], cur[:bpp])
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - cur[i-bpp]
		}
	case 2:
		for i := range cur {
			out[i] = cur[i] - prev[i]
		}
	case 3:
		for i := 0; i < bpp; i++ {
			out[i] = cur[i] - prev[i]/2
		}
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - byte((uint16(cur[i-bpp])+uint16(prev[i]))/2)
		}
	case 4:
		for i := 0; i < bpp; i++ {
			out[i] = cur[i] - paeth(0, prev[i], 0)
		}
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - paeth(cur[i-bpp], prev[i], prev[i-bpp])
		}
	}
}

func paeth(a, b, c byte) byte {
	p := int(a) + int(b) - int(c)
	pa, pb, pc := abs(p-int(a)), abs(p-int(b)), abs(p-int(c))
	switch {
	case pa <= pb && pa <= pc:
		return a
	case pb <= pc:
		return b
	}
	return c
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// signedSum is png's sum_buffer: each byte read as an i8, its magnitude.
func signedSum(b []byte) uint64 {
	var s uint64
	for _, v := range b {
		s += uint64(abs(int(int8(v))))
	}
	return s
}

// storedSize is fdeflate's StoredOnlyCompressor::compressed_size.
func storedSize(raw int) int {
	const block = 0xffff
	return (max(raw-1, 0)/block)*(block+5) + raw%block + 5 + 6
}

// stored is the zlib stream StoredOnlyCompressor writes: the rows
// unfiltered, in stored blocks of at most 65535 bytes.
func stored(m *image.NRGBA, rowLen int) []byte {
	var data bytes.Buffer
	for y := 0; y < m.Rect.Dy(); y++ {
		data.WriteByte(0)
		data.Write(m.Pix[y*m.Stride : y*m.Stride+rowLen])
	}
	raw := data.Bytes()
	out := make([]byte, 0, storedSize(len(raw)))
	out = append(out, 0x78, 0x01)
	for first := true; first || len(raw) > 0; first = false {
		n := min(len(raw), 0xffff)
		last := byte(0)
		if n == len(raw) {
			last = 1
		}
		out = append(out, last, byte(n), byte(n>>8), ^byte(n), ^byte(n>>8))
		out = append(out, raw[:n]...)
		raw = raw[n:]
	}
	return binary.BigEndian.AppendUint32(out, adler32.Checksum(data.Bytes()))
}

// fdeflate is fdeflate 0.3.6's Compressor.
type fdeflate struct {
	w     *bytes.Buffer
	buf   uint64
	nbits uint8
	sum   hash.Hash32
}

var fdCodes = func() (codes [286]uint16) {
	code := uint32(0)
	for l := byte(1); l <= 16; l++ {
		for i, n := range fdHuffLengths {
			if n == l {
				codes[i] = bits.Reverse16(uint16(code)) >> (16 - l)
				code++
			}
		}
		code <<= 1
	}
	return
}()

func newFdeflate(w *bytes.Buffer) *fdeflate {
	c := &fdeflate{w: w, sum: adler32.New()}
	header := [54]byte{
		120, 1, 237, 192, 3, 160, 36, 89, 150, 198, 241, 255, 119, 238, 141, 200, 204, 167,
		114, 75, 99, 174, 109, 219, 182, 109, 219, 182, 109, 219, 182, 109, 105, 140, 158, 150,
		74, 175, 158, 50, 51, 34, 238, 249, 118, 183, 106, 122, 166, 135, 59, 107, 213, 15,
	}
	w.Write(header[:53])
	c.bits(uint64(header[53]), 5)
	return c
}

func (c *fdeflate) bits(v uint64, n uint8) {
	c.buf |= v << c.nbits
	c.nbits += n
	if c.nbits >= 64 {
		c.w.Write(binary.LittleEndian.AppendUint64(nil, c.buf))
		c.nbits -= 64
		if s := n - c.nbits; s < 64 {
			c.buf = v >> s
		} else {
			c.buf = 0
		}
	}
}

func (c *fdeflate) sym(s int) { c.bits(uint64(fdCodes[s]), fdHuffLengths[s]) }

func (c *fdeflate) run(run uint32) {
	c.sym(0)
	run--
	for run >= 258 {
		c.bits(uint64(fdCodes[285]), fdHuffLengths[285]+1)
		run -= 258
	}
	if run > 4 {
		s := int(fdLengthToSymbol[run-3])
		c.sym(s)
		extra := fdLengthExtra[run-3]
		c.bits(uint64((run-3)&(1<<extra-1)), extra+1)
	} else {
		c.bits(0, uint8(run)*fdHuffLengths[0])
	}
}

// write is Compressor::write_data: eight bytes at a time, zero runs as
// matches at distance one, everything else a literal.
func (c *fdeflate) write(data []byte) {
	c.sum.Write(data)
	run := uint32(0)
	n := len(data) &^ 7
	for i := 0; i < n; i += 8 {
		chunk := data[i : i+8]
		v := binary.LittleEndian.Uint64(chunk)
		if v == 0 {
			run += 8
			continue
		} else if run > 0 {
			extra := uint32(bits.TrailingZeros64(v) / 8)
			c.run(run + extra)
			run = 0
			if extra > 0 {
				run = uint32(bits.LeadingZeros64(v) / 8)
				for _, b := range chunk[extra : 8-run] {
					c.sym(int(b))
				}
				continue
			}
		}
		if start := uint32(bits.LeadingZeros64(v) / 8); start > 0 {
			for _, b := range chunk[:8-start] {
				c.sym(int(b))
			}
			run = start
			continue
		}
		for _, b := range chunk[:4] {
			c.sym(int(b))
		}
		for _, b := range chunk[4:] {
			c.sym(int(b))
		}
	}
	if run > 0 {
		c.run(run)
	}
	for _, b := range data[n:] {
		c.sym(int(b))
	}
}

func (c *fdeflate) finish() {
	c.sym(256)
	if c.nbits%8 != 0 {
		c.bits(0, 8-c.nbits%8)
	}
	if c.nbits > 0 {
		c.w.Write(binary.LittleEndian.AppendUint64(nil, c.buf)[:c.nbits/8])
		c.buf, c.nbits = 0, 0
	}
	c.w.Write(binary.BigEndian.AppendUint32(nil, c.sum.Sum32()))
}
