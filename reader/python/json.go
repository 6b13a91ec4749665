package python

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The envelope tool is Python: its JSON is json.dumps(obj, ensure_ascii=False)
// ("key": value, items joined with ", ", text kept as UTF-8), and the
// arguments it echoes went through json.loads first (1.0 stays a float,
// 10 an int, key order kept).

// Quote is json.dumps of a str with ensure_ascii=False: only the quote,
// the backslash and control characters are escaped.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	Escape(&b, s)
	b.WriteByte('"')
	return b.String()
}

func Escape(b *strings.Builder, s string) {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b.WriteString(s[start:i])
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			fmt.Fprintf(b, `\u%04x`, c)
		}
		start = i + 1
	}
	b.WriteString(s[start:])
}

// Float is repr() of a float, as json.dumps writes it: the shortest
// digits, an exponent below 1e-4 and from 1e16 on, ".0" on whole numbers.
func Float(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	if decpt := x + 1; decpt <= -4 || decpt > 16 {
		return mant + "e" + exp[:1] + fmt.Sprintf("%02d", max(x, -x))
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// Dumps re-serialises JSON arguments as json.dumps(json.loads(raw)) does.
func Dumps(raw json.RawMessage) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var b strings.Builder
	pyDumpValue(&b, dec)
	return b.String()
}

func pyDumpValue(b *strings.Builder, dec *json.Decoder) {
	tok, err := dec.Token()
	if err != nil {
		return
	}
	switch t := tok.(type) {
	case json.Delim:
		closer := byte('}')
		if t == '[' {
			closer = ']'
		}
		b.WriteByte(byte(t))
		// json.loads keeps a repeated key's first position and last value.
		type member struct {
			key string
			val string
		}
		var members []member
		at := map[string]int{}
		for dec.More() {
			var key string
			if t == '{' {
				k, _ := dec.Token()
				key = k.(string)
			}
			var vb strings.Builder
			pyDumpValue(&vb, dec)
			if i, dup := at[key]; dup && t == '{' {
				members[i].val = vb.String()
				continue
			}
			at[key] = len(members)
			members = append(members, member{key, vb.String()})
		}
		dec.Token() // the closing delimiter
		for i, m := range members {
			if i > 0 {
				b.WriteString(", ")
			}
			if t == '{' {
				b.WriteString(Quote(m.key) + ": ")
			}
			b.WriteString(m.val)
		}
		b.WriteByte(closer)
	case string:
		b.WriteString(Quote(t))
	case json.Number:
		s := string(t)
		if !strings.ContainsAny(s, ".eE") {
			if s == "-0" {
				s = "0"
			}
			b.WriteString(s) // a Python int: every digit
			return
		}
		f, _ := strconv.ParseFloat(s, 64) // out of range is ±inf, as in Python
		b.WriteString(Float(f))
	case bool:
		b.WriteString(strconv.FormatBool(t))
	case nil:
		b.WriteString("null")
	}
}
