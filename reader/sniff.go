package reader

import (
	"bytes"
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
	n := 0
	for _, b := range sample {
		if b == 0 {
			return true, 0
		}
		if b < 9 || (b > 13 && b < 32) {
			n++
		}
	}
	if len(sample) == 0 {
		return false, 0
	}
	return false, float64(n) / float64(len(sample))
}
