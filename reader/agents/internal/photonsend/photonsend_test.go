package photonsend

import (
	"fmt"
	"image"
	"testing"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/photon"
)

// TestShrinkSteps checks the loop pi's resizeImage and opencode's
// Image.normalize run, which one of pi's recordings reaches once
// (binary_noise_png): each step is ×0.75, floored, each side at least
// 1, until something fits or 1×1 does not, and an empty side sends nothing.
func TestShrinkSteps(t *testing.T) {
	src := photon.FromDecoded(image.NewNRGBA(image.Rect(0, 0, 40, 3)), 40, 3)
	m := func(w, h int) *image.NRGBA { return photon.Resize(src, w, h) }
	var tried []string
	accept := func(maxW int) func(*image.NRGBA) *reader.Attachment {
		return func(r *image.NRGBA) *reader.Attachment {
			tried = append(tried, fmt.Sprintf("%dx%d", r.Rect.Dx(), r.Rect.Dy()))
			if r.Rect.Dx() <= maxW {
				return &reader.Attachment{Width: r.Rect.Dx(), Height: r.Rect.Dy()}
			}
			return nil
		}
	}
	if a := Shrink(m, 40, 3, accept(10)); a == nil || a.Width != 9 || a.Height != 1 {
		t.Errorf("sent %+v", a)
	}
	if want := "[40x3 30x2 22x1 16x1 12x1 9x1]"; fmt.Sprint(tried) != want {
		t.Errorf("tried %v, want %s", tried, want)
	}
	tried = nil
	if a := Shrink(m, 5, 2, accept(0)); a != nil {
		t.Errorf("sent %+v when nothing fits", a)
	}
	if want := "[5x2 3x1 2x1 1x1]"; fmt.Sprint(tried) != want {
		t.Errorf("tried %v, want %s", tried, want)
	}
	tried = nil
	if a := Shrink(m, 0, 2000, accept(100)); a != nil || tried != nil {
		t.Errorf("an empty side: sent %+v after %v", a, tried)
	}
}

func TestRound(t *testing.T) {
	for q, want := range map[float64]int{0.4: 0, 0.5: 1, 1333.3333333333333: 1333, 66.66666666666667: 67, 95.23809523809524: 95, 2.5: 3} {
		if got := Round(q); got != want {
			t.Errorf("Round(%v) = %d, want %d", q, got, want)
		}
	}
}

// TestUnmadeIsSend holds Unmade to Send: an image is sent exactly when the
// box has both sides, however tight the limit, since Shrink ends at 1×1
// and a 1×1 PNG's base64 is under 120 characters (either agent allows
// megabytes). The source is noise, which no encoder shrinks.
func TestUnmadeIsSend(t *testing.T) {
	m := image.NewNRGBA(image.Rect(0, 0, 200, 150))
	for i := range m.Pix {
		m.Pix[i] = uint8(i*7919 ^ i>>3)
	}
	src := photon.FromDecoded(m, 200, 150)
	resize := func(w, h int) *image.NRGBA { return photon.Resize(src, w, h) }
	tight := func(b64 int64) bool { return b64 <= 120 }
	for _, box := range [][2]int{{200, 150}, {64, 1}, {1, 1}, {0, 150}, {200, 0}, {0, 0}} {
		full := (&Source{}).Send(&reader.Converted{}, box[0], box[1], resize, tight)
		facts := (&Source{facts: true}).Send(&reader.Converted{}, box[0], box[1], resize, tight)
		sent := box[0] >= 1 && box[1] >= 1
		if full.Omitted == sent || facts.Omitted != full.Omitted {
			t.Errorf("%dx%d: Send omitted %v, Unmade omitted %v; want omitted %v", box[0], box[1], full.Omitted, facts.Omitted, !sent)
		}
		if sent && (facts.Sent == nil || !facts.Sent.Unmade || facts.Sent.Width != box[0] || facts.Sent.Height != box[1]) {
			t.Errorf("%dx%d: Unmade sent %+v", box[0], box[1], facts.Sent)
		}
	}
}
