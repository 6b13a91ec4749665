package reader

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"runtime"
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

// TestPictureDecodeShortPNG: a PNG that declares more pixels than its
// bytes can inflate to (12000×12000 RGBA in 65 bytes, a fixture) fails
// before its pixels are allocated, where Go's decoder would take 549 MiB
// and then fail; a solid 3000×3000 image, compressed as far as Go's
// encoder goes, still decodes.
func TestPictureDecodeShortPNG(t *testing.T) {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, 12000)
	binary.BigEndian.PutUint32(ihdr[4:], 12000)
	ihdr[8], ihdr[9] = 8, 6
	short := append([]byte("\x89PNG\r\n\x1a\n"), pngChunk("IHDR", ihdr)...)
	short = append(short, pngChunk("IEND", nil)...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, cfg, err := (&Picture{Data: short}).Decode("image/png")
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrShortPNG) || cfg.Width != 12000 {
		t.Errorf("decode: %v, %+v", err, cfg)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("%d bytes allocated to refuse it", n)
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	enc.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 3000, 3000)))
	t.Logf("3000×3000 RGBA in %d bytes: %.0f to 1", b.Len(), 36e6/float64(b.Len()))
	img, _, err := (&Picture{Data: b.Bytes()}).Decode("image/png")
	if err != nil || img.Bounds().Dx() != 3000 {
		t.Errorf("a solid PNG: %v", err)
	}
}
