package pi

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"image"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestExifOrientation checks where pi looks for the tag: a JPEG's first
// APP1 if it is Exif, a WebP's EXIF chunk, big- and little-endian TIFF.
func TestExifOrientation(t *testing.T) {
	tiffBE := func(o byte) []byte {
		return []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, o, 0, 0, 0, 0, 0, 0}
	}
	tiffLE := func(o byte) []byte {
		return []byte{'I', 'I', 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, o, 0, 0, 0, 0, 0, 0, 0}
	}
	seg := func(marker byte, body []byte) []byte {
		n := len(body) + 2
		return append([]byte{0xff, marker, byte(n >> 8), byte(n)}, body...)
	}
	cat := func(parts ...[]byte) (b []byte) {
		for _, p := range parts {
			b = append(b, p...)
		}
		return
	}
	soi := []byte{0xff, 0xd8}
	exif := func(t []byte) []byte { return append([]byte("Exif\x00\x00"), t...) }
	chunk := func(id string, body []byte) []byte {
		b := append([]byte(id), 0, 0, 0, 0)
		binary.LittleEndian.PutUint32(b[4:], uint32(len(body)))
		b = append(b, body...)
		if len(body)%2 == 1 {
			b = append(b, 0)
		}
		return b
	}
	riff := func(chunks ...[]byte) []byte { return cat([]byte("RIFF\x00\x00\x00\x00WEBP"), cat(chunks...)) }
	for _, c := range []struct {
		name string
		data []byte
		want int
	}{
		{"jpeg be 6", cat(soi, seg(0xe1, exif(tiffBE(6)))), 6},
		{"jpeg le 8", cat(soi, seg(0xe0, []byte("JFIF\x00")), seg(0xe1, exif(tiffLE(8)))), 8},
		{"jpeg 9 is out of range", cat(soi, seg(0xe1, exif(tiffBE(9)))), 1},
		{"jpeg xmp first", cat(soi, seg(0xe1, []byte("http://ns.adobe.com/xap/1.0/\x00")), seg(0xe1, exif(tiffBE(6)))), 1},
		{"jpeg after the scan", cat(soi, seg(0xda, []byte{1, 2}), []byte{0x12, 0x34}, seg(0xe1, exif(tiffBE(6)))), 1},
		{"jpeg fill bytes", cat(soi, []byte{0xff}, seg(0xe1, exif(tiffBE(3)))), 3},
		{"webp exif", riff(chunk("VP8 ", []byte{1, 2, 3}), chunk("EXIF", tiffBE(5))), 5},
		{"webp exif header", riff(chunk("EXIF", exif(tiffLE(7)))), 7},
		{"webp none", riff(chunk("VP8L", []byte{1})), 1},
		{"png", []byte("\x89PNG\r\n\x1a\n"), 1},
	} {
		if got, loops := exifOrientation(c.data); got != c.want || loops {
			t.Errorf("%s: orientation %d (loops %v), want %d", c.name, got, loops, c.want)
		}
	}
	// Chunk sizes of 2 GiB and more are negative to pi: its walk goes back.
	// -8 brings it back to the same chunk, forever; -16, -1 and -2^31 (after
	// 2^28 steps through the zeros before the buffer) lead it to a size
	// that ends it. The oracle agrees on each.
	junk := func(size uint32) []byte {
		return append([]byte("JUNK"), byte(size), byte(size>>8), byte(size>>16), byte(size>>24))
	}
	webp, _ := base64.StdEncoding.DecodeString("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==") // media/pic.webp
	for size, want := range map[uint32]bool{0xfffffff8: true, 0xfffffff0: false, 0xffffffff: false, 0x80000000: false} {
		if _, loops := exifOrientation(append(append([]byte(nil), webp...), junk(size)...)); loops != want {
			t.Errorf("a chunk of size %#x: loops %v", size, loops)
		}
	}
}

// TestOrient checks the turns against pi's index formulas on a 3×2 image.
func TestOrient(t *testing.T) {
	src := func() *image.NRGBA {
		m := image.NewNRGBA(image.Rect(0, 0, 3, 2))
		for i := 0; i < 6; i++ {
			m.Pix[4*i] = byte(i + 1) // 1 2 3 / 4 5 6
		}
		return m
	}
	row := func(m *image.NRGBA) (s string) {
		for i := 0; i < len(m.Pix); i += 4 {
			s += fmt.Sprint(m.Pix[i])
		}
		return fmt.Sprintf("%dx%d %s", m.Rect.Dx(), m.Rect.Dy(), s)
	}
	for o, want := range map[int]string{
		1: "3x2 123456", 2: "3x2 321654", 3: "3x2 654321", 4: "3x2 456123",
		5: "2x3 142536", 6: "2x3 415263", 7: "2x3 635241", 8: "2x3 362514",
	} {
		if got := row(reader.Orient(src(), o)); got != want {
			t.Errorf("orientation %d: %s, want %s", o, got, want)
		}
	}
}

// TestBombs reads the decompression bombs in the fixtures: pi leaves them
// out, and readlens decides so from their headers, allocating next to
// nothing.
func TestBombs(t *testing.T) {
	root := readertest.FixtureRoot(t)
	for _, name := range []string{"bomb.png", "bomb_rgba.png"} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile,
			Args: []byte(`{"path":"` + filepath.Join(root, "images", name) + `"}`), Cwd: root})
		if err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		if want := "Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]"; res.Output != want {
			t.Errorf("%s: %q", name, res.Output)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
			t.Errorf("%s: %d bytes allocated", name, n)
		}
	}
}
