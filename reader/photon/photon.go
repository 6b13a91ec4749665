// Package photon is what pi's image code runs on: Photon 0.3.4
// (@silvia-odwyer/photon-node on npm), the WebAssembly build of photon-rs,
// which decodes with image 0.24.9, resizes with its imageops, and encodes
// PNG with png 0.17.14 and fdeflate 0.3.6 and JPEG with image's own
// encoder (the versions are the ones its photon_rs_bg.wasm names). It
// knows nothing of readlens: images come in decoded by Go's decoders,
// except where those crates take a file Go refuses: DecodeGIF and
// DecodeWebP decode as gif 0.13 and image's WebP decoder do, LenientPNG
// and PadJPEG make a PNG or a JPEG Go reads as png 0.17.14 and
// jpeg-decoder read it.
//
// Resize, EncodePNG and EncodeJPEG follow those crates step by step, so the
// same pixels give the same bytes; decoders differ (Go's JPEG decoder
// rounds differently from jpeg-decoder's), so readlens's bytes from a JPEG
// source can differ slightly from Photon's.
package photon

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
)

// MaxAlloc is image 0.24.9's decoding limit (io::Limits::default, 512 MiB):
// load_from_memory refuses an image whose decoded buffer would be larger,
// from its header, before decoding it.
const MaxAlloc = 512 << 20

// Guess is image 0.24.9's guess_format for the four formats pi sends: the
// mime type of the decoder load_from_memory picks by the first bytes, or
// "" for none of them (a PNG behind a byte order mark, "GIF" alone).
func Guess(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}):
		return "image/jpeg"
	case bytes.HasPrefix(b, []byte("GIF89a")), bytes.HasPrefix(b, []byte("GIF87a")):
		return "image/gif"
	case bytes.HasPrefix(b, []byte("RIFF")):
		return "image/webp"
	}
	return ""
}

// DecodedBytes is the buffer image 0.24.9's decoder for mime would allocate
// (ImageDecoder::total_bytes, which load_from_memory checks against
// MaxAlloc): the dimensions cfg gives (a GIF's logical screen) times the
// bytes of a pixel in the decoder's output colour type. PNG is expanded
// to 8 bits at least, palettes to RGB, a tRNS chunk adds alpha, 16 bits
// stay 16; JPEG is grey or RGB (CMYK is converted); GIF is RGBA; WebP is
// RGB when lossy without alpha, RGBA otherwise.
func DecodedBytes(data []byte, mime string, cfg image.Config) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	switch mime {
	case "image/png":
		return px * int64(pngPixelBytes(data))
	case "image/jpeg":
		if cfg.ColorModel == color.GrayModel {
			return px
		}
		return px * 3
	case "image/gif":
		return px * 4
	case "image/webp":
		if cfg.ColorModel == color.YCbCrModel {
			return px * 3
		}
		return px * 4
	}
	return px * 4
}

// pngPixelBytes reads the IHDR's bit depth and colour type, and whether a
// tRNS chunk comes before the image data.
func pngPixelBytes(b []byte) int {
	if len(b) < 29 {
		return 4
	}
	depth, ctype := b[24], b[25]
	trns := false
	for pos := 8; pos+8 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[pos:]))
		typ := string(b[pos+4 : pos+8])
		if typ == "IDAT" || n < 0 || n > len(b) {
			break
		}
		if typ == "tRNS" {
			trns = true
			break
		}
		pos += 12 + n
	}
	sample := 1
	if depth == 16 {
		sample = 2
	}
	channels := 4
	switch ctype {
	case 0: // grey
		channels = 1
		if trns {
			channels = 2
		}
	case 2: // RGB
		channels = 3
		if trns {
			channels = 4
		}
	case 3: // palette, expanded to RGB, 8 bits
		sample, channels = 1, 3
		if trns {
			channels = 4
		}
	case 4: // grey and alpha
		channels = 2
	}
	return sample * channels
}
