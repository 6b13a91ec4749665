package claude

import (
	"bytes"
	"image"
	"image/jpeg"
	"testing"
)

func noisy(w, h int, alpha bool) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	seed := uint32(7)
	for i := range m.Pix {
		seed = seed*1664525 + 1013904223
		m.Pix[i] = byte(seed >> 24)
		if i%4 == 3 && !alpha {
			m.Pix[i] = 0xff
		}
	}
	return m
}

// TestPremultipliedJPEG: the NRGBA handed to image/jpeg as RGBA encodes to
// the same bytes, translucent pixels included.
func TestPremultipliedJPEG(t *testing.T) {
	for _, alpha := range []bool{false, true} {
		m := noisy(61, 35, alpha)
		var a, b bytes.Buffer
		_ = jpeg.Encode(&a, m, &jpeg.Options{Quality: 77})
		_ = jpeg.Encode(&b, premultiplied(m), &jpeg.Options{Quality: 77})
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("alpha=%v: the JPEG differs", alpha)
		}
	}
}

// TestEncodeWithin: within the budget the bytes are ccEncode's, over it
// there are none.
func TestEncodeWithin(t *testing.T) {
	small, big := noisy(100, 100, true), noisy(400, 400, true) // 40 KB and 640 KB of noise
	for _, mime := range []string{"image/png", "image/jpeg"} {
		if got := ccEncodeWithin(small, mime, 80); !bytes.Equal(got, ccEncode(small, mime, 80)) {
			t.Errorf("%s within budget: not ccEncode's bytes", mime)
		}
	}
	if len(ccEncode(big, "image/png", 0)) <= ccByteBudget {
		t.Fatal("the big image fits: the test tests nothing")
	}
	if got := ccEncodeWithin(big, "image/png", 0); got != nil {
		t.Errorf("over budget: %d bytes", len(got))
	}
}
