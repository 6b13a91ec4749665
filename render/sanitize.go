// Package render draws a read tool's call and result as text for a terminal:
// pure functions of styles, width and a reader.Result, with no I/O.
package render

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// tabWidth is where tab stops fall in the agent view.
const tabWidth = 4

// Nothing from a file, a file name or an error reaches the terminal as a
// control sequence: the sanitizer is an allow-list. A character passes only
// if it is graphic and not one a human cannot see; everything else becomes a
// visible symbol, because the model reads it even when a terminal would not
// show it (bidi overrides, zero-width and tag characters).

// names are the short names shown for invisible characters.
var names = map[rune]string{
	0x00ad: "SHY", 0x061c: "ALM", 0x180e: "MVS",
	0x200b: "ZWSP", 0x200c: "ZWNJ", 0x200d: "ZWJ", 0x200e: "LRM", 0x200f: "RLM",
	0x2028: "LS", 0x2029: "PS",
	0x202a: "LRE", 0x202b: "RLE", 0x202c: "PDF", 0x202d: "LRO", 0x202e: "RLO",
	0x2060: "WJ", 0x2061: "FA", 0x2062: "IT", 0x2063: "IS", 0x2064: "IP",
	0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI", 0x2069: "PDI",
	0xfeff: "BOM", 0xfff9: "IAA", 0xfffa: "IAS", 0xfffb: "IAT",
	0x115f: "HF", 0x1160: "HJF", 0x3164: "HF", 0xffa0: "HWHF",
	// Spaces that look like a space and are not one.
	0x00a0: "NBSP", 0x1680: "OGHAM SP", 0x2007: "FIGSP", 0x202f: "NNBSP", 0x205f: "MMSP", 0x3000: "IDSP",
}

// symbol is the visible form of r, or "" when r may be shown as it is.
// flag says r follows a black flag and its tags: a flag emoji's tag sequence.
func symbol(r rune, prev, next rune, flag bool) string {
	switch {
	case r == utf8.RuneError:
		return "" // already a visible replacement character
	case r >= 0x20 && r < 0x7f:
		return "" // printable ASCII: most of any text, and nothing to look up
	case r < 0x20:
		if r == 0x1b {
			return "␛"
		}
		return string(rune(0x2400 + r)) // control pictures: ␀ ␁ ... ␟
	case r == 0x7f:
		return "␡"
	case r >= 0x80 && r < 0xa0:
		return fmt.Sprintf("⟨U+%04X⟩", r) // C1 controls, CSI among them
	case r == 0x200d && pictographic(prev) && pictographic(next):
		return "" // a ZWJ inside an emoji sequence
	case r >= 0xe0020 && r <= 0xe007f:
		if flag {
			return "" // part of a flag such as England's
		}
		if r == 0xe007f {
			return "⟨TAG end⟩"
		}
		return "⟨TAG " + string(rune(r-0xe0000)) + "⟩"
	case r >= 0xe0000 && r <= 0xe0fff && !unicode.Is(unicode.Mn, r):
		return fmt.Sprintf("⟨U+%04X⟩", r)
	}
	if n, ok := names[r]; ok {
		return "⟨" + n + "⟩"
	}
	if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || (unicode.Is(unicode.Zs, r) && r != ' ') || !unicode.IsGraphic(r) {
		return fmt.Sprintf("⟨U+%04X⟩", r)
	}
	return ""
}

// pictographic reports an emoji that is shown as itself, one a ZWJ may join.
// An unassigned code point is shown as ⟨U+...⟩, and a ZWJ beside that
// symbol must be shown too, or sanitizing twice would differ.
func pictographic(r rune) bool {
	return (r >= 0x1f000 || (r >= 0x2600 && r <= 0x27bf) || r == 0xfe0f) && unicode.IsGraphic(r)
}

// run is a piece of sanitized text: shown as it is, or a visible symbol
// standing for what a terminal would not show.
type run struct {
	text string
	mark bool
}

// show says how much visible tells.
type show struct {
	tabs     bool // a tab is an arrow, not just spaces to the next stop
	rawTabs  bool // a tab stays a tab: the terminal places it harmlessly
	trailing bool // the spaces that end a line are middle dots
}

var (
	agentShow  = show{tabs: true, trailing: true} // everything the model gets
	prettyShow = show{}                           // code as people read it
)

// visible cuts s into runs safe for a terminal: invisible characters as
// symbols, tabs to the next tab stop, and what sh asks for made visible.
// col is the column s starts at, for tab stops; it returns the column after.
func visible(s string, col int, sh show) ([]run, int) {
	end := len(s)
	if sh.trailing {
		end = len(strings.TrimRight(s, " "))
	}
	var runs []run
	var plain strings.Builder
	emit := func(sym string) {
		if plain.Len() > 0 {
			runs = append(runs, run{text: plain.String()})
			plain.Reset()
		}
		if n := len(runs); n > 0 && runs[n-1].mark {
			runs[n-1].text += sym
		} else {
			runs = append(runs, run{text: sym, mark: true})
		}
		col += ansi.StringWidth(sym)
	}
	prev := rune(0)
	flag := false // inside a black flag's tag sequence
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		next, _ := utf8.DecodeRuneInString(s[i+size:])
		at := i
		i += size
		if r == utf8.RuneError && size == 1 {
			emit(fmt.Sprintf("⟨%02X⟩", s[at])) // not UTF-8 at all: say which byte
			prev, flag = r, false
			continue
		}
		switch sym := symbol(r, prev, next, flag); {
		case r == '\t' && sh.rawTabs:
			plain.WriteByte('\t')
			col += tabWidth - col%tabWidth
		case r == '\t' && sh.tabs:
			emit("→" + strings.Repeat(" ", tabWidth-col%tabWidth-1))
		case r == '\t':
			pad := tabWidth - col%tabWidth
			plain.WriteString(strings.Repeat(" ", pad))
			col += pad
		case at >= end && r == ' ':
			emit("·")
		case sym != "":
			emit(sym)
		default:
			plain.WriteRune(r)
			if r < 0x80 {
				col++ // printable ASCII: one cell, no grapheme rules to consult
			} else {
				col += ansi.StringWidth(string(r))
			}
		}
		flag = r == 0x1f3f4 || (flag && r >= 0xe0020 && r <= 0xe007e)
		prev = r
	}
	if plain.Len() > 0 {
		runs = append(runs, run{text: plain.String()})
	}
	return runs, col
}

// paint draws runs into b: text in style, symbols in mark.
func paint(b *strings.Builder, runs []run, style, mark ink) {
	for _, r := range runs {
		if r.mark {
			b.WriteString(mark.paint(r.text))
		} else {
			b.WriteString(style.paint(r.text))
		}
	}
}

// Plain is s made safe for a terminal with no styling: for file names and
// error texts, where a tab is shown as one.
func Plain(s string) string {
	runs, _ := visible(s, 0, show{tabs: true})
	var b strings.Builder
	for _, r := range runs {
		b.WriteString(r.text)
	}
	return b.String()
}

// Safe is s for a terminal, lines and tabs kept, every other character a
// terminal would act on (or a human would not see) shown as a symbol: what
// readlens read prints when its output is a terminal. It reports whether
// anything was replaced.
func Safe(s string) (string, bool) {
	var b strings.Builder
	changed := false
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		runs, _ := visible(line, 0, show{rawTabs: true})
		for _, r := range runs {
			changed = changed || r.mark
			b.WriteString(r.text)
		}
	}
	return b.String(), changed
}

// JSON is JSON text for a terminal, the same JSON still: every character
// the sanitizer would show as a symbol (C1 controls such as CSI, DEL, bidi
// overrides, zero-width and other invisible characters) is written as a \u
// escape, which decodes to the same string. encoding/json escapes what is
// below U+0020 itself, so a raw control character left in the text is the
// layout's own newline. A byte that is not UTF-8 becomes \ufffd, which is
// what a decoder reads it as.
func JSON(b []byte) []byte {
	var out []byte
	last := 0 // b[last:i] is still to be copied
	escape := func(at, end int, rs ...rune) {
		out = append(out, b[last:at]...)
		for _, r := range rs {
			out = fmt.Appendf(out, `\u%04x`, r)
		}
		last = end
	}
	prev := rune(0)
	flag := false
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		next, _ := utf8.DecodeRune(b[i+size:])
		switch {
		case r == utf8.RuneError && size == 1:
			escape(i, i+size, utf8.RuneError)
		case r >= 0x7f && symbol(r, prev, next, flag) != "":
			if r > 0xffff {
				hi, lo := utf16.EncodeRune(r)
				escape(i, i+size, hi, lo)
			} else {
				escape(i, i+size, r)
			}
		}
		flag = r == 0x1f3f4 || (flag && r >= 0xe0020 && r <= 0xe007e)
		prev = r
		i += size
	}
	if out == nil {
		return b
	}
	return append(out, b[last:]...)
}
