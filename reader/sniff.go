package reader

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"

	"github.com/readlens/readlens/reader/node"
)

// Media signatures shared by the profiles that sniff magic bytes.
var (
	SigPNG  = []byte("\x89PNG\r\n\x1a\n")
	SigJPEG = []byte{0xff, 0xd8, 0xff}
	SigGIF8 = []byte("GIF8")
	SigBMP  = []byte("BM")
	SigPDF  = []byte("%PDF-")
)

func IsWebP(b []byte) bool {
	return len(b) >= 12 && bytes.HasPrefix(b, []byte("RIFF")) && string(b[8:12]) == "WEBP"
}

// ExtMime is the mime-db entry for the extensions the agents attach; every
// other extension maps to something no agent attaches.
func ExtMime(path string) string {
	switch strings.ToLower(node.Extname(path)) {
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg", ".jpe":
		return "image/jpeg"
	case ".gif":
		return "image/gif"
	case ".webp":
		return "image/webp"
	case ".pdf":
		return "application/pdf"
	}
	return ""
}

// ControlRatio is the share of bytes below 9 or between 14 and 31: the
// non-printable measure opencode and its ports use. TAB, LF, VT, FF and CR
// count as text; ESC does not.
func ControlRatio(sample []byte) (nul bool, ratio float64) {
	if len(sample) == 0 {
		return false, 0
	}
	n := 0
	b := sample
	// Eight bytes at a time (three agents sample every file of an audit):
	// a byte's high bit in below(w, k) says it is under k, exactly, as no
	// sum carries into the next byte.
	for ; len(b) >= 8; b = b[8:] {
		w := binary.LittleEndian.Uint64(b)
		if below(w, 1) != 0 {
			return true, 0
		}
		under32 := below(w, 32)
		if under32 == 0 {
			continue
		}
		spaces := ^below(w, 9) & below(w, 14) & hiBits // TAB, LF, VT, FF, CR
		n += bits.OnesCount64(under32 &^ spaces)
	}
	for _, c := range b {
		if c == 0 {
			return true, 0
		}
		if c < 9 || (c > 13 && c < 32) {
			n++
		}
	}
	return false, float64(n) / float64(len(sample))
}

const (
	loBits = 0x0101010101010101
	hiBits = 0x8080808080808080
)

// below marks, in each byte's high bit, the bytes of w under k (1 to 128).
func below(w uint64, k uint64) uint64 {
	atLeast := ((w &^ hiBits) + (0x80-k)*loBits | w) & hiBits
	return ^atLeast & hiBits
}
