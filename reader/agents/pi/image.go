package pi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"math"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
	"github.com/readlens/readlens/reader/photon"
)

// pi's auto-resize (utils/image-resize.ts, resizeImage with its defaults).
const (
	piMaxSide   = 2000              // maxWidth and maxHeight
	piMaxBase64 = 4.5 * 1024 * 1024 // maxBytes: base64 characters, compared with <
)

// piQualities are the JPEG qualities tried after PNG, in order:
// new Set([jpegQuality 80, 85, 70, 55, 40]).
var piQualities = []int{80, 85, 70, 55, 40}

// piConvert is what pi's read tool does to an image before sending it:
// Photon decodes it (any failure, a decoder limit included, and the image
// is omitted), turns it by its EXIF orientation, and sends it as it is when
// it is within 2000×2000 pixels and 4.5 MiB of base64. Otherwise it is
// resized with Lanczos3 to fit the box (Math.round on the other side), and
// encoded as PNG, then JPEG at each quality in turn; the first whose
// base64 is under the limit is sent, else both sides shrink by ×0.75
// (floored, at least 1) and it tries again, down to 1×1.
func piConvert(pic *reader.Picture) *reader.Converted {
	omitted := &reader.Converted{Omitted: true}
	mime := photon.Guess(pic.Data)
	if mime == "" {
		return omitted
	}
	cfg, err := pic.Config(mime)
	if err != nil || photon.DecodedBytes(pic.Data, mime, cfg) > photon.MaxAlloc {
		return omitted
	}
	img, cfg, err := pic.Decode(mime)
	if err != nil {
		return omitted
	}
	m := photon.FromDecoded(img, cfg.Width, cfg.Height)
	o, loops := exifOrientation(pic.Data)
	if loops {
		return &reader.Converted{Hang: "its lookup of the EXIF orientation walks this WebP's chunks in a circle (a chunk size of 2 GiB or more is negative to it)"}
	}
	if o != 1 {
		turned := reader.Orient(m.NRGBA(), o)
		m = photon.FromDecoded(turned, turned.Rect.Dx(), turned.Rect.Dy())
	}
	ow, oh := m.W, m.H
	out := &reader.Converted{Width: ow, Height: oh}
	if ow <= piMaxSide && oh <= piMaxSide && float64(node.Base64Len(int64(len(pic.Data)))) < piMaxBase64 {
		out.Pixels = m.NRGBA()
		return out // the original, unchanged
	}
	w, h := ow, oh
	if w > piMaxSide {
		h, w = jsRound(float64(h*piMaxSide)/float64(w)), piMaxSide
	}
	if h > piMaxSide {
		w, h = jsRound(float64(w*piMaxSide)/float64(h)), piMaxSide
	}
	var sent image.Image
	out.Sent = piShrink(m, w, h, func(img *image.NRGBA) *reader.Attachment {
		a := piEncode(img)
		if a != nil {
			sent = img
		}
		return a
	})
	if out.Sent == nil {
		return omitted
	}
	out.Pixels = sent
	return out
}

// piShrink is resizeImage's loop: resize to w×h, encode, and while nothing
// fits shrink both sides by ×0.75, floored, down to 1×1. An empty side
// (a 1×5000 image is 0×2000 in the box) makes Photon's encoders panic,
// which pi catches: nothing is sent.
func piShrink(m *photon.Image, w, h int, encode func(*image.NRGBA) *reader.Attachment) *reader.Attachment {
	for w >= 1 && h >= 1 {
		if sent := encode(photon.Resize(m, w, h)); sent != nil {
			return sent
		}
		if w == 1 && h == 1 {
			return nil
		}
		nw, nh := max(1, w*3/4), max(1, h*3/4)
		if nw == w && nh == h {
			return nil
		}
		w, h = nw, nh
	}
	return nil
}

// piEncode is tryEncodings and the choice after it: PNG, then JPEG at each
// quality, the first whose base64 is under the limit; nil for none.
func piEncode(m *image.NRGBA) *reader.Attachment {
	var b bytes.Buffer
	fits := func(mime string) *reader.Attachment {
		if float64(node.Base64Len(int64(b.Len()))) >= piMaxBase64 {
			return nil
		}
		sum := sha256.Sum256(b.Bytes())
		return &reader.Attachment{Mime: mime, Size: int64(b.Len()), SHA256: hex.EncodeToString(sum[:]),
			Width: m.Rect.Dx(), Height: m.Rect.Dy(), Reencoded: true}
	}
	if photon.EncodePNG(&b, m) == nil {
		if a := fits("image/png"); a != nil {
			return a
		}
	}
	for _, q := range piQualities {
		b.Reset()
		if photon.EncodeJPEG(&b, m, q) == nil {
			if a := fits("image/jpeg"); a != nil {
				return a
			}
		}
	}
	return nil
}

// jsRound is Math.round for the positive quotients pi rounds: halves up.
func jsRound(q float64) int {
	r := math.Floor(q)
	if q-r >= 0.5 {
		r++
	}
	return int(r)
}

// dimensionNote is formatDimensionNote: the scale is the widths' ratio,
// with toFixed(2).
func dimensionNote(ow, oh int, sent *reader.Attachment) string {
	scale := float64(ow) / float64(sent.Width)
	return fmt.Sprintf("[Image: original %dx%d, displayed at %dx%d. Multiply coordinates by %s to map to original image.]",
		ow, oh, sent.Width, sent.Height, node.ToFixed(scale, 2))
}
