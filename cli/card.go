package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/render"
	"github.com/readlens/readlens/theme"
	"github.com/spf13/cobra"
)

// cardFlags are the options of `readlens read --render`.
type cardFlags struct {
	render   bool
	expanded bool
	width    int
	view     string
	theme    string
}

func (c *cardFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.BoolVar(&c.render, "render", false, "print the card the TUI draws for this call (ANSI; plain under NO_COLOR)")
	fl.BoolVar(&c.expanded, "expanded", false, "with --render: draw the card expanded")
	fl.IntVar(&c.width, "width", 0, "with --render: the width to draw at (default: the terminal's, else 80)")
	fl.StringVar(&c.view, "view", "agent", "with --render: agent (the exact text) or pretty (highlighted source lines)")
	fl.StringVar(&c.theme, "theme", "", "with --render: dark or light (default: the terminal's background, else dark)")
	_ = cmd.RegisterFlagCompletionFunc("view", cobra.FixedCompletions([]string{"agent", "pretty"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("theme", cobra.FixedCompletions([]string{"dark", "light"}, cobra.ShellCompDirectiveNoFileComp))
}

// write draws the card to w (in is the terminal's input, to ask it for its
// background). Goldens, docs and scripts read it from pipes, so it keeps
// its colour there; NO_COLOR makes it plain.
func (c *cardFlags) write(in io.Reader, w io.Writer, res *reader.Result, cwd string) error {
	opts := render.Options{Expanded: c.expanded}
	switch c.view {
	case "agent":
	case "pretty":
		opts.View = render.PrettyView
	default:
		return usageErr("--view must be agent or pretty, not %q", c.view)
	}
	tty := isTerminal(w)
	out, _ := w.(*os.File)
	dark := true
	switch c.theme {
	case "dark":
	case "light":
		dark = false
	case "":
		dark = darkBackground(in, w)
	default:
		return usageErr("--theme must be dark or light, not %q", c.theme)
	}
	width := c.width
	if width <= 0 {
		width = 80
		if tty {
			if cols, _, err := term.GetSize(out.Fd()); err == nil && cols > 0 {
				width = cols
			}
		}
	}
	st := theme.New(dark)
	if opts.View == render.PrettyView {
		opts.Highlighted = render.HighlightResult(st, res, -1)
	}
	if cwd == "" {
		cwd, _ = os.Getwd()
	}
	call := render.ToolCall{Profile: res.Profile, Tool: res.Tool, Args: res.Args, Cwd: cwd, Home: os.Getenv("HOME"), State: render.Done}
	if res.IsError {
		call.State = render.Failed
	}
	opts.Depth = pictureDepth(tty, out)
	if tty {
		opts.Graphics = render.GraphicsFor(os.Environ(), true)
	}
	cr := render.NewCard(st, width, call, res, opts, false)
	if len(cr.Pictures()) > 0 {
		// Asked only for a picture: the answer is used then.
		if g := terminalGraphics(in, w, opts.Graphics); g != opts.Graphics {
			opts.Graphics = g
			cr = render.NewCard(st, width, call, res, opts, false)
		}
	}
	if g := opts.Graphics; (g == render.ITerm2 || g == render.Sixel) && len(cr.Pictures()) > 0 {
		if _, rows, err := term.GetSize(out.Fd()); err != nil || cr.Len() >= rows {
			// Drawn over the card once it is out: it must all be on the screen.
			opts.Graphics = render.HalfBlocks
			cr = render.NewCard(st, width, call, res, opts, false)
		}
	}
	card := strings.Join(cr.Rows(0, cr.Len()), "\n")
	switch {
	case os.Getenv("NO_COLOR") != "":
		card = ansi.Strip(card)
	case tty:
		// Down to what the terminal can show.
		w = colorprofile.NewWriter(w, os.Environ())
	}
	if opts.Graphics == render.Kitty {
		for _, p := range cr.Pictures() {
			if _, err := io.WriteString(out, p.Picture.KittyImage()); err != nil {
				return err
			}
		}
	}
	if _, err := fmt.Fprintln(w, card); err != nil {
		return err
	}
	if opts.Graphics == render.ITerm2 || opts.Graphics == render.Sixel {
		cellW, cellH := cellPixels(out)
		_, err := io.WriteString(out, overlay(cr, cellW, cellH))
		return err
	}
	return nil
}

// overlay draws a card's pictures over their blank rows, the cursor on
// the line after the card: saved, moved up to each picture's top left
// cell, and put back.
func overlay(cr *render.CardRows, cellW, cellH int) string {
	var b strings.Builder
	for _, p := range cr.Pictures() {
		b.WriteString("\x1b7" + ansi.CursorUp(cr.Len()-p.Row) + ansi.CursorHorizontalAbsolute(p.Col+1))
		b.WriteString(p.Picture.Inline(cellW, cellH))
		b.WriteString("\x1b8")
	}
	return b.String()
}

// pictureDepth is the colours a card's picture is drawn in: none under
// NO_COLOR (stripping a picture's colours would leave solid blocks), what
// the terminal shows on one, 24-bit into a pipe as the rest of the card.
func pictureDepth(tty bool, out *os.File) render.Depth {
	if os.Getenv("NO_COLOR") != "" {
		return render.Mono
	}
	if !tty {
		return render.TrueColor
	}
	return render.DepthOf(colorprofile.Detect(out, os.Environ()))
}
