package cli

import (
	"io"
	"os"
	"strings"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/render"
)

// graphicsTimeout is how long read --render waits for a terminal to
// answer render.GraphicsQuery. Terminals answer DA1 at once, locally or
// over ssh; one that does not answer in a second is taken not to, and
// keeps what its environment said.
var graphicsTimeout = time.Second

// terminalGraphics is the image protocol the terminal on in and out
// speaks: guess, what its environment said, settled by its answer to
// render.GraphicsQuery (render.Answered) when it answers in time. It
// asks only a terminal readlens has in the foreground (a background job
// that asks is stopped by SIGTTOU), in raw mode, and only when pictures
// are drawn in colour there (render.GraphicsAskable).
func terminalGraphics(in io.Reader, out io.Writer, guess render.Graphics) render.Graphics {
	inFile, ok := in.(*os.File)
	outFile, ok2 := out.(*os.File)
	if !ok || !ok2 || !render.GraphicsAskable(os.Environ(), isTerminal(out)) || !foreground(inFile) || !foreground(outFile) {
		return guess
	}
	kittyOK, attrs, answered := askGraphics(inFile, outFile, graphicsTimeout)
	if !answered {
		return guess
	}
	return render.Answered(guess, kittyOK, attrs)
}

// askGraphics writes render.GraphicsQuery to out and reads the answers
// from in (in raw mode meanwhile) until DA1's, for up to timeout:
// whether kitty's query was answered OK, DA1's attributes, and whether
// DA1 came at all. Anything else read meanwhile (a key typed) is lost,
// as in lipgloss's background query.
func askGraphics(in, out *os.File, timeout time.Duration) (kittyOK bool, attrs []int, answered bool) {
	saved, err := term.MakeRaw(in.Fd())
	if err != nil {
		return false, nil, false
	}
	defer term.Restore(in.Fd(), saved) //nolint:errcheck
	rd, err := uv.NewCancelReader(in)
	if err != nil {
		return false, nil, false
	}
	defer rd.Close()
	stop := time.AfterFunc(timeout, func() { rd.Cancel() })
	defer stop.Stop()
	if _, err := io.WriteString(out, render.GraphicsQuery); err != nil {
		return false, nil, false
	}
	pa := ansi.GetParser()
	defer ansi.PutParser(pa)
	var seq []byte // a sequence read in parts
	var buf [256]byte
	var state byte
	for {
		n, err := rd.Read(buf[:])
		if err != nil {
			return false, nil, false // cancelled: no DA1 in time
		}
		for p := buf[:n]; len(p) > 0; {
			part, _, read, next := ansi.DecodeSequence(p, state, pa)
			seq = append(seq, part...)
			state, p = next, p[read:]
			if state != ansi.NormalState {
				continue
			}
			switch s := string(seq); {
			case ansi.HasApcPrefix(s):
				body := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(s, "\x1b_"), "\x9f"), "\x1b\\")
				kittyOK = kittyOK || render.KittyAnswerOK(strings.TrimSuffix(body, "\x9c"))
			case ansi.HasCsiPrefix(s) && pa.Command() == ansi.Command('?', 0, 'c'):
				for _, prm := range pa.Params() {
					attrs = append(attrs, prm.Param(0))
				}
				return kittyOK, attrs, true
			}
			seq = seq[:0]
		}
	}
}
