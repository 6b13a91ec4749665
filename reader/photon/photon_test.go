package photon

import (
	"bytes"
	"compress/zlib"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"testing"
)

func gradient(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x + y) % 7 * 30), uint8(255 - x%3)})
		}
	}
	return m
}

// TestEncoders checks that what the ports write is valid: Go's decoders
// read back the same size, the PNG the same pixels.
func TestEncoders(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {7, 3}, {9, 17}, {64, 40}, {301, 5}} {
		m := gradient(size[0], size[1])
		var b bytes.Buffer
		if err := EncodePNG(&b, m); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%v: PNG: %v", size, err)
		}
		n, ok := got.(*image.NRGBA)
		if !ok || !bytes.Equal(n.Pix, m.Pix) {
			t.Errorf("%v: the PNG does not hold the pixels", size)
		}
		for _, q := range []int{1, 40, 80, 100} {
			b.Reset()
			if err := EncodeJPEG(&b, m, q); err != nil {
				t.Fatal(err)
			}
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(b.Bytes()))
			if err != nil || cfg.Width != size[0] || cfg.Height != size[1] {
				t.Errorf("%v q%d: JPEG config %+v, %v", size, q, cfg, err)
			}
			if _, err := jpeg.Decode(&b); err != nil {
				t.Errorf("%v q%d: JPEG: %v", size, q, err)
			}
		}
	}
}

// TestFdeflate checks the stream on what it treats specially: runs of
// zeros across chunk boundaries and longer than 258, and no zeros at all.
func TestFdeflate(t *testing.T) {
	for _, data := range [][]byte{
		{}, {0}, {1}, make([]byte, 7), make([]byte, 8), make([]byte, 1000),
		append(append([]byte{5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3}, make([]byte, 600)...), 9, 9, 0, 0),
		bytes.Repeat([]byte{1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 250}, 300),
	} {
		var z bytes.Buffer
		c := newFdeflate(&z)
		c.write(data)
		c.write(data)
		c.finish()
		r, err := zlib.NewReader(&z)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, append(append([]byte(nil), data...), data...)) {
			t.Errorf("%d bytes: round trip failed: %v", len(data), err)
		}
	}
}

// TestStoredPNG checks the fallback for rows fdeflate cannot shrink.
func TestStoredPNG(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 300, 300))
	s := uint32(1)
	for i := range m.Pix {
		s = s*1664525 + 1013904223
		m.Pix[i] = byte(s >> 24)
	}
	var b bytes.Buffer
	if err := EncodePNG(&b, m); err != nil {
		t.Fatal(err)
	}
	if want := 8 + 25 + 12 + storedSize(300*1201) + 12; b.Len() != want {
		t.Errorf("%d bytes, want the stored size %d", b.Len(), want)
	}
	got, err := png.Decode(&b)
	if err != nil || !bytes.Equal(got.(*image.NRGBA).Pix, m.Pix) {
		t.Errorf("stored PNG does not round trip: %v", err)
	}
}

// TestResize checks the sizes and the copy of an unchanged size.
func TestResize(t *testing.T) {
	src := gradient(50, 20)
	m := FromDecoded(src, 50, 20)
	same := Resize(m, 50, 20)
	if !bytes.Equal(same.Pix, src.Pix) || &same.Pix[0] == &src.Pix[0] {
		t.Error("the same size is not a copy")
	}
	for _, wh := range [][2]int{{25, 10}, {100, 7}, {1, 1}, {50, 3}} {
		out := Resize(m, wh[0], wh[1])
		if out.Rect.Dx() != wh[0] || out.Rect.Dy() != wh[1] {
			t.Errorf("Resize to %v gave %v", wh, out.Rect)
		}
	}
	// A flat image stays flat: the weights are normalised.
	flat := image.NewNRGBA(image.Rect(0, 0, 40, 40))
	for i := range flat.Pix {
		flat.Pix[i] = 77
	}
	for _, v := range Resize(FromDecoded(flat, 40, 40), 13, 29).Pix {
		if v != 77 {
			t.Fatalf("a flat image resized to %d", v)
		}
	}
}

// TestDecodedBytes checks the sizes image-rs reserves, from the PNG header.
func TestDecodedBytes(t *testing.T) {
	hdr := func(depth, ct byte, trns bool) []byte {
		b := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x0a\x00\x00\x00\x0a")
		b = append(b, depth, ct, 0, 0, 0, 0, 0, 0, 0)
		if trns {
			b = append(b, 0, 0, 0, 2, 't', 'R', 'N', 'S', 0, 0, 0, 0, 0, 0)
		}
		return append(b, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	}
	cfg := image.Config{Width: 10, Height: 10}
	for _, c := range []struct {
		depth, ct byte
		trns      bool
		want      int64
	}{
		{1, 0, false, 100}, {8, 0, true, 200}, {16, 0, false, 200}, {8, 2, false, 300}, {8, 2, true, 400},
		{16, 2, false, 600}, {4, 3, false, 300}, {8, 3, true, 400}, {8, 4, false, 200}, {16, 4, false, 400},
		{8, 6, false, 400}, {16, 6, false, 800},
	} {
		if got := DecodedBytes(hdr(c.depth, c.ct, c.trns), "image/png", cfg); got != c.want {
			t.Errorf("depth %d type %d tRNS %v: %d bytes, want %d", c.depth, c.ct, c.trns, got, c.want)
		}
	}
	if got := DecodedBytes(nil, "image/gif", cfg); got != 400 {
		t.Errorf("GIF: %d", got)
	}
	if got := DecodedBytes(nil, "image/jpeg", image.Config{Width: 10, Height: 10, ColorModel: color.GrayModel}); got != 100 {
		t.Errorf("grey JPEG: %d", got)
	}
}

func TestGuess(t *testing.T) {
	for in, want := range map[string]string{
		"\x89PNG\r\n\x1a\nrest": "image/png", "\xff\xd8\xff\xe0": "image/jpeg", "GIF87a": "image/gif", "GIF89a..": "image/gif",
		"GIF8": "", "RIFFxxxxWEBP": "image/webp", "\xef\xbb\xbf\x89PNG\r\n\x1a\n": "", "BM": "",
	} {
		if got := Guess([]byte(in)); got != want {
			t.Errorf("Guess(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSixteenBits checks 16-bit images as image-rs makes them 8-bit
// (to_rgba8): each channel rounded, (v+128)/257, as opencode's session
// sent them (0x00ff is 1, 0x0080 is 0, 0x0081 is 1), where Go's colour
// models keep the high byte; alpha stays straight.
func TestSixteenBits(t *testing.T) {
	vals := []uint16{0x00ff, 0x0180, 0x7f7f, 0x8000, 0xff7f, 0x0080, 0x0081, 0xffff}
	want := []byte{1, 1, 127, 128, 255, 0, 1, 255}
	n := image.NewNRGBA64(image.Rect(0, 0, 2, 1))
	r := image.NewRGBA64(image.Rect(0, 0, 2, 1))
	g := image.NewGray16(image.Rect(0, 0, 8, 1))
	for i, v := range vals {
		n.Pix[2*i], n.Pix[2*i+1] = byte(v>>8), byte(v)
		g.Pix[2*i], g.Pix[2*i+1] = byte(v>>8), byte(v)
	}
	for x := 0; x < 2; x++ {
		r.SetRGBA64(x, 0, color.RGBA64{vals[4*x], vals[4*x+1], vals[4*x+2], 0xffff})
	}
	row := make([]byte, 4*8)
	FromDecoded(n, 2, 1).Row(0, row)
	if !bytes.Equal(row[:8], want) {
		t.Errorf("NRGBA64: %v, want %v", row[:8], want)
	}
	FromDecoded(r, 2, 1).Row(0, row)
	if opaque := []byte{1, 1, 127, 255, 255, 0, 1, 255}; !bytes.Equal(row[:8], opaque) {
		t.Errorf("RGBA64: %v, want %v", row[:8], opaque)
	}
	FromDecoded(g, 8, 1).Row(0, row)
	for i, w := range want {
		if row[4*i] != w || row[4*i+3] != 0xff {
			t.Errorf("Gray16 %#04x: %v, want %d", vals[i], row[4*i:4*i+4], w)
		}
	}
}
