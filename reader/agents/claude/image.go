package claude

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"sync/atomic"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
	"golang.org/x/image/draw"
)

// Claude Code 2.1.330's image path for the Read tool (rhi, which calls
// pUt, JTi and QTi), with the limits of a local session and of the models
// that have no image_limits of their own (claude-sonnet-4-5, the
// oracle's): images are decoded by Bun.Image, fitted into 2000×2000, and
// sent at most 512,000 bytes long, as a JPEG when nothing else fits.
const (
	ccMaxSide    = 2000      // XE.maxWidth and maxHeight
	ccTargetRaw  = 3932160   // XE.targetRawSize: what pUt lets through unchanged
	ccMaxBase64  = 5242880   // XE.maxBase64Size
	ccByteBudget = 512000    // O7: the most a read sends
	ccMaxPixels  = 268402689 // Bun.Image refuses to decode more (16383²), as the oracle shows
)

// ccImageFailure is how Bun.Image failed on a file: the tool words the two
// differently.
type ccImageFailure int

const (
	ccDecodeFailed ccImageFailure = iota // ERR_IMAGE_DECODE_FAILED
	ccTooManyPixels
)

// ccConvert is what the Read tool does to an image before sending it, with
// the limits of the request's model (ccLimitsFor).
// Bun.Image reads the header (a JPEG upright by its EXIF orientation); an
// image over 2000 px, or over the model's token budget, is resized to fit (Math.round on the other side, then
// "inside", which rounds the first side again: 9000×100 goes in a 2000×22
// box as 1980×22); one over 3,932,160 bytes is re-encoded; then whatever
// is over 512,000 bytes becomes a JPEG (JTi). A file Bun.Image cannot
// decode is sent as it is when it is small enough and within 2000 px, and
// refused otherwise.
func ccConvert(pic *reader.Picture, lim ccLimits) *reader.Converted {
	mime := ccSniff(pic.Data)
	if mime == "" || len(pic.Data) == 0 {
		return nil // Format refuses it
	}
	n := len(pic.Data)
	cfg, err := pic.Config(mime)
	if err != nil {
		return ccFallback(pic, mime, ccDecodeFailed)
	}
	o := 1
	if mime == "image/jpeg" {
		if t := reader.JPEGTIFF(pic.Data); t >= 0 {
			o = reader.TIFFOrientation(pic.Data, t)
		}
	}
	w, h := cfg.Width, cfg.Height
	if o >= 5 {
		w, h = h, w
	}
	bw, bh := ccBox(w, h, lim)
	resize := bw != w || bh != h
	out := &reader.Converted{Width: w, Height: h}
	if n <= ccTargetRaw && !resize && n <= ccByteBudget {
		return out // sent as it is, never decoded
	}
	if int64(cfg.Width)*int64(cfg.Height) > ccMaxPixels {
		return ccFallback(pic, mime, ccTooManyPixels)
	}
	if resize && mime == "image/png" {
		// Resized while it is inflated, never held whole: the same pixels.
		tw, th := ccInsideSize(w, h, bw, bh)
		if sized, err := reader.ReducePNG(pic.Data, tw, th); err == nil {
			if pic.FactsOnly {
				return ccUnmade(out, tw, th)
			}
			return ccSendResized(out, sized, "image/png")
		}
	}
	turn := o
	if pic.FactsOnly {
		turn = 1 // no pixels are kept, and turning them cannot fail
	}
	img, err := ccDecode(pic, mime, turn)
	if err != nil {
		if !resize && n <= ccTargetRaw {
			return out // the budget pass failed: rhi sends the file
		}
		return ccFallback(pic, mime, ccDecodeFailed)
	}
	if pic.FactsOnly {
		// Every way on from here sends an image (ccSent): only which one
		// needs the resizing and the encoders.
		if resize {
			w, h = ccInsideSize(w, h, bw, bh)
		}
		return ccUnmade(out, w, h)
	}
	if !resize {
		if mime == "image/png" && n > ccTargetRaw {
			// Re-encoded as PNG first; sent as that when it is within budget.
			if b := ccEncodeWithin(img, "image/png", 0); b != nil {
				return ccSent(out, b, "image/png", img)
			}
		}
		from := mime
		if mime != "image/png" && n > ccTargetRaw {
			from = "image/jpeg" // re-encoded as a JPEG first, at 80 down to 20
		}
		return ccSent(out, ccBudgetJPEG(img, from, nil), "image/jpeg", img)
	}
	return ccSendResized(out, ccInside(img, bw, bh), mime)
}

// ccSendResized encodes the resized image as the file's format (a GIF's as
// PNG) if that is within budget, else as the JPEG the budget allows.
func ccSendResized(out *reader.Converted, sized *image.NRGBA, mime string) *reader.Converted {
	format := "image/png" // GIFs are resized to PNG
	switch mime {
	case "image/jpeg", "image/webp":
		format = mime
	}
	if format == "image/webp" {
		// readlens has no WebP encoder: its bytes are unknown, and taken
		// to be within budget (a resized lossless WebP of a screenshot is).
		return ccSent(out, nil, format, sized)
	}
	// The JPEG the budget allows is made on the side while the PNG is
	// tried (a photograph's PNG fails only after a good part of the image),
	// and stopped between encodes when the PNG fits.
	var stop atomic.Bool
	fallback := make(chan []byte, 1)
	go func() { fallback <- ccBudgetJPEG(sized, format, &stop) }()
	if b := ccEncodeWithin(sized, format, 80); b != nil {
		stop.Store(true)
		return ccSent(out, b, format, sized)
	}
	return ccSent(out, <-fallback, "image/jpeg", sized)
}

// ccBox is Mhr: the size an image is fitted to, each side rounded as
// Math.round does (a 1×5000 image fits a 0×2000 box), then brought within
// the model's image token budget, if it has one.
func ccBox(w, h int, lim ccLimits) (int, int) {
	if w > ccMaxSide {
		h, w = jsRoundDiv(h*ccMaxSide, w), ccMaxSide
	}
	if h > ccMaxSide {
		w, h = jsRoundDiv(w*ccMaxSide, h), ccMaxSide
	}
	if lim.maxImageTokens > 0 {
		return ccFitTokens(w, h, lim.maxImageTokens)
	}
	return w, h
}

// jsRoundDiv is Math.round(a / b) for non-negative a and positive b.
func jsRoundDiv(a, b int) int { return (2*a + b) / (2 * b) }

// ccInside is resize(bw, bh, {fit: "inside"}): the side that binds is the
// box's, the other is the image's scaled by it and rounded; an empty box
// side leaves that side to the other's scale.
func ccInside(img image.Image, bw, bh int) *image.NRGBA {
	tw, th := ccInsideSize(img.Bounds().Dx(), img.Bounds().Dy(), bw, bh)
	return reader.Reduce(img, tw, th)
}

// ccInsideSize is the size a w×h image comes out at in a bw×bh box.
func ccInsideSize(w, h, bw, bh int) (int, int) {
	tw, th := bw, bh
	switch {
	case bw == 0:
		tw = max(1, jsRoundDiv(w*bh, h))
	case bh == 0 || w*bh > h*bw: // the width binds
		th = max(1, jsRoundDiv(h*bw, w))
	default:
		tw = max(1, jsRoundDiv(w*bh, h))
	}
	return tw, th
}

// ccDecode decodes the file as Bun.Image does: a GIF's first frame, a
// JPEG upright. A CMYK JPEG, which Go decodes, Bun.Image does not.
func ccDecode(pic *reader.Picture, mime string, orientation int) (image.Image, error) {
	img, _, err := pic.Decode(mime)
	if err != nil {
		return nil, err
	}
	if _, cmyk := img.(*image.CMYK); cmyk {
		return nil, fmt.Errorf("claude: a CMYK JPEG")
	}
	if orientation != 1 {
		n := image.NewNRGBA(img.Bounds().Sub(img.Bounds().Min))
		draw.Draw(n, n.Rect, img, img.Bounds().Min, draw.Src)
		return reader.Orient(n, orientation), nil
	}
	return img, nil
}

// ccEncode encodes with Go's encoders, standing in for Bun.Image's.
func ccEncode(img image.Image, mime string, quality int) []byte {
	if mime == "image/jpeg" {
		img = premultiplied(img)
	}
	var b bytes.Buffer
	if mime == "image/png" {
		_ = png.Encode(&b, img)
	} else {
		_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: quality})
	}
	return b.Bytes()
}

// ccEncodeWithin is ccEncode when the result is within the byte budget,
// nil when it is not: the encoder is stopped as soon as its output passes
// the budget, which for a photograph's PNG is a tenth of the way in.
func ccEncodeWithin(img image.Image, mime string, quality int) []byte {
	w := &budgetWriter{max: ccByteBudget}
	if mime == "image/png" {
		if png.Encode(w, img) != nil {
			return nil
		}
	} else if jpeg.Encode(w, premultiplied(img), &jpeg.Options{Quality: quality}) != nil {
		return nil
	}
	return w.b.Bytes()
}

// premultiplied is an *image.NRGBA as the *image.RGBA its colours
// (NRGBA.RGBA) make, which image/jpeg encodes several times faster (it
// reads any other type a pixel at a time) into the same bytes; other
// images as they are.
func premultiplied(img image.Image) image.Image {
	m, ok := img.(*image.NRGBA)
	if !ok {
		return img
	}
	out := image.NewRGBA(m.Rect)
	for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
		src := m.Pix[m.PixOffset(m.Rect.Min.X, y):][:4*m.Rect.Dx()]
		dst := out.Pix[out.PixOffset(m.Rect.Min.X, y):]
		for i := 0; i < len(src); i += 4 {
			if a := uint32(src[i+3]); a == 0xff {
				copy(dst[i:i+4], src[i:i+4])
			} else {
				for c := range 3 {
					dst[i+c] = uint8(uint32(src[i+c]) * 0x101 * a / 0xff >> 8)
				}
				dst[i+3] = uint8(a)
			}
		}
	}
	return out
}

// budgetWriter fails the write that would take it past max bytes.
type budgetWriter struct {
	b   bytes.Buffer
	max int
}

var errOverBudget = fmt.Errorf("claude: over the byte budget")

func (w *budgetWriter) Write(p []byte) (int, error) {
	if w.b.Len()+len(p) > w.max {
		return 0, errOverBudget
	}
	return w.b.Write(p)
}

// ccBudgetJPEG is JTi: a JPEG at quality 90 if that fits the budget (a
// JPEG is not tried there again), else a binary search of five steps for
// the best quality that fits, else the smallest tried. A stop set midway
// (the answer is not wanted) ends it after the encode under way.
func ccBudgetJPEG(img image.Image, from string, stop *atomic.Bool) []byte {
	img = premultiplied(img)
	hi := 90
	var smallest []byte
	if from != "image/jpeg" {
		b := ccEncode(img, "image/jpeg", 90)
		if len(b) <= ccByteBudget {
			return b
		}
		smallest, hi = b, 89
	}
	lo := 1
	var fits []byte
	for range 5 {
		if stop != nil && stop.Load() {
			return nil
		}
		q := (lo + hi) / 2
		b := ccEncode(img, "image/jpeg", q)
		if smallest == nil || len(b) < len(smallest) {
			smallest = b
		}
		if len(b) <= ccByteBudget {
			fits, lo = b, q+1
		} else {
			hi = q - 1
		}
		if lo > hi {
			break
		}
	}
	if fits != nil {
		return fits
	}
	return smallest
}

// ccSent records the image sent: readlens's bytes (nil: unknown), the
// tool's mime type and dimensions.
func ccSent(out *reader.Converted, data []byte, mime string, img image.Image) *reader.Converted {
	a := &reader.Attachment{Mime: mime, Width: img.Bounds().Dx(), Height: img.Bounds().Dy(), Reencoded: true, Size: int64(len(data))}
	if data != nil {
		sum := sha256.Sum256(data)
		a.SHA256 = hex.EncodeToString(sum[:])
	}
	out.Sent, out.Pixels = a, img
	return out
}

// ccUnmade is ccSent for a caller that keeps only whether an image is
// sent (reader.Picture.FactsOnly): a w×h image, not made.
func ccUnmade(out *reader.Converted, w, h int) *reader.Converted {
	out.Sent = &reader.Attachment{Width: w, Height: h, Reencoded: true, Unmade: true}
	return out
}

// ccFallback is pUt's catch: Bun.Image failed. The file is sent as it is
// when its header gives its size, within 2000 px, and its base64 is within
// the API's 5 MB; else the tool says why not.
func ccFallback(pic *reader.Picture, mime string, why ccImageFailure) *reader.Converted {
	n := int64(len(pic.Data))
	b64 := (n*4 + 2) / 3 // Math.ceil(n * 4 / 3)
	w, h, ok := ccHeaderSize(pic.Data)
	if !ok {
		return &reader.Converted{Refusal: "Unable to resize image — image processing is unavailable and dimensions could not be read from the file header. Please convert the image to PNG, JPEG, GIF, or WebP."}
	}
	over := w > ccMaxSide || h > ccMaxSide
	if b64 <= ccMaxBase64 && !over {
		return &reader.Converted{Width: w, Height: h}
	}
	if why == ccDecodeFailed {
		reason, advice := "its pixels could not be decoded (the file may be damaged, or use an encoding Claude Code cannot read)", "Re-save it as a PNG or JPEG and try again."
		switch {
		case mime == "image/jpeg" && jpegComponents(pic.Data) == 4:
			reason, advice = "it is a CMYK JPEG, which Claude Code cannot decode", "Re-save it as an RGB PNG or JPEG and try again."
		case mime == "image/webp" && webpAnimated(pic.Data):
			reason, advice = "it is an animated WebP whose first frame Claude Code cannot decode", "Save its first frame as a PNG or JPEG and try again."
		}
		what := fmt.Sprintf("it is over the %s API limit (%s raw, %s base64)", ccSize(ccMaxBase64), ccSize(n), ccSize(b64))
		if over {
			what = fmt.Sprintf("at %dx%dpx it is over the %dx%dpx limit", w, h, ccMaxSide, ccMaxSide)
		}
		return &reader.Converted{Refusal: fmt.Sprintf("Unable to resize image — %s, and %s, so it cannot be sent. %s", reason, what, advice)}
	}
	if over {
		return &reader.Converted{Refusal: fmt.Sprintf("Unable to resize image — dimensions exceed the %dx%dpx limit and image processing failed. Please resize the image to reduce its pixel dimensions.", ccMaxSide, ccMaxSide)}
	}
	return &reader.Converted{Refusal: fmt.Sprintf("Unable to resize image (%s raw, %s base64). The image exceeds the %s API limit and compression failed. Please resize the image manually or use a smaller image.", ccSize(n), ccSize(b64), ccSize(ccMaxBase64))}
}

// jpegComponents is the colour components of a JPEG's first frame header
// (Efs), 0 when there is none.
func jpegComponents(b []byte) int {
	if e := ccJPEGFrame(b); e >= 0 {
		return int(b[e+9])
	}
	return 0
}

// webpAnimated reports a VP8X header with its animation flag (INn).
func webpAnimated(b []byte) bool {
	return len(b) >= 21 && string(b[12:16]) == "VP8X" && b[20]&0x02 != 0
}

// ccDimensionNote is Fne: the message the tool adds after a resized
// image, comparing the original with the box it was fitted to (not the
// size it came out at); none when a box side is 0.
func ccDimensionNote(c *reader.Converted, lim ccLimits) string {
	if c == nil || c.Sent == nil {
		return ""
	}
	bw, bh := ccBox(c.Width, c.Height, lim)
	if bw <= 0 || bh <= 0 || (bw == c.Width && bh == c.Height) {
		return ""
	}
	return fmt.Sprintf("[Image: original %dx%d, displayed at %dx%d. Multiply coordinates by %s to map to original image.]",
		c.Width, c.Height, bw, bh, node.ToFixed(float64(c.Width)/float64(bw), 2))
}
