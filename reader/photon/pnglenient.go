package photon

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"io"
)

// LenientPNG is the PNG as png 0.17.14 (Photon's decoder) reads it, made
// into one Go's strict decoders read alike. png skips an ancillary chunk
// whose CRC is wrong, does not check IEND's CRC, and does not check the
// zlib stream's Adler-32 (its four bytes must be there). A critical
// chunk's wrong CRC stays wrong, for Go to refuse as png does. Any other
// PNG comes back unchanged; nil when there is nothing to read.
func LenientPNG(data []byte) []byte {
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		return data
	}
	var out bytes.Buffer
	out.Write(data[:8])
	changed := false
	var idat bytes.Buffer // the IDAT chunks' data, written as one chunk
	idatAt := -1          // where in out that chunk goes
	for pos := 8; pos+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[pos:]))
		typ := data[pos+4 : pos+8]
		end := pos + 12 + n
		if n < 0 || n > 0x7fffffff || end > len(data) || end < pos {
			out.Write(data[pos:]) // cut off: Go fails on it as png does
			changed = changed || idatAt >= 0
			break
		}
		chunk := data[pos:end]
		crcOK := crc32.ChecksumIEEE(data[pos+4:pos+8+n]) == binary.BigEndian.Uint32(data[pos+8+n:])
		pos = end
		switch {
		case string(typ) == "IDAT" && crcOK:
			if idatAt < 0 {
				idatAt = out.Len()
			} else if out.Len() != idatAt {
				return data // IDATs apart: left to Go
			} else {
				changed = true
			}
			idat.Write(chunk[8 : 8+n])
			continue
		case crcOK:
		case typ[0]&0x20 != 0: // ancillary: skipped
			changed = true
			continue
		case string(typ) == "IEND":
			chunk = lenientChunk("IEND", nil)
			changed = true
		}
		out.Write(chunk)
	}
	if idatAt < 0 {
		if !changed {
			return data
		}
		return out.Bytes()
	}
	z := idat.Bytes()
	if fixed, ok := lenientAdler(z); ok && !bytes.Equal(fixed, z) {
		z, changed = fixed, true
	}
	if !changed {
		return data
	}
	b := out.Bytes()
	res := make([]byte, 0, len(b)+len(z)+12)
	res = append(res, b[:idatAt]...)
	res = append(res, lenientChunk("IDAT", z)...)
	return append(res, b[idatAt:]...)
}

// lenientAdler puts the right Adler-32 after the zlib stream's deflate data,
// where png does not look at it; false when the stream does not inflate
// or has no four bytes there.
func lenientAdler(z []byte) ([]byte, bool) {
	if len(z) < 2 {
		return nil, false
	}
	r := bytes.NewReader(z[2:])
	h := adler32.New()
	if _, err := io.Copy(h, flate.NewReader(r)); err != nil {
		return nil, false
	}
	at := len(z) - r.Len()
	if at+4 > len(z) {
		return nil, false
	}
	fixed := append([]byte(nil), z...)
	binary.BigEndian.PutUint32(fixed[at:], h.Sum32())
	return fixed, true
}

func lenientChunk(typ string, data []byte) []byte {
	c := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	c = append(c, typ...)
	c = append(c, data...)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}
