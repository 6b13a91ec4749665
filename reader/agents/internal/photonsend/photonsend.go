// Package photonsend is what pi and opencode both do to an image before
// the model sees it, on Photon 0.3.4 (reader/photon): open and decode it
// as PhotonImage.new_from_byteslice does (image 0.24.9's
// load_from_memory), resize it with Lanczos3, encode it as PNG and then
// as JPEG at 80, 85, 70, 55 and 40, send the first encoding that fits,
// and shrink both sides by ×0.75 while none does. What differs, each
// agent keeps: the limits, the box, pi's EXIF turn, the words.
package photonsend

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"math"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
	"github.com/readlens/readlens/reader/photon"
)

// Qualities are the JPEG qualities tried after PNG, in order (pi's
// new Set([80, 85, 70, 55, 40]), opencode's [80, 85, 70, 55, 40]).
var Qualities = []int{80, 85, 70, 55, 40}

// Source is an image file as Photon opens it: the decoder image-rs picks
// by its first bytes, and the header that decoder reads.
type Source struct {
	Mime string
	// Config is the header, for formats Go's decoders read it for (not
	// GIF or WebP, whose size is the decoded image's).
	Config image.Config
	pic    *reader.Picture // a PNG as png 0.17.14 reads it (LenientPNG)
	// facts is reader.Picture.FactsOnly: Send answers unmade (Unmade).
	facts bool
}

// Open opens the file as load_from_memory does: nil when no decoder takes
// it, or the header does not parse, or it declares a buffer over
// image-rs's 512 MiB limit; then Photon fails and the image is dropped.
func Open(pic *reader.Picture) *Source {
	s := &Source{Mime: photon.Guess(pic.Data), pic: pic, facts: pic.FactsOnly}
	switch s.Mime {
	case "":
		return nil
	case "image/png":
		s.pic = &reader.Picture{Mime: pic.Mime, Data: photon.LenientPNG(pic.Data), Width: pic.Width, Height: pic.Height}
	}
	if s.Mime == "image/webp" || s.Mime == "image/gif" { // image-rs's own rules: photon.DecodeWebP, DecodeGIF
		return s
	}
	cfg, err := s.pic.Config(s.Mime)
	if err != nil || photon.DecodedBytes(s.pic.Data, s.Mime, cfg) > photon.MaxAlloc {
		return nil
	}
	s.Config = cfg
	return s
}

// Decode decodes the file as image-rs does (a GIF is its logical
// screen's size, a WebP its canvas); nil when it fails.
func (s *Source) Decode() *photon.Image {
	var img image.Image
	var cfg image.Config
	var err error
	switch s.Mime {
	case "image/webp", "image/gif":
		if s.Mime == "image/webp" {
			img, err = photon.DecodeWebP(s.pic.Data)
		} else {
			img, err = photon.DecodeGIF(s.pic.Data)
		}
		if err == nil {
			cfg.Width, cfg.Height = img.Bounds().Dx(), img.Bounds().Dy()
		}
	default:
		img, cfg, err = s.pic.Decode(s.Mime)
		if err != nil && s.Mime == "image/jpeg" {
			if padded := photon.PadJPEG(s.pic.Data); padded != nil {
				img, cfg, err = (&reader.Picture{Mime: s.Mime, Data: padded}).Decode(s.Mime)
			}
		}
	}
	if err != nil {
		return nil
	}
	return photon.FromDecoded(img, cfg.Width, cfg.Height)
}

// ResizePNG is photon.Resize of a PNG's pixels to w×h with the file
// decoded row by row (reader.PNGRows), never whole; nil when the file is
// not a PNG PNGRows takes.
func (s *Source) ResizePNG(w, h int) *image.NRGBA {
	if s.Mime != "image/png" {
		return nil
	}
	var rz *photon.Resizer
	err := reader.PNGRows(s.pic.Data, func(sw, sh int, _ bool) bool {
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

// SendPNG is Send for a PNG that must shrink to w×h first: resized as it
// is inflated, and decoded whole (decode) only if it must shrink again;
// nil when the PNG cannot be read row by row, and must be decoded first.
func (s *Source) SendPNG(w, h int, decode func() *photon.Image, fits func(b64 int64) bool) *reader.Converted {
	out := &reader.Converted{Width: s.Config.Width, Height: s.Config.Height}
	if s.facts {
		if !s.rowsRead() {
			return nil
		}
		return Unmade(out, w, h)
	}
	first := s.ResizePNG(w, h)
	if first == nil {
		return nil
	}
	return s.Send(out, w, h, func(tw, th int) *image.NRGBA {
		if tw == w && th == h {
			return first
		}
		return photon.Resize(decode(), tw, th)
	}, fits)
}

// rowsRead says ResizePNG would resize the file: PNGRows reads it whole,
// each row handed to no one.
func (s *Source) rowsRead() bool {
	if s.Mime != "image/png" {
		return false
	}
	began := false
	err := reader.PNGRows(s.pic.Data, func(int, int, bool) bool { began = true; return true }, func(int, []byte) {})
	return began && err == nil
}

// Send is the resize loop and what it sends (Shrink, Encode): out with
// the image sent and its pixels, or Omitted when no size fits. A Source
// opened for facts alone answers Unmade.
func (s *Source) Send(out *reader.Converted, w, h int, resize func(w, h int) *image.NRGBA, fits func(b64 int64) bool) *reader.Converted {
	if s.facts {
		return Unmade(out, w, h)
	}
	var sent image.Image
	out.Sent = Shrink(resize, w, h, func(img *image.NRGBA) *reader.Attachment {
		a := Encode(img, fits)
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

// Unmade is Send's answer made without resizing or encoding, for a caller
// that keeps only whether an image is sent (reader.Picture.FactsOnly).
// Shrink tries sizes down to 1×1, whose PNG fits every limit either agent
// has (TestUnmadeIsSend), so a box with both sides always sends an image:
// only which one needs the pixels.
func Unmade(out *reader.Converted, w, h int) *reader.Converted {
	if w < 1 || h < 1 {
		return &reader.Converted{Omitted: true}
	}
	out.Sent = &reader.Attachment{Width: w, Height: h, Reencoded: true, Unmade: true}
	return out
}

// Shrink is the loop both agents run: resize to w×h, encode, and while
// nothing fits shrink both sides by ×0.75, floored, each at least 1, down
// to 1×1 (opencode stops at 32 sizes, which a side of 2000 never
// reaches). An empty side (pi's box makes a 1×5000 image 0×2000) makes
// Photon's encoders panic, which pi catches: nothing is sent.
func Shrink(resize func(w, h int) *image.NRGBA, w, h int, encode func(*image.NRGBA) *reader.Attachment) *reader.Attachment {
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

// Encode encodes m as PNG, then as JPEG at each of Qualities, and returns
// the first whose size fits (fits is given the base64 length, which both
// agents measure); nil for none.
func Encode(m *image.NRGBA, fits func(b64 int64) bool) *reader.Attachment {
	var b bytes.Buffer
	try := func(mime string) *reader.Attachment {
		if !fits(node.Base64Len(int64(b.Len()))) {
			return nil
		}
		sum := sha256.Sum256(b.Bytes())
		return &reader.Attachment{Mime: mime, Size: int64(b.Len()), SHA256: hex.EncodeToString(sum[:]),
			Width: m.Rect.Dx(), Height: m.Rect.Dy(), Reencoded: true}
	}
	if photon.EncodePNG(&b, m) == nil {
		if a := try("image/png"); a != nil {
			return a
		}
	}
	for _, q := range Qualities {
		b.Reset()
		if photon.EncodeJPEG(&b, m, q) == nil {
			if a := try("image/jpeg"); a != nil {
				return a
			}
		}
	}
	return nil
}

// Round is JavaScript's Math.round for the positive quotients the boxes
// round: halves up.
func Round(q float64) int {
	r := math.Floor(q)
	if q-r >= 0.5 {
		r++
	}
	return int(r)
}
