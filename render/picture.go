package render

import (
	"image"

	"github.com/charmbracelet/colorprofile"
	"image/color"
	"strconv"
	"strings"
)

// Depth is how many colours a picture is drawn in: what the terminal
// shows, never more.
type Depth int

const (
	// TrueColor is 24-bit colour.
	TrueColor Depth = iota
	// Colors256 is the xterm palette: its 6×6×6 cube and its greys.
	Colors256
	// Mono is no colour at all (NO_COLOR, a dumb terminal): each half of a
	// cell is lit or dark by its brightness.
	Mono
)

// DepthOf is the depth for a terminal's colour profile: 24-bit where it
// has it, the 256-colour palette for 256 or 16 colours (the writer maps
// those on to 16), none where it shows no colour.
func DepthOf(p colorprofile.Profile) Depth {
	switch {
	case p >= colorprofile.TrueColor:
		return TrueColor
	case p >= colorprofile.ANSI:
		return Colors256
	}
	return Mono
}

// halfBlock is the upper half block: its foreground is a cell's upper
// pixel, its background the lower one.
const halfBlock = "▀"

// Picture is an image drawn in half blocks, two pixels a cell, scaled to fit
// a box of cells. Its rows are built on demand, each from the source pixels
// it covers (an area average), so a screen of it costs a screen of rows
// whatever the image's size. It does no I/O and no decoding: the image is
// already decoded (and, for a large one, already reduced: see
// reader.Attachment.Pixels).
type Picture struct {
	src        image.Image
	cols, rows int // the cells it takes
	w, h       int // the pixels it draws: cols × up to 2·rows
	depth      Depth
	graphics   Graphics // how its rows draw it: half blocks unless set
	id         uint32   // its kitty image's number, once hashed
}

// NewPicture fits img into width cells and maxRows rows (2·maxRows pixels
// high), keeping its proportions: half blocks are about square. A small
// image is enlarged to the width, each pixel repeated.
func NewPicture(img image.Image, width, maxRows int, depth Depth) *Picture {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	p := &Picture{src: img, depth: depth}
	if sw <= 0 || sh <= 0 || width <= 0 || maxRows <= 0 {
		return p
	}
	w, h := width, roundDiv(sh*width, sw)
	if h > 2*maxRows {
		h = 2 * maxRows
		w = roundDiv(sw*h, sh)
	}
	p.w, p.h = max(w, 1), max(h, 1)
	p.cols, p.rows = p.w, (p.h+1)/2
	return p
}

// roundDiv is a/b rounded half up, for positive a and b.
func roundDiv(a, b int) int { return (2*a + b) / (2 * b) }

// Len is how many rows the picture takes.
func (p *Picture) Len() int { return p.rows }

// Width is how many cells each row takes.
func (p *Picture) Width() int { return p.cols }

// Row builds row i: cols cells, its colours reset at its end.
func (p *Picture) Row(i int) string {
	if i < 0 || i >= p.rows {
		return ""
	}
	switch p.graphics {
	case Kitty:
		return p.kittyRow(i)
	case ITerm2, Sixel:
		return strings.Repeat(" ", p.cols) // drawn over by Inline
	}
	var b strings.Builder
	var last cellInk
	for x := range p.cols {
		top := p.pixel(x, 2*i)
		bottom := pixelNone
		if 2*i+1 < p.h {
			bottom = p.pixel(x, 2*i+1)
		}
		p.cell(&b, &last, top, bottom)
	}
	if last != (cellInk{}) {
		b.WriteString("\x1b[m")
	}
	return b.String()
}

// px is one drawn pixel: opaque colour, or none where the image is
// transparent (the terminal's own background shows).
type px struct {
	c    color.NRGBA
	none bool
}

var pixelNone = px{none: true}

// pixel averages the source pixels under drawn pixel (x, y), weighting
// each by its opacity; mostly transparent is none.
func (p *Picture) pixel(x, y int) px {
	b := p.src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	x0, x1 := x*sw/p.w, max((x+1)*sw/p.w, x*sw/p.w+1)
	y0, y1 := y*sh/p.h, max((y+1)*sh/p.h, y*sh/p.h+1)
	var r, g, bl, a, n uint64
	for sy := y0; sy < y1; sy++ {
		for sx := x0; sx < x1; sx++ {
			c := nrgbaAt(p.src, b.Min.X+sx, b.Min.Y+sy)
			ca := uint64(c.A)
			r += uint64(c.R) * ca
			g += uint64(c.G) * ca
			bl += uint64(c.B) * ca
			a += ca
			n++
		}
	}
	if a*2 < n*255 {
		return pixelNone
	}
	return px{c: color.NRGBA{uint8(r / a), uint8(g / a), uint8(bl / a), 255}}
}

// nrgbaAt reads one pixel, quickly from the types readlens's previews are.
func nrgbaAt(img image.Image, x, y int) color.NRGBA {
	switch m := img.(type) {
	case *image.NRGBA:
		i := m.PixOffset(x, y)
		return color.NRGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3]}
	case *image.RGBA:
		i := m.PixOffset(x, y)
		return color.NRGBAModel.Convert(color.RGBA{m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3]}).(color.NRGBA)
	}
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// cellInk is the colours the last cell left set, so a run of cells in the
// same colours sets them once.
type cellInk struct {
	fg, bg string
}

// cell writes one cell: the upper pixel as the half block's foreground,
// the lower as its background; a transparent half is left to the
// terminal.
func (p *Picture) cell(b *strings.Builder, last *cellInk, top, bottom px) {
	if p.depth == Mono {
		b.WriteString(monoCell(top, bottom))
		return
	}
	var want cellInk
	glyph := halfBlock
	switch {
	case top.none && bottom.none:
		glyph = " "
	case top.none:
		glyph, want.fg = "▄", p.sgr(38, bottom.c)
	case bottom.none:
		want.fg = p.sgr(38, top.c)
	default:
		want.fg, want.bg = p.sgr(38, top.c), p.sgr(48, bottom.c)
	}
	if want != *last {
		if (last.fg != "" && want.fg == "") || (last.bg != "" && want.bg == "") {
			b.WriteString("\x1b[m")
			*last = cellInk{}
		}
		if want.fg != last.fg {
			b.WriteString(want.fg)
		}
		if want.bg != last.bg {
			b.WriteString(want.bg)
		}
		*last = want
	}
	b.WriteString(glyph)
}

// sgr selects c as the foreground (38) or background (48) at the
// picture's depth.
func (p *Picture) sgr(layer int, c color.NRGBA) string {
	l := strconv.Itoa(layer)
	if p.depth == Colors256 {
		return "\x1b[" + l + ";5;" + strconv.Itoa(xterm256(c)) + "m"
	}
	return "\x1b[" + l + ";2;" + strconv.Itoa(int(c.R)) + ";" + strconv.Itoa(int(c.G)) + ";" + strconv.Itoa(int(c.B)) + "m"
}

// monoCell draws a cell without colour: each half lit when it is bright
// (its luma at least half), so the picture's shapes survive NO_COLOR.
func monoCell(top, bottom px) string {
	lit := func(p px) bool {
		if p.none {
			return false
		}
		// Rec. 601 luma, in thousandths.
		return 299*int(p.c.R)+587*int(p.c.G)+114*int(p.c.B) >= 1000*128
	}
	switch t, b := lit(top), lit(bottom); {
	case t && b:
		return "█"
	case t:
		return "▀"
	case b:
		return "▄"
	}
	return " "
}

// cubeLevels are the channel values of the xterm 6×6×6 colour cube.
var cubeLevels = [6]int{0, 95, 135, 175, 215, 255}

// xterm256 is the xterm palette entry nearest c: in the colour cube
// (16–231) or on the grey ramp (232–255), whichever is closer.
func xterm256(c color.NRGBA) int {
	r, g, b := int(c.R), int(c.G), int(c.B)
	ri, gi, bi := cubeIndex(r), cubeIndex(g), cubeIndex(b)
	cube := 16 + 36*ri + 6*gi + bi
	cd := dist2(r, g, b, cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
	avg := (r + g + b) / 3
	gi2 := min(max((avg-8+5)/10, 0), 23)
	gv := 8 + 10*gi2
	if gd := dist2(r, g, b, gv, gv, gv); gd < cd {
		return 232 + gi2
	}
	return cube
}

// cubeIndex is the cube level nearest v.
func cubeIndex(v int) int {
	best, bd := 0, 1<<30
	for i, l := range cubeLevels {
		if d := (v - l) * (v - l); d < bd {
			best, bd = i, d
		}
	}
	return best
}

func dist2(r, g, b, r2, g2, b2 int) int {
	return (r-r2)*(r-r2) + (g-g2)*(g-g2) + (b-b2)*(b-b2)
}
