package gemini

import "bytes"

// isbinaryfile 5.0.7's isBinaryCheck, which Gemini CLI 0.61.0 runs on a
// file's first 515 bytes (512 scanned, 3 kept to finish a UTF-8 sequence):
// byte order marks and GB18030 say text, "%PDF-" says binary, then a NUL or
// more than 10% suspicious bytes, or a plausible protobuf, says binary.
const (
	ibfMaxBytes = 512
	ibfReserve  = 3
	ibfSample   = ibfMaxBytes + ibfReserve
)

func isBinaryFile(b []byte) bool {
	n := len(b)
	if n == 0 {
		return false
	}
	// The tool reads into a zeroed 515-byte buffer: bytes past the end are 0.
	buf := make([]byte, ibfSample)
	copy(buf, b)
	total := min(n, ibfSample)
	scan := min(total, ibfMaxBytes)
	switch {
	case n >= 3 && bytes.HasPrefix(buf, []byte{0xef, 0xbb, 0xbf}):
		return false
	case n >= 4 && bytes.HasPrefix(buf, []byte{0, 0, 0xfe, 0xff}):
		return false
	case n >= 4 && bytes.HasPrefix(buf, []byte{0xff, 0xfe, 0, 0}):
		return false
	case n >= 4 && bytes.HasPrefix(buf, []byte{0x84, 0x31, 0x95, 0x33}):
		return false
	case total >= 5 && bytes.HasPrefix(buf, []byte("%PDF-")):
		return true
	case n >= 2 && bytes.HasPrefix(buf, []byte{0xfe, 0xff}):
		return false
	case n >= 2 && bytes.HasPrefix(buf, []byte{0xff, 0xfe}):
		return false
	}
	cont := func(c byte) bool { return c >= 0x80 && c <= 0xbf }
	suspicious := 0
	for i := 0; i < scan; i++ {
		c := buf[i]
		if c == 0 {
			return true
		}
		if (c >= 7 && c <= 14) || (c >= 32 && c <= 127) {
			continue
		}
		switch {
		case c >= 0xc0 && c <= 0xdf && i+1 < total:
			i++
			if cont(buf[i]) {
				continue
			}
		case c >= 0xe0 && c <= 0xef && i+2 < total:
			i++
			if cont(buf[i]) && cont(buf[i+1]) {
				i++
				continue
			}
		case c >= 0xf0 && c <= 0xf7 && i+3 < total:
			i++
			if cont(buf[i]) && cont(buf[i+1]) && cont(buf[i+2]) {
				i += 2
				continue
			}
		}
		suspicious++
		if i >= 32 && suspicious*100 > 10*scan {
			return true
		}
	}
	if suspicious*100 > 10*scan {
		return true
	}
	return suspicious > 1 && isBinaryProto(buf, scan)
}

// protoReader is isbinaryfile's Reader: reading past size sets the error
// and yields 0xff.
type protoReader struct {
	b    []byte
	size int
	off  int
	err  bool
}

func (r *protoReader) next() int {
	if r.off == r.size || r.err {
		r.err = true
		return 0xff
	}
	c := r.b[r.off]
	r.off++
	return int(c)
}

func (r *protoReader) skip(n int) {
	for i := 0; i < n && !r.err; i++ {
		r.next()
	}
}

// varint is readProtoVarInt, with JavaScript's 32-bit shifts.
func (r *protoReader) varint() int {
	v := int32(0)
	for idx := 0; !r.err; idx++ {
		b := r.next()
		v |= int32(b&0x7f) << uint((7*idx)&31)
		if b&0x80 == 0 {
			break
		}
		if idx >= 10 {
			r.err = true
			break
		}
	}
	return int(v)
}

func (r *protoReader) message() bool {
	switch r.varint() & 7 {
	case 0:
		r.varint()
	case 1:
		r.skip(8)
	case 2:
		r.skip(r.varint())
	case 5:
		r.skip(4)
	default:
		return false
	}
	return true
}

func isBinaryProto(b []byte, size int) bool {
	r := &protoReader{b: b, size: size}
	n := 0
	for {
		if !r.message() && !r.err {
			return false
		}
		if r.err {
			break
		}
		n++
	}
	return n > 0
}
