package reader

import (
	"image"

	"golang.org/x/image/draw"
)

// ThumbnailSide bounds the pixels a UI is handed for an image (Attachment
// Pixels): a terminal draws a pixel a cell across and two a cell down, so
// more than this is never shown, and a card's picture costs at most a
// megabyte however large the image.
const ThumbnailSide = 512

// Thumbnail is img fitted into ThumbnailSide×ThumbnailSide, its proportions
// kept, filtered over every source pixel (Reduce) so a screenshot's thin
// lines stay visible; an image already within the box is copied as it is.
func Thumbnail(img image.Image) *image.NRGBA {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return image.NewNRGBA(image.Rect(0, 0, 0, 0))
	}
	tw, th := w, h
	if tw > ThumbnailSide || th > ThumbnailSide {
		if w >= h {
			tw, th = ThumbnailSide, max(1, (h*ThumbnailSide+w/2)/w)
		} else {
			tw, th = max(1, (w*ThumbnailSide+h/2)/h), ThumbnailSide
		}
	}
	if tw != w || th != h {
		return Reduce(img, tw, th)
	}
	dst := image.NewNRGBA(image.Rect(0, 0, tw, th))
	draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	return dst
}
