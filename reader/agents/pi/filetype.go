package pi

import (
	"bytes"
	"encoding/binary"

	"github.com/readlens/readlens/reader"
)

// piMedia is file-type 21.3.4 on the first 4100 bytes, as pi calls it, for
// the four types pi sends: JPEG, PNG, GIF and WebP. Like file-type it looks
// past leading UTF-8 byte order marks and ID3 tags, takes any "GIF" prefix
// for a GIF, and walks PNG chunks so that an APNG or a malformed PNG is not
// an image.
func piMedia(sample []byte, _ string) string {
	if len(sample) < 2 {
		return ""
	}
	reentry := 0
	return piSniff(sample, 0, &reentry)
}

// piSniff is file-type's detectConfident from pos, for the four types. A
// byte order mark is skipped and detection starts again; so is an ID3 tag
// (10 bytes and the size its header gives, read as file-type reads it,
// without masking the high bits) when it ends within the sample, else the
// sample is an MP3. Both re-entries share file-type's count of 256.
func piSniff(sample []byte, pos int, reentry *int) string {
	b := sample[pos:]
	switch {
	case bytes.HasPrefix(b, []byte("\xef\xbb\xbf")):
		if *reentry >= 256 {
			return ""
		}
		*reentry++
		return piSniff(sample, pos+3, reentry)
	case bytes.HasPrefix(b, []byte("GIF")):
		return "image/gif"
	case bytes.HasPrefix(b, []byte("ID3")):
		if len(b) < 10 {
			return "" // the size is cut off: file-type gives up
		}
		size := int(b[9]&0x7f) | int(b[8])<<7 | int(b[7])<<14 | int(b[6])<<21
		if pos+10+size > len(sample) || *reentry >= 256 {
			return "" // an MP3, or no more re-entries
		}
		*reentry++
		return piSniff(sample, pos+10+size, reentry)
	case bytes.HasPrefix(b, reader.SigJPEG):
		if len(b) > 3 && b[3] == 0xf7 {
			return "" // JPEG-LS
		}
		return "image/jpeg"
	case bytes.HasPrefix(b, reader.SigPNG):
		if piPNG(sample, pos+8) {
			return "image/png"
		}
	case reader.IsWebP(b):
		return "image/webp"
	}
	return ""
}

// piPNG walks PNG chunks from pos as file-type does: an IDAT before any
// acTL makes a PNG; a bad IHDR or a chunk before it makes nothing; running
// past the sample makes a PNG.
func piPNG(b []byte, pos int) bool {
	size := len(b)
	seen := false
	for count := 1; count <= 512; count++ {
		prev := pos
		if pos+8 > size {
			return false // the chunk header is cut off: file-type gives up
		}
		length := int32(binary.BigEndian.Uint32(b[pos:]))
		typ := string(b[pos+4 : pos+8])
		pos += 8
		if length < 0 {
			return false
		}
		if typ == "IHDR" {
			if length != 13 {
				return false
			}
			seen = true
		}
		switch typ {
		case "IDAT":
			return true
		case "acTL":
			return false // APNG, which pi does not send
		}
		if !seen && typ != "CgBI" {
			return false
		}
		if int(length)+4 > size {
			return true
		}
		pos = min(pos+int(length)+4, size)
		if pos <= prev || pos+8 >= size {
			break
		}
	}
	return true
}
