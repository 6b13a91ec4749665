package reader

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"testing"

	"golang.org/x/image/draw"
)

// testPixels is a deterministic w×h image of noise over gradients, with
// alpha when straight, so that png.Encode picks every filter.
func testPixels(w, h int, straight bool, seed uint32) image.Image {
	pix := make([]byte, 4*w*h)
	for y := range h {
		for x := range w {
			i := 4 * (y*w + x)
			seed = seed*1664525 + 1013904223
			n := byte(seed >> 28)
			pix[i], pix[i+1], pix[i+2], pix[i+3] = byte(x*3)+n, byte(y*5)^n, byte(x+y), 0xff
			if straight {
				pix[i+3] = byte(seed >> 20)
			}
		}
	}
	r := image.Rect(0, 0, w, h)
	if straight {
		return &image.NRGBA{Pix: pix, Stride: 4 * w, Rect: r}
	}
	return &image.RGBA{Pix: pix, Stride: 4 * w, Rect: r}
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// rowsOf collects PNGRows' rows into the image png.Decode would give.
func rowsOf(data []byte) (image.Image, error) {
	var img image.Image
	var pix []byte
	err := PNGRows(data, func(w, h int, straight bool) bool {
		r := image.Rect(0, 0, w, h)
		if straight {
			m := image.NewNRGBA(r)
			img, pix = m, m.Pix
		} else {
			m := image.NewRGBA(r)
			img, pix = m, m.Pix
		}
		return true
	}, func(y int, row []byte) { copy(pix[y*len(row):], row) })
	return img, err
}

// chunk is a PNG chunk with its CRC.
func chunk(typ string, data []byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	b = append(append(b, typ...), data...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// TestPNGRowsIsDecode: every file PNGRows takes, png.Decode takes with the
// same pixels; it takes the plain RGB and RGBA files; anything else, or
// anything damaged, it leaves to png.Decode.
func TestPNGRowsIsDecode(t *testing.T) {
	rgb, rgba := encodePNG(t, testPixels(67, 41, false, 1)), encodePNG(t, testPixels(40, 70, true, 2))
	gray := encodePNG(t, image.NewGray(image.Rect(0, 0, 9, 9)))
	end := len(rgb) - 12 // where IEND starts
	cases := map[string]struct {
		data  []byte
		takes bool
	}{
		"rgb":              {rgb, true},
		"rgba":             {rgba, true},
		"gray":             {gray, false},
		"chunk before end": {cat(rgb[:end], chunk("tEXt", []byte("a\x00b")), rgb[end:]), true},
		"trailing IDAT":    {cat(rgb[:end], chunk("IDAT", []byte("junk")), rgb[end:]), true},
		"tRNS":             {cat(rgb[:33], chunk("tRNS", []byte{0, 1, 0, 2, 0, 3}), rgb[33:]), false},
		"bad CRC":          {cat(rgb[:len(rgb)-20], []byte{0, 0, 0, 0}, rgb[len(rgb)-16:]), false},
		"truncated":        {rgb[:len(rgb)/2], false},
		"no IEND":          {rgb[:end], false},
		"flipped bit":      {flip(rgb, 60), false},
	}
	for name, c := range cases {
		got, err := rowsOf(c.data)
		want, werr := png.Decode(bytes.NewReader(c.data))
		if (err == nil) != c.takes {
			t.Errorf("%s: PNGRows error %v, want taken %v", name, err, c.takes)
		}
		if err != nil {
			continue
		}
		if werr != nil {
			t.Errorf("%s: PNGRows took a file png.Decode refuses: %v", name, werr)
			continue
		}
		if !sameImage(got, want) {
			t.Errorf("%s: pixels differ from png.Decode's (%T, %T)", name, got, want)
		}
	}
}

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0x10
	return c
}

func sameImage(a, b image.Image) bool {
	switch a := a.(type) {
	case *image.RGBA:
		b, ok := b.(*image.RGBA)
		return ok && a.Rect == b.Rect && bytes.Equal(a.Pix, b.Pix)
	case *image.NRGBA:
		b, ok := b.(*image.NRGBA)
		return ok && a.Rect == b.Rect && bytes.Equal(a.Pix, b.Pix)
	}
	return false
}

// TestBilinearIsXImage: the row-by-row bilinear filter gives x/image's
// pixels, premultiplied source or straight.
func TestBilinearIsXImage(t *testing.T) {
	for _, c := range [][4]int{{2357, 300, 2000, 255}, {100, 37, 71, 20}, {5, 7, 5, 3}, {640, 480, 512, 384}, {33, 900, 1, 512}} {
		for _, straight := range []bool{false, true} {
			src := testPixels(c[0], c[1], straight, uint32(c[0]))
			if m, ok := src.(*image.RGBA); ok { // premultiplied: no channel over alpha
				for i := 0; i < len(m.Pix); i += 4 {
					m.Pix[i+3] = max(m.Pix[i], m.Pix[i+1], m.Pix[i+2], byte(i))
				}
			}
			got, want := image.NewNRGBA(image.Rect(0, 0, c[2], c[3])), image.NewNRGBA(image.Rect(0, 0, c[2], c[3]))
			if !bilinearImage(got, src) {
				t.Fatalf("%v: not taken", c)
			}
			draw.BiLinear.Scale(want, want.Rect, src, src.Bounds(), draw.Src, nil)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%v straight=%v: pixels differ from x/image's", c, straight)
			}
		}
	}
}

// TestReducePNGIsReduce: reducing a PNG as it is inflated gives Reduce's
// pixels from the decoded image.
func TestReducePNGIsReduce(t *testing.T) {
	for _, straight := range []bool{false, true} {
		data := encodePNG(t, testPixels(701, 433, straight, 3))
		got, err := ReducePNG(data, 200, 123)
		if err != nil {
			t.Fatal(err)
		}
		img, _ := png.Decode(bytes.NewReader(data))
		if want := Reduce(img, 200, 123); !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("straight=%v: pixels differ from Reduce's", straight)
		}
	}
	if _, err := ReducePNG(encodePNG(t, testPixels(300, 300, false, 4)), 200, 200); err == nil {
		t.Error("took a reduction by less than 2: nothing to box")
	}
}
