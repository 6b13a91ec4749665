package reader

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/bmp"
	"golang.org/x/image/webp"
)

// Media files: read whole as the agents read them, described by size,
// digest and dimensions, handed to a profile's image code, and kept as a
// thumbnail for a UI when the request asks.

// maxPicture bounds the image files read whole for Plan.Image.
const maxPicture = 1 << 30

// maxThumbnailSource bounds the images decoded only to be drawn
// (Request.Pictures, for a tool that sends the file as it is): 100 MP, 400
// MB decoded. A larger one gets its caption and no picture.
const maxThumbnailSource = 100 << 20

// attach reads a media file whole, as the agents do, keeping only what
// describes it: size, digest and dimensions. With Plan.Image it holds the
// file and hands it to the profile's image code.
func attach(mime string, sample []byte, file io.Reader, size int64, p *Plan) (*Attachment, *Converted, []byte, error) {
	h := sha256.New()
	c := &counter{r: io.TeeReader(io.MultiReader(bytes.NewReader(sample), file), h)}
	a := &Attachment{Mime: mime}
	var whole *bytes.Buffer // the file, for Plan.Image
	r := io.Reader(c)
	if (p.Image != nil || p.pictures || p.MediaData) && size <= maxPicture {
		whole = bytes.NewBuffer(make([]byte, 0, max(size, int64(len(sample)))))
		r = io.TeeReader(c, &limitedBuffer{b: whole, max: maxPicture})
	}
	if dec, ok := decoders[mime]; ok {
		if cfg, err := dec.config(r); err == nil {
			a.Width, a.Height = cfg.Width, cfg.Height
		}
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return nil, nil, nil, err
	}
	a.Size = c.n
	a.SHA256 = hex.EncodeToString(h.Sum(nil))
	var conv *Converted
	if whole == nil || int64(whole.Len()) != a.Size {
		return a, nil, nil, nil
	}
	pic := &Picture{Mime: mime, Data: whole.Bytes(), Width: a.Width, Height: a.Height, FactsOnly: p.factsOnly && !p.pictures}
	if p.Image != nil {
		conv = p.Image(pic)
	}
	if conv != nil && conv.Sent != nil {
		w, h := conv.Width, conv.Height
		if w == 0 {
			w, h = a.Width, a.Height
		}
		conv.Sent.Original = &Original{Width: w, Height: h, Size: a.Size}
		if ref, ok := p.References[a.SHA256]; ok && conv.Sent.Reencoded {
			conv.Sent.Reference = &ref
		}
	}
	if p.pictures {
		keepPixels(pic, a, conv)
	}
	var data []byte
	if p.MediaData {
		data = pic.Data
	}
	return a, conv, data, nil
}

// keepPixels gives the attachment the model receives its thumbnail
// (Request.Pictures): the tool's own pixels when it decoded the image,
// else the file decoded here; none when the tool sends no image or the
// file does not decode.
func keepPixels(pic *Picture, a *Attachment, conv *Converted) {
	sent := a
	switch {
	case conv != nil && (conv.Omitted || conv.Hang != ""):
		return
	case conv != nil && conv.Sent != nil:
		sent = conv.Sent
	}
	if conv != nil && conv.Pixels != nil {
		sent.Pixels = Thumbnail(conv.Pixels)
		return
	}
	if sent != a {
		return // a resize whose pixels the tool did not keep
	}
	if cfg, err := pic.Config(pic.Mime); err != nil || int64(cfg.Width)*int64(cfg.Height) > maxThumbnailSource {
		return // a picture is not worth decoding a gigabyte for
	}
	if img, _, err := pic.Decode(pic.Mime); err == nil {
		sent.Pixels = Thumbnail(img)
	}
}

// decoders are the image decoders by mime type: a file is decoded as what it
// was detected to be, never as whatever format happens to accept its bytes.
var decoders = map[string]struct {
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}{
	"image/png":  {png.DecodeConfig, png.Decode},
	"image/jpeg": {jpeg.DecodeConfig, jpeg.Decode},
	"image/gif":  {gif.DecodeConfig, gif.Decode},
	"image/webp": {webp.DecodeConfig, webp.Decode},
	"image/bmp":  {bmp.DecodeConfig, bmp.Decode},
	// Bun's name for a .bmp (opencode-legacy's attachments).
	"image/x-ms-bmp": {bmp.DecodeConfig, bmp.Decode},
}

// limitedBuffer keeps what is written to it up to max bytes, then nothing.
type limitedBuffer struct {
	b   *bytes.Buffer
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if l.b.Len()+len(p) <= l.max {
		l.b.Write(p)
	} else {
		l.b.Reset()
		l.max = -1
	}
	return len(p), nil
}

type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
