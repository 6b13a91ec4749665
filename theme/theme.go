// Package theme holds readlens's colours: a dozen semantic tokens for dark
// and light terminals, the lipgloss styles built from them, and the chroma
// style that highlights code in the same palette.
package theme

import (
	"image/color"

	"charm.land/lipgloss/v2"
	"github.com/alecthomas/chroma/v2"
)

// Tokens are the semantic colours everything else is built from.
type Tokens struct {
	Fg, FgMuted, FgSubtle   color.Color
	Accent, Info            color.Color
	Success, Warning, Error color.Color
	BgCode, BgSelected      color.Color
	Keyword, String, Number color.Color
	Comment, Function, Type color.Color
}

func darkTokens() Tokens {
	c := lipgloss.Color
	return Tokens{
		Fg: c("#D8DEE9"), FgMuted: c("#8B93A6"), FgSubtle: c("#5C6370"),
		Accent: c("#8ABEB7"), Info: c("#81A2BE"),
		Success: c("#8FBF7F"), Warning: c("#E5C07B"), Error: c("#E06C75"),
		BgCode: c("#1E2127"), BgSelected: c("#2C313A"),
		Keyword: c("#C678DD"), String: c("#98C379"), Number: c("#D19A66"),
		Comment: c("#6A737D"), Function: c("#61AFEF"), Type: c("#56B6C2"),
	}
}

func lightTokens() Tokens {
	c := lipgloss.Color
	return Tokens{
		Fg: c("#24292F"), FgMuted: c("#57606A"), FgSubtle: c("#8C959F"),
		Accent: c("#0E7C86"), Info: c("#0969DA"),
		Success: c("#1A7F37"), Warning: c("#9A6700"), Error: c("#CF222E"),
		BgCode: c("#F6F8FA"), BgSelected: c("#EAEEF2"),
		Keyword: c("#8250DF"), String: c("#0A3069"), Number: c("#953800"),
		Comment: c("#6E7781"), Function: c("#6639BA"), Type: c("#0550AE"),
	}
}

// Styles are every style readlens draws with.
type Styles struct {
	Dark   bool
	Tokens Tokens

	// Header and help.
	Title, Tab, TabActive, Status lipgloss.Style
	// Picker entries.
	Dir, File, Media, Binary, Size, Filter, Cursor lipgloss.Style
	// A card: its call line, its body, its margins.
	CallIcon, CallTool, CallPath, CallArgs, CallError lipgloss.Style
	Badge                                             lipgloss.Style // the agent a card is from
	Selected, Unselected                              lipgloss.Style // the left edge of a card
	Text, Gutter, Frame, Notice, CutMark, Invisible   lipgloss.Style
	ErrorText, Warning, Hint, Note, MediaLine         lipgloss.Style
	// A session's transcript: its other tool calls, and a diff of a
	// recorded result against readlens's answer now.
	OtherCall, DiffAdd, DiffDel, DiffHunk lipgloss.Style
	// What the model never got, shown beside what it did.
	Unseen lipgloss.Style

	// Chroma highlights code in this palette.
	Chroma *chroma.Style
}

// New builds the styles for a dark or light terminal.
func New(dark bool) *Styles {
	t := lightTokens()
	if dark {
		t = darkTokens()
	}
	s := lipgloss.NewStyle()
	st := &Styles{Dark: dark, Tokens: t}

	st.Title = s.Foreground(t.Accent).Bold(true)
	st.Tab = s.Foreground(t.FgMuted).Padding(0, 1)
	st.TabActive = s.Foreground(t.Fg).Background(t.BgSelected).Bold(true).Padding(0, 1)
	st.Status = s.Foreground(t.FgMuted)

	st.Dir = s.Foreground(t.Info).Bold(true)
	st.File = s.Foreground(t.Fg)
	st.Media = s.Foreground(t.Accent)
	st.Binary = s.Foreground(t.FgSubtle)
	st.Size = s.Foreground(t.FgSubtle)
	st.Filter = s.Foreground(t.Accent)
	st.Cursor = s.Background(t.BgSelected).Foreground(t.Fg)

	st.CallIcon = s.Foreground(t.Success)
	st.CallTool = s.Foreground(t.Fg).Bold(true)
	st.CallPath = s.Foreground(t.Accent)
	st.CallArgs = s.Foreground(t.Warning)
	st.CallError = s.Foreground(t.Error)
	st.Badge = s.Foreground(t.FgMuted).Background(t.BgSelected)
	st.Selected = s.Foreground(t.Accent).SetString("▌")
	st.Unselected = s.SetString(" ")

	st.Text = s.Foreground(t.Fg)
	st.Gutter = s.Foreground(t.FgSubtle)
	st.Frame = s.Foreground(t.FgMuted)
	st.Notice = s.Foreground(t.Info)
	st.CutMark = s.Foreground(t.Warning)
	st.Invisible = s.Foreground(t.Warning).Faint(true)
	st.ErrorText = s.Foreground(t.Error)
	st.Warning = s.Foreground(t.Warning).Bold(true)
	st.Hint = s.Foreground(t.FgMuted)
	st.Note = s.Foreground(t.Info).Italic(true)
	st.MediaLine = s.Foreground(t.Accent)
	st.OtherCall = s.Foreground(t.FgSubtle)
	st.DiffAdd = s.Foreground(t.Success)
	st.DiffDel = s.Foreground(t.Error)
	st.DiffHunk = s.Foreground(t.Info)
	st.Unseen = s.Foreground(t.FgSubtle).Background(t.BgCode).Faint(true)

	st.Chroma = chromaStyle(t, dark)
	return st
}

// chromaStyle maps chroma's token types onto the palette.
func chromaStyle(t Tokens, dark bool) *chroma.Style {
	hex := func(c color.Color) string {
		r, g, b, _ := c.RGBA()
		return "#" + hex2(r>>8) + hex2(g>>8) + hex2(b>>8)
	}
	name := "readlens-light"
	if dark {
		name = "readlens-dark"
	}
	return chroma.MustNewStyle(name, chroma.StyleEntries{
		chroma.Text:              hex(t.Fg),
		chroma.Keyword:           hex(t.Keyword),
		chroma.KeywordType:       hex(t.Type),
		chroma.NameBuiltin:       hex(t.Type),
		chroma.NameClass:         hex(t.Type),
		chroma.NameFunction:      hex(t.Function),
		chroma.NameTag:           hex(t.Keyword),
		chroma.NameAttribute:     hex(t.Function),
		chroma.LiteralString:     hex(t.String),
		chroma.LiteralNumber:     hex(t.Number),
		chroma.Comment:           "italic " + hex(t.Comment),
		chroma.CommentPreproc:    hex(t.Keyword),
		chroma.Operator:          hex(t.FgMuted),
		chroma.Punctuation:       hex(t.FgMuted),
		chroma.GenericDeleted:    hex(t.Error),
		chroma.GenericInserted:   hex(t.Success),
		chroma.GenericHeading:    "bold " + hex(t.Accent),
		chroma.GenericSubheading: hex(t.Accent),
		chroma.GenericEmph:       "italic",
		chroma.GenericStrong:     "bold",
	})
}

func hex2(v uint32) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>4&0xf], digits[v&0xf]})
}
