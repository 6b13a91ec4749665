package photon

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/draw"

	"golang.org/x/image/vp8"
	"golang.org/x/image/vp8l"
)

// A WebP as Photon decodes it: image 0.24.9's own WebP decoder
// (codecs/webp/decoder.rs and extended.rs), whose rules are not Go's. The
// RIFF size is not read; the first chunk is VP8, VP8L or VP8X, and after a
// VP8 or VP8L nothing more is read. A VP8X's chunks are read to the end of
// the file: EXIF, XMP and ICCP are skipped, an unknown chunk is an error
// only when a known one follows it, the first ANIM and ANMF are read (the
// first frame decoded, it must lie in the canvas), and the first VP8, VP8L
// or ALPH+VP8 is the still image. An animation (ANIM and an ANMF) is its
// first frame; the image is the canvas's size, whatever its frame's. The
// frame's bitstreams are decoded by Go's vp8 and vp8l packages.

var errWebP = errors.New("photon: image 0.24.9 does not decode this WebP")

// webpFrame is a decoded bitstream: its pixels and whether it has alpha
// (VP8L and ALPH+VP8 have, a bare VP8 has not: RGB8).
type webpFrame struct {
	img      image.Image
	w, h     int
	alpha    bool
	lossless bool // VP8L: fill_rgba fills what it covers
}

// raw is the frame as image-rs fills a buffer with it: RGB or RGBA bytes.
func (f *webpFrame) raw() []byte {
	m := image.NewRGBA(image.Rect(0, 0, f.w, f.h))
	if nm, ok := f.img.(*image.NRGBA); ok {
		copy(m.Pix, nm.Pix) // unpremultiplied bytes, as image-rs keeps them
	} else {
		draw.Draw(m, m.Rect, f.img, f.img.Bounds().Min, draw.Src)
	}
	if f.alpha {
		return m.Pix
	}
	out := make([]byte, 0, f.w*f.h*3)
	for i := 0; i < len(m.Pix); i += 4 {
		out = append(out, m.Pix[i:i+3]...)
	}
	return out
}

// webpReader is the byte stream the decoder reads the chunks from.
type webpReader struct{ b []byte }

// chunk is read_chunk: nil, nil at the end of the stream (fewer than four
// bytes); the length must be there; the data is what remains of it, the
// padding byte of an odd length dropped (or its last byte, when cut off).
func (r *webpReader) chunk() (*webpChunk, error) {
	if len(r.b) < 4 {
		r.b = nil
		return nil, nil
	}
	id := string(r.b[:4])
	r.b = r.b[4:]
	if len(r.b) < 4 {
		return nil, errWebP
	}
	n := uint64(binary.LittleEndian.Uint32(r.b))
	r.b = r.b[4:]
	take := min(n+n%2, uint64(len(r.b)))
	data := r.b[:take]
	r.b = r.b[take:]
	if n%2 == 1 && len(data) > 0 {
		data = data[:len(data)-1]
	}
	return &webpChunk{id: id, data: data, known: webpKnown[id]}, nil
}

type webpChunk struct {
	id    string
	data  []byte
	known bool
}

var webpKnown = map[string]bool{"RIFF": true, "WEBP": true, "VP8 ": true, "VP8L": true, "VP8X": true,
	"ANIM": true, "ANMF": true, "ALPH": true, "ICCP": true, "EXIF": true, "XMP ": true}

func u24(b []byte) int { return int(b[0]) | int(b[1])<<8 | int(b[2])<<16 }

// DecodeWebP decodes data as Photon does; an error where it throws (or
// panics) and pi omits the image.
func DecodeWebP(data []byte) (image.Image, error) {
	if len(data) < 12 || string(data[:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return nil, errWebP
	}
	r := &webpReader{data[12:]}
	c, err := r.chunk()
	if err != nil || c == nil || !c.known {
		return nil, errWebP
	}
	var f *webpFrame
	switch c.id {
	case "VP8 ":
		f, err = webpLossy(c.data)
	case "VP8L":
		f, err = webpLossless(c.data)
	case "VP8X":
		return webpExtended(r, c.data)
	default:
		return nil, errWebP
	}
	if err != nil {
		return nil, err
	}
	if int64(f.w)*int64(f.h)*webpBpp(f) > MaxAlloc {
		return nil, errWebP
	}
	return f.img, nil
}

func webpBpp(f *webpFrame) int64 {
	if f.alpha {
		return 4
	}
	return 3
}

// webpLossy decodes a VP8 bitstream. image-rs's decoder reads zero bits
// past the end of the last partition where Go's fails; when Go fails on a
// stream whose first partition is whole, it is decoded again with zero
// bytes after it (as if it had one partition, the common case: a file cut
// inside an earlier one of several fails in image-rs, and not here).
func webpLossy(b []byte) (*webpFrame, error) {
	f, err := webpVP8(b)
	if err == nil || len(b) < 10 {
		return f, err
	}
	fps := int(uint32(b[0])|uint32(b[1])<<8|uint32(b[2])<<16) >> 5
	w, h := int(binary.LittleEndian.Uint16(b[6:])&0x3fff), int(binary.LittleEndian.Uint16(b[8:])&0x3fff)
	if b[0]&1 != 0 || len(b) < 10+fps+2 {
		return f, err
	}
	pad := ((w+15)/16)*((h+15)/16)*512 + 1024
	if f2, err2 := webpVP8(append(append([]byte(nil), b...), make([]byte, pad)...)); err2 == nil {
		return f2, nil
	}
	return f, err
}

func webpVP8(b []byte) (*webpFrame, error) {
	d := vp8.NewDecoder()
	d.Init(bytes.NewReader(b), len(b))
	fh, err := d.DecodeFrameHeader()
	if err != nil {
		return nil, err
	}
	m, err := d.DecodeFrame()
	if err != nil {
		return nil, err
	}
	return &webpFrame{img: m, w: fh.Width, h: fh.Height}, nil
}

func webpLossless(b []byte) (*webpFrame, error) {
	m, err := vp8l.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return &webpFrame{img: m, w: m.Bounds().Dx(), h: m.Bounds().Dy(), alpha: true, lossless: true}, nil
}

// webpAlphaLossy is read_alpha_chunk and from_alpha_lossy: the ALPH data
// (w×h of the canvas or frame when compressed) must be exactly the VP8
// frame's pixel count; its filter is undone with image-rs's predictors.
func webpAlphaLossy(alph []byte, w, h int, vp8data *webpChunk) (*webpFrame, error) {
	if len(alph) < 1 {
		return nil, errWebP
	}
	info := alph[0]
	if info&0xc0 != 0 || (info>>4)&3 > 1 || info&3 > 1 {
		return nil, errWebP
	}
	filter := (info >> 2) & 3
	a := alph[1:]
	if info&3 == 1 {
		if w > 0x4000 || h > 0x4000 {
			return nil, errWebP
		}
		wm, hm := uint32(w-1), uint32(h-1)
		hdr := []byte{0x2f, uint8(wm), uint8(wm>>8) | uint8(hm<<6), uint8(hm >> 2), uint8(hm >> 10)}
		m, err := vp8l.Decode(bytes.NewReader(append(hdr, a...)))
		if err != nil {
			return nil, err
		}
		pix := m.(*image.NRGBA).Pix
		a = make([]byte, w*h)
		for i := range a {
			a[i] = pix[4*i+1]
		}
	}
	if vp8data == nil || vp8data.id != "VP8 " {
		return nil, errWebP
	}
	f, err := webpLossy(vp8data.data)
	if err != nil {
		return nil, err
	}
	fw, fh := f.w, f.h
	if len(a) != fw*fh {
		return nil, errWebP
	}
	px := f.raw() // RGB
	rgba := make([]byte, fw*fh*4)
	for i := 0; i < fw*fh; i++ {
		copy(rgba[4*i:], px[3*i:3*i+3])
	}
	at := func(x, y int) int { return int(rgba[(y*fw+x)*4+3]) }
	for y := 0; y < fh; y++ {
		for x := 0; x < fw; x++ {
			var p int
			switch {
			case filter == 0, x == 0 && y == 0:
			case filter == 1 && x == 0, filter == 2 && y != 0:
				p = at(x, y-1)
			case filter == 1, filter == 2:
				p = at(x-1, y)
			case x == 0:
				p = at(x, y-1)
			case y == 0:
				p = at(x-1, y)
			default:
				p = min(max(at(x-1, y)+at(x, y-1)-at(x-1, y-1), 0), 255)
			}
			rgba[(y*fw+x)*4+3] = byte((p + int(a[y*fw+x])) % 256)
		}
	}
	m := &image.NRGBA{Pix: rgba, Stride: 4 * fw, Rect: image.Rect(0, 0, fw, fh)}
	return &webpFrame{img: m, w: fw, h: fh, alpha: true}, nil
}

// webpImage is read_image: the bitstream of an ANMF frame.
func webpImage(r *webpReader, w, h int) (*webpFrame, error) {
	c, err := r.chunk()
	if err != nil || c == nil || !c.known {
		return nil, errWebP
	}
	switch c.id {
	case "VP8 ":
		return webpLossy(c.data)
	case "VP8L":
		return webpLossless(c.data)
	case "ALPH":
		next, err := r.chunk()
		if err != nil || next == nil || !next.known {
			return nil, errWebP
		}
		return webpAlphaLossy(c.data, w, h, next)
	}
	return nil, errWebP
}

type webpAnimFrame struct {
	x, y, w, h     int
	blend, dispose bool
	f              *webpFrame
}

func webpExtended(r *webpReader, hdr []byte) (image.Image, error) {
	if len(hdr) < 10 || hdr[0]&0xc1 != 0 || u24(hdr[1:]) != 0 {
		return nil, errWebP
	}
	alphaFlag := hdr[0]&0x10 != 0
	cw, ch := u24(hdr[4:])+1, u24(hdr[7:])+1
	if uint64(cw)*uint64(ch) > 1<<32-1 {
		return nil, errWebP
	}
	var bg [4]byte
	var still *webpFrame
	var first *webpAnimFrame
	haveAnim := false
	unknown := false
	for {
		c, err := r.chunk()
		if err != nil {
			return nil, err
		}
		if c == nil {
			break
		}
		if !c.known {
			unknown = true
			continue
		}
		if unknown {
			return nil, errWebP
		}
		switch c.id {
		case "EXIF", "XMP ", "ICCP":
		case "ANIM":
			if !haveAnim {
				if len(c.data) < 6 {
					return nil, errWebP
				}
				bg = [4]byte{c.data[2], c.data[1], c.data[0], c.data[3]}
				haveAnim = true
			}
		case "ANMF":
			if first == nil {
				d := c.data
				if len(d) < 16 {
					return nil, errWebP
				}
				fr := &webpAnimFrame{x: u24(d) * 2, y: u24(d[3:]) * 2, w: u24(d[6:]) + 1, h: u24(d[9:]) + 1}
				if fr.x+fr.w > cw || fr.y+fr.h > ch || d[15]&0xfc != 0 {
					return nil, errWebP
				}
				fr.blend, fr.dispose = d[15]&2 == 0, d[15]&1 != 0
				fr.f, err = webpImage(&webpReader{d[16:]}, fr.w, fr.h)
				if err != nil {
					return nil, err
				}
				first = fr
			}
		case "ALPH":
			if still == nil {
				next, err := r.chunk()
				if err != nil || next == nil || !next.known {
					return nil, errWebP
				}
				if still, err = webpAlphaLossy(c.data, cw, ch, next); err != nil {
					return nil, err
				}
			}
		case "VP8 ":
			if still == nil {
				if still, err = webpLossy(c.data); err != nil {
					return nil, err
				}
			}
		case "VP8L":
			if still == nil {
				if still, err = webpLossless(c.data); err != nil {
					return nil, err
				}
			}
		default:
			return nil, errWebP
		}
	}
	var f *webpFrame
	switch {
	case haveAnim && first != nil:
		f = first.f
	case still != nil:
		f = still
	default:
		return nil, errWebP
	}
	bpp := webpBpp(f)
	if int64(cw)*int64(ch)*bpp > MaxAlloc {
		return nil, errWebP
	}
	buf := make([]byte, int64(cw)*int64(ch)*bpp)
	if haveAnim && first != nil && !(cw == first.w && ch == first.h) {
		// draw_subimage on a canvas of the background (transparent when
		// the VP8X says alpha), then the canvas's RGBA bytes are copied
		// into a buffer of the first frame's type: an RGB frame panics.
		if bpp != 4 {
			return nil, errWebP
		}
		if alphaFlag {
			bg = [4]byte{}
		}
		for i := 0; i < len(buf); i += 4 {
			copy(buf[i:], bg[:])
		}
		src := f.raw()
		pl := int(bpp)
	cols:
		for x := 0; x < first.w; x++ {
			for y := 0; y < first.h; y++ {
				cx, cy := x+first.x, y+first.y
				if cy >= ch {
					continue cols
				}
				if cx >= cw {
					break cols
				}
				i := (y*first.w + x) * pl
				if i+pl > len(src) {
					return nil, errWebP // image-rs indexes past the frame: a panic
				}
				d := buf[(cy*cw+cx)*4:]
				if first.blend && f.alpha {
					webpBlend(src[i:i+4], d)
				} else {
					copy(d[:3], src[i:i+3])
					d[3] = 255
					if f.alpha {
						d[3] = src[i+3]
					}
				}
			}
		}
		if first.dispose { // the canvas is copied after its disposal
			for y := first.y; y < first.y+first.h; y++ {
				for x := first.x; x < first.x+first.w; x++ {
					copy(buf[(y*cw+x)*4:], bg[:])
				}
			}
		}
	} else {
		// fill_buf: a lossy frame is copied whole (a panic unless it is
		// the buffer's size); a lossless one fills what it covers.
		src := f.raw()
		if !f.lossless && len(src) != len(buf) {
			return nil, errWebP
		}
		copy(buf, src)
	}
	if bpp == 4 {
		return &image.NRGBA{Pix: buf, Stride: 4 * cw, Rect: image.Rect(0, 0, cw, ch)}, nil
	}
	out := image.NewNRGBA(image.Rect(0, 0, cw, ch))
	for i, j := 0, 0; i < len(buf); i, j = i+3, j+4 {
		copy(out.Pix[j:], buf[i:i+3])
		out.Pix[j+3] = 255
	}
	return out, nil
}

// webpBlend is do_alpha_blending, into the canvas pixel d.
func webpBlend(s, d []byte) {
	ca, sa := float64(d[3]), float64(s[3])
	ba := sa + ca*(1-sa/255)
	a := uint8(ba)
	if a == 0 {
		d[0], d[1], d[2], d[3] = 0, 0, 0, 0
		return
	}
	for i := 0; i < 3; i++ {
		d[i] = uint8((float64(s[i])*sa + float64(d[i])*ca*(1-sa/255)) / ba)
	}
	d[3] = a
}
