package pi

import (
	"fmt"
	"image"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/internal/photonsend"
	"github.com/readlens/readlens/reader/node"
	"github.com/readlens/readlens/reader/photon"
)

// pi's auto-resize (utils/image-resize.ts, resizeImage with its defaults).
const (
	piMaxSide   = 2000              // maxWidth and maxHeight
	piMaxBase64 = 4.5 * 1024 * 1024 // maxBytes: base64 characters, compared with <
)

// piConvert is what pi's read tool does to an image before sending it:
// Photon decodes it (any failure, a decoder limit included, and the image
// is omitted), turns it by its EXIF orientation, and sends it as it is when
// it is within 2000×2000 pixels and 4.5 MiB of base64. Otherwise it is
// resized with Lanczos3 to fit the box (Math.round on the other side), and
// encoded as PNG, then JPEG at each quality in turn; the first whose
// base64 is under the limit is sent, else both sides shrink by ×0.75
// (floored, at least 1) and it tries again, down to 1×1 (photonsend).
func piConvert(pic *reader.Picture) *reader.Converted {
	src := photonsend.Open(pic)
	if src == nil {
		return &reader.Converted{Omitted: true}
	}
	size := len(pic.Data) // the file's, whatever is decoded
	if cfg := src.Config; src.Mime == "image/png" {
		if w, h := piBox(cfg.Width, cfg.Height); w != cfg.Width || h != cfg.Height {
			// A PNG has no EXIF turn for pi.
			decode := func() *photon.Image { m, _, _, _ := piDecode(src, pic.Data, false); return m }
			if conv := src.SendPNG(w, h, decode, piFits); conv != nil {
				return conv
			}
		}
	}
	m, ow, oh, conv := piDecode(src, pic.Data, pic.FactsOnly)
	if conv != nil {
		return conv
	}
	out := &reader.Converted{Width: ow, Height: oh}
	if ow <= piMaxSide && oh <= piMaxSide && piFits(node.Base64Len(int64(size))) {
		if !pic.FactsOnly {
			out.Pixels = m.NRGBA()
		}
		return out // the original, unchanged
	}
	w, h := piBox(ow, oh)
	return src.Send(out, w, h, func(tw, th int) *image.NRGBA { return photon.Resize(m, tw, th) }, piFits)
}

// piFits is pi's size limit: base64 under 4.5 MiB.
func piFits(b64 int64) bool { return float64(b64) < piMaxBase64 }

// piDecode decodes the file as Photon does and turns it upright, and says
// its upright size; a Converted instead when pi sends no image. For facts
// alone (reader.Picture.FactsOnly) the size is all that is turned.
func piDecode(src *photonsend.Source, data []byte, facts bool) (m *photon.Image, w, h int, _ *reader.Converted) {
	if m = src.Decode(); m == nil {
		return nil, 0, 0, &reader.Converted{Omitted: true}
	}
	o, loops := exifOrientation(data)
	if loops {
		return nil, 0, 0, &reader.Converted{Hang: "its lookup of the EXIF orientation walks this WebP's chunks in a circle (a chunk size of 2 GiB or more is negative to it)"}
	}
	switch {
	case o != 1 && facts:
		if o >= 5 && o <= 8 { // a quarter turn (reader.Orient)
			return m, m.H, m.W, nil
		}
	case o != 1:
		turned := reader.Orient(m.NRGBA(), o)
		m = photon.FromDecoded(turned, turned.Rect.Dx(), turned.Rect.Dy())
	}
	return m, m.W, m.H, nil
}

// piBox is the size an image is first resized to: into 2000×2000, the
// other side Math.round'ed.
func piBox(w, h int) (int, int) {
	if w > piMaxSide {
		h, w = photonsend.Round(float64(h*piMaxSide)/float64(w)), piMaxSide
	}
	if h > piMaxSide {
		w, h = photonsend.Round(float64(w*piMaxSide)/float64(h)), piMaxSide
	}
	return w, h
}

// dimensionNote is formatDimensionNote: the scale is the widths' ratio,
// with toFixed(2).
func dimensionNote(ow, oh int, sent *reader.Attachment) string {
	scale := float64(ow) / float64(sent.Width)
	return fmt.Sprintf("[Image: original %dx%d, displayed at %dx%d. Multiply coordinates by %s to map to original image.]",
		ow, oh, sent.Width, sent.Height, node.ToFixed(scale, 2))
}
