package render

import (
	"image"
	"strconv"
	"strings"
)

// sixelBands is an image's sixel data (what goes between DCS q and ST):
// its colours taken to the 6×6×6 cube (216 registers, defined as they are
// used), each band of six rows drawn colour by colour with runs repeated
// (!n), transparent pixels left undrawn. A small encoder of its own: x/ansi's
// needs a dependency readlens does not otherwise have.
func sixelBands(m *image.NRGBA) []byte {
	w, h := m.Rect.Dx(), m.Rect.Dy()
	var b strings.Builder
	b.WriteString("\"1;1;" + strconv.Itoa(w) + ";" + strconv.Itoa(h)) // raster: square pixels, the size
	defined := make([]bool, 216)
	idx := make([]int, w*h) // each pixel's register, -1 for transparent
	for y := range h {
		for x := range w {
			i := m.PixOffset(x, y)
			p := m.Pix[i : i+4]
			if p[3] < 128 {
				idx[y*w+x] = -1
				continue
			}
			level := func(v byte) int { return (int(v)*5 + 127) / 255 }
			idx[y*w+x] = 36*level(p[0]) + 6*level(p[1]) + level(p[2])
		}
	}
	bits := make([]byte, w)
	for top := 0; top < h; top += 6 {
		var used []int
		seen := make(map[int]bool)
		for y := top; y < min(top+6, h); y++ {
			for x := range w {
				if c := idx[y*w+x]; c >= 0 && !seen[c] {
					seen[c] = true
					used = append(used, c)
				}
			}
		}
		for n, c := range used {
			if !defined[c] {
				defined[c] = true
				r, g, bl := c/36, c/6%6, c%6
				b.WriteString("#" + strconv.Itoa(c) + ";2;" + strconv.Itoa(r*20) + ";" + strconv.Itoa(g*20) + ";" + strconv.Itoa(bl*20))
			}
			b.WriteString("#" + strconv.Itoa(c))
			for x := range w {
				bits[x] = 0
				for k := 0; k < 6 && top+k < h; k++ {
					if idx[(top+k)*w+x] == c {
						bits[x] |= 1 << k
					}
				}
			}
			for x := 0; x < w; {
				run := 1
				for x+run < w && bits[x+run] == bits[x] {
					run++
				}
				ch := string(rune('?' + bits[x]))
				if run > 3 {
					b.WriteString("!" + strconv.Itoa(run) + ch)
				} else {
					b.WriteString(strings.Repeat(ch, run))
				}
				x += run
			}
			if n < len(used)-1 {
				b.WriteByte('$')
			}
		}
		b.WriteByte('-')
	}
	return []byte(b.String())
}
