package reader

import (
	"bytes"
	"errors"
	"image"
)

// Picture is an image file as a tool's own image code receives it
// (Plan.Image): the whole file, the type detection gave it, and the size
// its header declares.
type Picture struct {
	Mime string
	Data []byte
	// Width and Height are what the header declares, 0 when it does not
	// parse as Mime.
	Width, Height int
	// FactsOnly says the caller keeps only whether the tool sends an image
	// and why not (Request.FactsOnly: readlens audit): a tool's code may
	// answer Converted.Sent unmade (Attachment.Unmade) once it knows an
	// image is sent, where making it would resize and encode the file.
	FactsOnly bool
}

// MaxDecodePixels bounds what Picture.Decode decodes: a header declaring
// more pixels than this (a decompression bomb, a PNG of 100000×100000 in a
// few bytes) is refused from the header alone, before any pixel is
// allocated. Agents' decoders have limits of their own, below this one.
const MaxDecodePixels = 1 << 29

// ErrTooManyPixels is Picture.Decode's answer to a header over
// MaxDecodePixels.
var ErrTooManyPixels = errors.New("reader: the image declares more pixels than readlens decodes")

// ErrShortPNG is Picture.Decode's answer to a PNG whose pixels cannot
// all be in it (pngShort): the decoder would fail, once it had allocated
// them all.
var ErrShortPNG = errors.New("reader: the PNG is too short to hold the pixels its header declares")

// maxInflate is the most bytes deflate makes of one: a 258-byte match in
// two bits of a dynamic block.
const maxInflate = 1032

// pngShort says data, a PNG whose header is cfg, is too short to inflate
// to the pixels it declares, whatever its chunks hold: Go's decoder
// allocates the image before it reads a row, so a 65-byte file that
// declares 12000×12000 would cost 549 MiB only to fail.
func pngShort(data []byte, cfg image.Config) bool {
	if len(data) < 26 {
		return false // DecodeConfig read a header: the decoder decides
	}
	var channels int64 // by IHDR's colour type: grey, RGB, palette, grey and alpha, RGBA
	switch data[25] {
	case 0, 3:
		channels = 1
	case 4:
		channels = 2
	case 2:
		channels = 3
	case 6:
		channels = 4
	}
	bits := int64(cfg.Width) * int64(cfg.Height) * channels * int64(data[24])
	return int64(len(data))*maxInflate < bits/8
}

// Config reads the file's header as mime (PNG, JPEG, GIF, WebP or BMP);
// nothing past it is decoded.
func (p *Picture) Config(mime string) (image.Config, error) {
	dec, ok := decoders[mime]
	if !ok {
		return image.Config{}, errors.ErrUnsupported
	}
	return dec.config(bytes.NewReader(p.Data))
}

// Decode decodes the file as mime (a GIF's first frame): the header first,
// then the pixels, only if there are at most MaxDecodePixels of them. cfg
// is the header's (a GIF's logical screen, which the frame need not fill).
func (p *Picture) Decode(mime string) (img image.Image, cfg image.Config, err error) {
	if cfg, err = p.Config(mime); err != nil {
		return nil, cfg, err
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxDecodePixels {
		return nil, cfg, ErrTooManyPixels
	}
	if mime == "image/png" && pngShort(p.Data, cfg) {
		return nil, cfg, ErrShortPNG
	}
	img, err = decoders[mime].decode(bytes.NewReader(p.Data))
	return img, cfg, err
}

// Converted is what a tool made of an image before sending it (Plan.Image).
type Converted struct {
	// Sent is the image the model receives instead of the file, as
	// readlens encodes it (Sent.Reencoded); nil when the tool sends the
	// file as it is.
	Sent *Attachment
	// Omitted says the tool sends no image at all: it could not decode the
	// file, or not make it small enough.
	Omitted bool
	// Width and Height are the image's size as the tool measured it, which
	// can differ from the header's (pi turns it by its EXIF orientation).
	Width, Height int
	// Refusal, when set, is the tool's error: it sends no image and says
	// this instead (Claude Code's "Unable to resize image — …").
	Refusal string
	// Pixels are the image sent, as the tool decoded (and resized) it,
	// when it did: the engine makes Attachment.Pixels from them instead of
	// decoding the file again.
	Pixels image.Image
	// Hang, when set, says why the tool's image code never returns on this
	// file: there is no answer, only readlens's note (WouldHang).
	Hang string
}
