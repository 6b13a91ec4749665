package opencode

import (
	"fmt"
	"image"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/internal/photonsend"
	"github.com/readlens/readlens/reader/node"
	"github.com/readlens/readlens/reader/photon"
)

// opencode's session normalizes every image a tool returns before the
// model sees it (SessionProcessor's "tool-result": Image.normalize, with
// the defaults of the config's attachment.image), on Photon 0.3.4 as pi
// does. A PDF is left as it is.
const (
	ocMaxSide   = 2000    // max_width and max_height
	ocMaxBase64 = 5242880 // max_base64_bytes: characters of base64, compared with <=
)

// ImageOmitted ends the tool's output when the session drops an image
// (`${n} image${n === 1 ? "" : "s"} omitted`; the read tool returns one).
const ImageOmitted = "\n\n[1 image omitted: could not be resized below the image size limit.]"

// ocNormalize is Image.normalize: Photon decodes the image (a failure
// drops it); within 2000×2000 pixels and 5 MiB of base64 it is sent as it
// is; otherwise it is resized with Lanczos3 into the box (each side
// Math.round'ed, at least 1), encoded as PNG and then as JPEG at 80, 85,
// 70, 55 and 40, the first whose base64 fits sent, both sides shrinking by
// ×0.75 while none does (photonsend); none fitting drops it. Unlike pi,
// opencode never turns an image by its EXIF orientation.
func ocNormalize(pic *reader.Picture) *reader.Converted {
	if !strings.HasPrefix(pic.Mime, "image/") {
		return nil
	}
	src := photonsend.Open(pic)
	if src == nil {
		return &reader.Converted{Omitted: true}
	}
	size := node.Base64Len(int64(len(pic.Data)))
	if cfg := src.Config; src.Mime == "image/png" {
		if w, h := ocBox(cfg.Width, cfg.Height); w != cfg.Width || h != cfg.Height {
			if conv := src.SendPNG(w, h, src.Decode, ocFits); conv != nil {
				return conv
			}
		}
	}
	m := src.Decode()
	if m == nil {
		return &reader.Converted{Omitted: true}
	}
	out := &reader.Converted{Width: m.W, Height: m.H}
	if m.W <= ocMaxSide && m.H <= ocMaxSide && ocFits(size) {
		if !pic.FactsOnly {
			out.Pixels = m.NRGBA()
		}
		return out // the file, as it is
	}
	w, h := ocBox(m.W, m.H)
	return src.Send(out, w, h, func(tw, th int) *image.NRGBA { return photon.Resize(m, tw, th) }, ocFits)
}

func ocFits(b64 int64) bool { return b64 <= ocMaxBase64 }

// ocBox is the first size tried: the scale Math.min(1, 2000/w, 2000/h)
// times each side, Math.round'ed, at least 1.
func ocBox(w, h int) (int, int) {
	s := min(1, float64(ocMaxSide)/float64(w), float64(ocMaxSide)/float64(h))
	return max(1, photonsend.Round(float64(w)*s)), max(1, photonsend.Round(float64(h)*s))
}

// ocImage is what the model receives for an image or a PDF: the tool's
// words, and the attachment as the session left it.
func ocImage(a *reader.Attachment, c *reader.Converted) *reader.Outcome {
	switch {
	case c != nil && c.Omitted:
		o := &reader.Outcome{}
		o.Media("Image read successfully")
		o.Notice(ImageOmitted)
		return o
	case c != nil && c.Sent != nil:
		o := Attached(c.Sent)
		o.Note = fmt.Sprintf("opencode's session sends this %dx%d image resized to %dx%d as %s; the bytes are readlens's encoding of it (Photon's encoders ported, Go's decoders), so their size and digest can differ from opencode's",
			c.Width, c.Height, c.Sent.Width, c.Sent.Height, c.Sent.Mime)
		return o
	}
	return Attached(a)
}
