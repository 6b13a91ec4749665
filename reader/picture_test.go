package reader

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"testing"
)

func pngChunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// TestPictureDecodeBomb checks that a header declaring more pixels than
// MaxDecodePixels is refused before any pixel is allocated, and that an
// ordinary image decodes.
func TestPictureDecodeBomb(t *testing.T) {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, 100000)
	binary.BigEndian.PutUint32(ihdr[4:], 100000)
	ihdr[8], ihdr[9] = 8, 2
	bomb := append([]byte("\x89PNG\r\n\x1a\n"), pngChunk("IHDR", ihdr)...)
	bomb = append(bomb, pngChunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	bomb = append(bomb, pngChunk("IEND", nil)...)
	allocs := testing.AllocsPerRun(1, func() {
		_, cfg, err := (&Picture{Mime: "image/png", Data: bomb}).Decode("image/png")
		if !errors.Is(err, ErrTooManyPixels) || cfg.Width != 100000 {
			t.Errorf("decode: %v, %+v", err, cfg)
		}
	})
	if allocs > 50 {
		t.Errorf("%v allocations for a refused header", allocs)
	}
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 3, 2)))
	img, _, err := (&Picture{Data: b.Bytes()}).Decode("image/png")
	if err != nil || img.Bounds().Dx() != 3 {
		t.Errorf("a small PNG: %v", err)
	}
}
