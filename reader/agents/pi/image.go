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
	size := len(pic.Data) // the file's, whatever is decoded
	if mime == "image/png" {
		pic = &reader.Picture{Mime: pic.Mime, Data: photon.LenientPNG(pic.Data), Width: pic.Width, Height: pic.Height}
	}
	var cfg image.Config
	if mime != "image/webp" && mime != "image/gif" { // image-rs's own rules: photon.DecodeWebP, DecodeGIF
		var err error
		cfg, err = pic.Config(mime)
		if err != nil || photon.DecodedBytes(pic.Data, mime, cfg) > photon.MaxAlloc {
			return omitted
		}
	}
	if mime == "image/png" {
		if w, h := piBox(cfg.Width, cfg.Height); w != cfg.Width || h != cfg.Height {
			// A PNG has no EXIF turn for pi: it is resized as it is
			// inflated, and decoded whole only if it must shrink again.
			if first := piResizePNG(pic.Data, w, h); first != nil {
				return piSend(&reader.Converted{Width: cfg.Width, Height: cfg.Height}, w, h, func(tw, th int) *image.NRGBA {
					if tw == w && th == h {
						return first
					}
					m, _ := piDecode(pic, mime)
					return photon.Resize(m, tw, th)
				})
			}
		}
	}
	m, conv := piDecode(pic, mime)
	if conv != nil {
		return conv
	}
	ow, oh := m.W, m.H
	out := &reader.Converted{Width: ow, Height: oh}
	if ow <= piMaxSide && oh <= piMaxSide && float64(node.Base64Len(int64(size))) < piMaxBase64 {
		out.Pixels = m.NRGBA()
		return out // the original, unchanged
	}
	w, h := piBox(ow, oh)
	return piSend(out, w, h, func(tw, th int) *image.NRGBA { return photon.Resize(m, tw, th) })
}

// piDecode decodes the file as Photon does and turns it upright; a
// Converted instead when pi sends no image.
func piDecode(pic *reader.Picture, mime string) (*photon.Image, *reader.Converted) {
	var img image.Image
	var cfg image.Config
	var err error
	switch mime {
	case "image/webp", "image/gif": // a GIF is its logical screen's size
		if mime == "image/webp" {
			img, err = photon.DecodeWebP(pic.Data)
		} else {
			img, err = photon.DecodeGIF(pic.Data)
		}
		if err == nil {
			cfg.Width, cfg.Height = img.Bounds().Dx(), img.Bounds().Dy()
		}
	default:
		img, cfg, err = pic.Decode(mime)
		if err != nil && mime == "image/jpeg" {
			if padded := photon.PadJPEG(pic.Data); padded != nil {
				img, cfg, err = (&reader.Picture{Mime: mime, Data: padded}).Decode(mime)
			}
		}
	}
	if err != nil {
		return nil, &reader.Converted{Omitted: true}
	}
	m := photon.FromDecoded(img, cfg.Width, cfg.Height)
	o, loops := exifOrientation(pic.Data)
	if loops {
		return nil, &reader.Converted{Hang: "its lookup of the EXIF orientation walks this WebP's chunks in a circle (a chunk size of 2 GiB or more is negative to it)"}
	}
	if o != 1 {
		turned := reader.Orient(m.NRGBA(), o)
		m = photon.FromDecoded(turned, turned.Rect.Dx(), turned.Rect.Dy())
	}
	return m, nil
}

// piBox is the size an image is first resized to: into 2000×2000, the
// other side Math.round'ed.
func piBox(w, h int) (int, int) {
	if w > piMaxSide {
		h, w = jsRound(float64(h*piMaxSide)/float64(w)), piMaxSide
	}
	if h > piMaxSide {
		w, h = jsRound(float64(w*piMaxSide)/float64(h)), piMaxSide
	}
	return w, h
}

// piSend is the resize loop and what it sends: nothing (omitted) when no
// size fits.
func piSend(out *reader.Converted, w, h int, resize func(w, h int) *image.NRGBA) *reader.Converted {
	var sent image.Image
	out.Sent = piShrink(resize, w, h, func(img *image.NRGBA) *reader.Attachment {
		a := piEncode(img)
		if a != nil {
			sent = img
		}
		return a
	})
	if out.Sent == nil {
		return &reader.Converted{Omitted: true}
	}
	out.Pixels = sent
	return out
}

// piResizePNG is photon.Resize of the decoded PNG to w×h, with the file
// decoded row by row (reader.PNGRows); nil when PNGRows does not take it.
func piResizePNG(data []byte, w, h int) *image.NRGBA {
	var rz *photon.Resizer
	err := reader.PNGRows(data, func(sw, sh int, _ bool) bool {
		rz = photon.NewResizer(sw, sh, w, h)
		return true
	}, func(y int, row []byte) { rz.Row(y, row) })
	if rz == nil {
		return nil
	}
	rz.Close()
	if err != nil {
		return nil
	}
	return rz.Image()
}

// piShrink is resizeImage's loop: resize to w×h, encode, and while nothing
// fits shrink both sides by ×0.75, floored, down to 1×1. An empty side
// (a 1×5000 image is 0×2000 in the box) makes Photon's encoders panic,
// which pi catches: nothing is sent.
func piShrink(resize func(w, h int) *image.NRGBA, w, h int, encode func(*image.NRGBA) *reader.Attachment) *reader.Attachment {
	for w >= 1 && h >= 1 {
		if sent := encode(resize(w, h)); sent != nil {
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
