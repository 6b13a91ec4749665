package render

import (
	"bytes"
	"encoding/base64"
	"hash/fnv"
	"image"
	"image/png"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/kitty"
	"golang.org/x/image/draw"
)

// Graphics is how a terminal is asked to draw a picture: in half blocks,
// which every terminal draws, or with an image protocol it was found to
// speak (GraphicsFor). render writes the escapes; it never sends them.
type Graphics int

const (
	// HalfBlocks draws two pixels a cell in coloured text.
	HalfBlocks Graphics = iota
	// Kitty is the kitty graphics protocol with Unicode placeholders: the
	// image is sent once (Picture.KittyImage), and the picture's rows are
	// text, placeholder characters whose colour names the image and whose
	// marks name the row and column, so a cell-based renderer (bubbletea's)
	// can draw, scroll and redraw them as it does any text.
	Kitty
	// ITerm2 is iTerm2's inline images (OSC 1337 File), also drawn by
	// WezTerm. There is no placeholder: the picture's rows are blank and
	// the image is drawn over them once the card is out (Picture.Inline),
	// which only a program that writes the card once can do (read
	// --render); the inspector, which redraws cells, draws half blocks.
	ITerm2
	// Sixel is DEC sixel graphics, drawn like ITerm2 over blank rows.
	Sixel
)

// GraphicsFor is the image protocol the terminal in env speaks, as far as
// its environment says (kitty, Ghostty: Kitty; iTerm2, WezTerm: ITerm2;
// foot, mlterm: Sixel), and HalfBlocks when it says nothing, when output is
// not a terminal, under NO_COLOR, and inside tmux or screen (which pass
// these escapes on only when told to).
func GraphicsFor(env []string, tty bool) Graphics {
	get := func(k string) string { return envValue(env, k) }
	term, program := get("TERM"), get("TERM_PROGRAM")
	switch {
	case !tty, get("NO_COLOR") != "", term == "dumb", get("TMUX") != "",
		strings.HasPrefix(term, "screen"), strings.HasPrefix(term, "tmux"):
		return HalfBlocks
	case get("KITTY_WINDOW_ID") != "", term == "xterm-kitty", term == "xterm-ghostty", program == "ghostty":
		return Kitty
	case program == "iTerm.app", get("LC_TERMINAL") == "iTerm2", program == "WezTerm":
		return ITerm2
	case strings.HasPrefix(term, "foot"), strings.HasPrefix(term, "mlterm"):
		return Sixel
	}
	return HalfBlocks
}

// KittyID is the number the picture's kitty image goes by (KittyImage): a
// UI that sends each image once keys them by it.
func (p *Picture) KittyID() uint32 { return p.kittyID() }

// kittyID is the image number a picture goes by: its pixels and its size
// in cells, hashed into the 24 bits a colour carries (never 0). The same
// picture at the same size is the same image, sent once.
func (p *Picture) kittyID() uint32 {
	if p.id == 0 {
		p.id = p.hashID()
	}
	return p.id
}

func (p *Picture) hashID() uint32 {
	h := fnv.New32a()
	b := p.src.Bounds()
	h.Write([]byte(strconv.Itoa(b.Dx()) + "x" + strconv.Itoa(b.Dy()) + ":" + strconv.Itoa(p.cols) + "x" + strconv.Itoa(p.rows)))
	switch m := p.src.(type) {
	case *image.NRGBA:
		h.Write(m.Pix)
	case *image.RGBA:
		h.Write(m.Pix)
	default:
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := nrgbaAt(p.src, x, y)
				h.Write([]byte{c.R, c.G, c.B, c.A})
			}
		}
	}
	if id := h.Sum32() & 0xffffff; id != 0 {
		return id
	}
	return 1
}

// pngBase64 is the picture's pixels as a PNG, in base64.
func (p *Picture) pngBase64() string {
	var b bytes.Buffer
	_ = png.Encode(&b, p.src)
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// KittyImage is the escape that sends the picture to a kitty terminal and
// places it, virtually, on a grid of its cells (a=T, U=1), quietly (q=2):
// the placeholders of its rows show it. Large images go in chunks of 4096
// base64 bytes, as the protocol asks. Empty for a picture of no cells.
func (p *Picture) KittyImage() string {
	if p.rows == 0 {
		return ""
	}
	data := p.pngBase64()
	head := "a=T,U=1,q=2,f=100,i=" + strconv.Itoa(int(p.kittyID())) + ",c=" + strconv.Itoa(p.cols) + ",r=" + strconv.Itoa(p.rows)
	var b strings.Builder
	for first := true; first || data != ""; first = false {
		chunk := data[:min(len(data), kitty.MaxChunkSize)]
		data = data[len(chunk):]
		var opts []string
		if first {
			opts = append(opts, head)
		}
		if data != "" {
			opts = append(opts, "m=1")
		} else if !first {
			opts = append(opts, "m=0")
		}
		b.WriteString(ansi.KittyGraphics([]byte(chunk), opts...))
	}
	return b.String()
}

// kittyRow is row i of placeholders: every cell names its row and column,
// so any cell drawn alone still shows its part of the image.
func (p *Picture) kittyRow(i int) string {
	id := p.kittyID()
	var b strings.Builder
	b.WriteString("\x1b[38;2;" + strconv.Itoa(int(id>>16)) + ";" + strconv.Itoa(int(id>>8&0xff)) + ";" + strconv.Itoa(int(id&0xff)) + "m")
	for x := range p.cols {
		b.WriteRune(kitty.Placeholder)
		b.WriteRune(kitty.Diacritic(i))
		b.WriteRune(kitty.Diacritic(x))
	}
	b.WriteString("\x1b[39m")
	return b.String()
}

// Inline is the escape that draws the picture over its blank rows with
// iTerm2's inline images or sixel, from the cursor at its top left cell:
// iTerm2 is told the size in cells; sixel, which is pixels only, gets
// the picture at cellW×cellH pixels a cell. The caller moves the cursor
// there and back (see the CLI's read --render). Empty for half blocks and
// kitty.
func (p *Picture) Inline(cellW, cellH int) string {
	if p.rows == 0 {
		return ""
	}
	switch p.graphics {
	case ITerm2:
		var b bytes.Buffer
		_ = png.Encode(&b, p.src)
		return "\x1b]1337;File=inline=1;size=" + strconv.Itoa(b.Len()) + ";width=" + strconv.Itoa(p.cols) +
			";height=" + strconv.Itoa(p.rows) + ";preserveAspectRatio=0:" + base64.StdEncoding.EncodeToString(b.Bytes()) + "\x07"
	case Sixel:
		w, h := p.cols*max(cellW, 1), min(p.h, 2*p.rows)*max(cellH, 2)/2
		dst := image.NewNRGBA(image.Rect(0, 0, w, h))
		draw.ApproxBiLinear.Scale(dst, dst.Rect, p.src, p.src.Bounds(), draw.Src, nil)
		return ansi.SixelGraphics(0, 1, 0, sixelBands(dst))
	}
	return ""
}
