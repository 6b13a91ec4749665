package node

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
)

// The JavaScript agents quote arguments back in their errors, so readlens
// prints values the way JavaScript does.

// Number formats f as JavaScript's Number.prototype.toString does.
func Number(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// Shortest round-trip digits d.ddd and exponent, as ECMAScript requires.
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k := len(digits)
	n := x + 1 // the decimal point sits after n digits
	var s string
	switch {
	case k <= n && n <= 21:
		s = digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		s = digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		s = "0." + strings.Repeat("0", -n) + digits
	default:
		es := "+"
		if n-1 < 0 {
			es = "-"
		}
		s = digits[:1]
		if k > 1 {
			s += "." + digits[1:]
		}
		s += "e" + es + strconv.Itoa(abs(n-1))
	}
	return sign + s
}

// ToFixed formats f as JavaScript's Number.prototype.toFixed(digits) does
// for |f| < 1e21: the exact value of the double rounded to digits
// decimals, a tie away from zero (toFixed picks the larger n for |f|),
// where Go's formatting rounds a tie to even (1.125 is "1.13", not "1.12").
func ToFixed(f float64, digits int) string {
	if math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= 1e21 {
		return Number(f)
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	r := new(big.Rat).SetFloat64(f)
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(digits)), nil)
	r.Mul(r, new(big.Rat).SetInt(scale))
	r.Add(r, big.NewRat(1, 2))
	n := new(big.Int).Quo(r.Num(), r.Denom()) // floor, both positive
	s := n.String()
	if digits > 0 {
		if len(s) <= digits {
			s = strings.Repeat("0", digits-len(s)+1) + s
		}
		s = s[:len(s)-digits] + "." + s[len(s)-digits:]
	}
	return sign + s // (-0.001).toFixed(2) is "-0.00"
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ToLowerCase is String.prototype.toLowerCase: Unicode's full lowercase
// mapping, where Go's strings.ToLower takes the simple one ("İ" is "i̇",
// a final "Σ" is "ς").
func ToLowerCase(s string) string { return cases.Lower(language.Und).String(s) }

// Quote quotes s as JSON.stringify does: the quote, the backslash and
// control characters escaped, the short forms where JSON has them. A
// JavaScript string holds no invalid UTF-8, so each such byte is U+FFFD, as
// it became when the text was decoded.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	Escape(&b, s)
	b.WriteByte('"')
	return b.String()
}

// Escape writes s as Quote does, without the quotes around it: for a
// caller that builds a larger string, rather than making one for each.
func Escape(b *strings.Builder, s string) {
	if !utf8.ValidString(s) {
		s = strings.Map(func(r rune) rune { return r }, s) // one U+FFFD a bad byte
	}
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b.WriteString(s[start:i])
		if short := jsShortEscapes[c]; short != "" {
			b.WriteString(short)
		} else {
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&0xf])
		}
		start = i + 1
	}
	b.WriteString(s[start:])
}

// EscapeHalves is Escape for a JavaScript string that holds unpaired
// surrogates, kept in s as WTF-8 (ED A0..BF 80..BF): JSON.stringify
// writes each as its escape, \ud83d. Other bytes that are not UTF-8 are
// U+FFFD, as in Escape.
func EscapeHalves(b *strings.Builder, s string) {
	for {
		i := wtf8Half(s)
		if i < 0 {
			Escape(b, s)
			return
		}
		Escape(b, s[:i])
		u := 0xd000 | rune(s[i+1]&0x3f)<<6 | rune(s[i+2]&0x3f)
		b.WriteString(`\u`)
		for shift := 12; shift >= 0; shift -= 4 {
			b.WriteByte(hexDigits[u>>shift&0xf])
		}
		s = s[i+3:]
	}
}

// wtf8Half is where s holds its first unpaired surrogate as WTF-8, or -1.
func wtf8Half(s string) int {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == 0xed && s[i+1] >= 0xa0 && s[i+1] <= 0xbf && s[i+2]&0xc0 == 0x80 {
			return i
		}
	}
	return -1
}

// jsShortEscapes are JSON's two-character escapes, by the byte they
// escape: a table, since Go source has a tab to escape on nearly every
// line, and each was a map lookup.
var jsShortEscapes = [256]string{
	'"': `\"`, '\\': `\\`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`,
}

const hexDigits = "0123456789abcdef"

// Stringify prints a JSON value as JSON.stringify(v, null, indent) does:
// key order kept, numbers in JavaScript's form.
func Stringify(raw json.RawMessage, indent string) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var b strings.Builder
	writeJS(&b, dec, indent, "")
	return b.String()
}

func writeJS(b *strings.Builder, dec *json.Decoder, indent, at string) {
	tok, err := dec.Token()
	if err != nil {
		return
	}
	switch t := tok.(type) {
	case json.Delim:
		closer := "}"
		if t == '[' {
			closer = "]"
		}
		b.WriteString(string(t))
		inner := at + indent
		first := true
		for dec.More() {
			if !first {
				b.WriteByte(',')
			}
			first = false
			if indent != "" {
				b.WriteString("\n" + inner)
			}
			if t == '{' {
				k, _ := dec.Token()
				b.WriteString(Quote(k.(string)))
				b.WriteByte(':')
				if indent != "" {
					b.WriteByte(' ')
				}
			}
			writeJS(b, dec, indent, inner)
		}
		dec.Token() // the closing delimiter
		if !first && indent != "" {
			b.WriteString("\n" + at)
		}
		b.WriteString(closer)
	case string:
		b.WriteString(Quote(t))
	case json.Number:
		f, _ := strconv.ParseFloat(string(t), 64)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			b.WriteString("null")
		} else {
			b.WriteString(Number(f))
		}
	case bool:
		b.WriteString(strconv.FormatBool(t))
	case nil:
		b.WriteString("null")
	}
}

// ToNumber is JavaScript's Number(s) for a string: surrounding white
// space ignored, "" is 0, 0x/0o/0b integers, Infinity, decimal literals.
func ToNumber(s string) (float64, bool) {
	s = strings.TrimFunc(s, IsSpace)
	switch s {
	case "":
		return 0, true
	case "Infinity", "+Infinity":
		return math.Inf(1), true
	case "-Infinity":
		return math.Inf(-1), true
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			f := 0.0
			for _, c := range s[2:] {
				d := digitVal(c)
				if d < 0 || d >= base {
					return math.NaN(), false
				}
				f = f*float64(base) + float64(d)
			}
			return f, true
		}
	}
	if !jsDecimal.MatchString(s) {
		return math.NaN(), false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return math.NaN(), false
	}
	return f, true
}

var jsDecimal = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)

func digitVal(c rune) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return -1
}

// IsSpace is JavaScript's WhiteSpace and LineTerminator.
func IsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}
