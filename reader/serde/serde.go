package serde

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Codex parses its tool arguments with serde_json into Rust structs and
// sends the model "failed to parse function arguments: {err}". These
// helpers reproduce serde_json's errors as Display shows them, for the
// shapes a flat struct of strings, integers, booleans and one nested struct
// meets: "<message> at line L column C", where the position is the byte
// after what the parser had consumed.

// Field is one JSON member, or array element, as the parser met it.
type Field struct {
	Key        string
	KeyStart   int // byte offset of the key's opening quote
	KeyEnd     int // byte offset just past the key's closing quote
	Value      json.RawMessage
	Start, End int // byte offsets of the value in the whole input
}

// Object lists an object's members in order, with where each value
// lies in the input (base is the object's own offset), and the offset just
// after its closing brace.
func Object(raw json.RawMessage, base int) ([]Field, int, bool) {
	if out, end, ok := flatObject(raw, base); ok {
		return out, end, true
	}
	return decodeObject(raw, base)
}

// decodeObject is Object for any object, through json.Decoder.
func decodeObject(raw json.RawMessage, base int) ([]Field, int, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, 0, false
	}
	var out []Field
	for dec.More() {
		// Only a comma and spaces lie between the last value and the key.
		prev := int(dec.InputOffset())
		keyStart := prev + bytes.IndexByte(raw[prev:], '"')
		tok, err := dec.Token()
		if err != nil {
			return nil, 0, false
		}
		keyEnd := int(dec.InputOffset())
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, 0, false
		}
		end := int(dec.InputOffset())
		out = append(out, Field{Key: tok.(string), KeyStart: base + keyStart, KeyEnd: base + keyEnd, Value: v, Start: base + end - len(v), End: base + end})
	}
	if _, err := dec.Token(); err != nil {
		return nil, 0, false
	}
	return out, base + int(dec.InputOffset()), true
}

// flatObject is Object for the objects readlens writes itself, one call
// per file in an audit, where json.Decoder's tokens were most of Codex's
// parsing: no white space, keys and string values with no escape and no
// control character, and numbers, true, false and null; no nested value.
// ok is false for anything else, which Object reads the general way.
func flatObject(raw []byte, base int) ([]Field, int, bool) {
	if len(raw) < 2 || raw[0] != '{' {
		return nil, 0, false
	}
	var out []Field
	i := 1
	if raw[i] == '}' {
		return nil, base + 2, true
	}
	for {
		keyStart := i
		k := flatString(raw[i:])
		if k == 0 || i+k >= len(raw) || raw[i+k] != ':' {
			return nil, 0, false
		}
		key, keyEnd := string(raw[i+1:i+k-1]), i+k
		i = keyEnd + 1
		v := flatValue(raw[i:])
		if v == 0 || i+v >= len(raw) {
			return nil, 0, false
		}
		out = append(out, Field{Key: key, KeyStart: base + keyStart, KeyEnd: base + keyEnd,
			Value: json.RawMessage(raw[i : i+v]), Start: base + i, End: base + i + v})
		i += v
		switch raw[i] {
		case ',':
			i++
		case '}':
			return out, base + i + 1, true
		default:
			return nil, 0, false
		}
	}
}

// flatString is the length of the string raw starts with, quotes
// included, or 0 when it is none or holds an escape, a control character
// or bytes that are not UTF-8.
func flatString(raw []byte) int {
	if len(raw) == 0 || raw[0] != '"' {
		return 0
	}
	for j := 1; j < len(raw); j++ {
		switch c := raw[j]; {
		case c == '"':
			if !utf8.Valid(raw[1:j]) {
				return 0
			}
			return j + 1
		case c == '\\' || c < 0x20:
			return 0
		}
	}
	return 0
}

// flatValue is the length of the flat value raw starts with, or 0.
func flatValue(raw []byte) int {
	if len(raw) == 0 {
		return 0
	}
	switch c := raw[0]; {
	case c == '"':
		return flatString(raw)
	case c == '-' || '0' <= c && c <= '9':
		j := 1
		for j < len(raw) && strings.IndexByte("0123456789+-.eE", raw[j]) >= 0 {
			j++
		}
		if !json.Valid(raw[:j]) {
			return 0
		}
		return j
	}
	for _, lit := range []string{"true", "false", "null"} {
		if bytes.HasPrefix(raw, []byte(lit)) {
			return len(lit)
		}
	}
	return 0
}

// Array lists an array's elements in order, as Object does an object's
// members (with no keys).
func Array(raw json.RawMessage, base int) ([]Field, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, false
	}
	var out []Field
	for dec.More() {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		end := int(dec.InputOffset())
		out = append(out, Field{Value: v, Start: base + end - len(v), End: base + end})
	}
	return out, true
}

// Error is a serde_json error at byte offset off, as Display shows it.
func Error(input []byte, msg string, off int) string {
	head := input[:off]
	lineStart := bytes.LastIndexByte(head, '\n') + 1
	line := 1 + bytes.Count(head[:lineStart], []byte{'\n'})
	return fmt.Sprintf("%s at line %d column %d", msg, line, off-lineStart)
}

// StrError is serde_json's complaint about the string literal at off (its
// opening quote) in input, when it reads it into a Rust string (a key, or
// a value it does not skip): a \u escape of a UTF-16 surrogate that is not
// half of a pair, which Go's decoder takes for U+FFFD. The message and
// the offset it is reported at, or "".
func StrError(input []byte, off int) (string, int) {
	const lone, end = "lone leading surrogate in hex escape", "unexpected end of hex escape"
	hex := func(i int) rune {
		n, _ := strconv.ParseUint(string(input[i:i+4]), 16, 32)
		return rune(n)
	}
	for i := off + 1; i < len(input) && input[i] != '"'; {
		if input[i] != '\\' {
			i++
			continue
		}
		if input[i+1] != 'u' {
			i += 2
			continue
		}
		r := hex(i + 2)
		i += 6
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return lone, i
		case r >= 0xD800 && r <= 0xDBFF:
			// serde_json takes the byte after a high surrogate before it
			// complains that no low one follows.
			if input[i] != '\\' {
				return end, i + 1
			}
			if input[i+1] != 'u' {
				return end, i + 2
			}
			if r2 := hex(i + 2); r2 < 0xDC00 || r2 > 0xDFFF {
				return lone, i + 6
			}
			i += 6
		}
	}
	return "", 0
}

// Unexpected is serde's Unexpected for a JSON value, as Display shows
// it, and whether the parser consumed the value before complaining
// (arrays and objects are only peeked at).
func Unexpected(v json.RawMessage) (string, bool) {
	v = bytes.TrimSpace(v)
	switch v[0] {
	case 'n':
		return "null", true
	case 't', 'f':
		return "boolean `" + string(v) + "`", true
	case '"':
		var s string
		json.Unmarshal(v, &s)
		return "string " + DebugString(s), true
	case '[':
		return "sequence", false
	case '{':
		return "map", false
	}
	if n, ok := Integer(v); ok {
		return "integer `" + n + "`", true
	}
	f, _ := strconv.ParseFloat(string(v), 64)
	return "floating point `" + Float(f) + "`", true
}

// Integer reports a JSON number serde_json parses as an integer (no
// fraction or exponent, within 64 bits), in its decimal form.
func Integer(v json.RawMessage) (string, bool) {
	s := string(v)
	if strings.ContainsAny(s, ".eE") {
		return "", false
	}
	if strings.HasPrefix(s, "-") {
		// serde_json reads -0 as the float -0.0.
		n, err := strconv.ParseInt(s, 10, 64)
		return strconv.FormatInt(n, 10), err == nil && n != 0
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return strconv.FormatUint(n, 10), err == nil
}

// Float is how serde_json writes an f64 in an error: the shortest digits
// that read back as it (its formatter, zmij, picks them as Go does), in
// plain notation with ".0" on a whole number when the exponent is -5 to 15,
// else as d.ddde+X: 1e3 is "1000.0", 2^64 "1.8446744073709552e+19".
func Float(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	sci := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±XX
	sign := ""
	if sci[0] == '-' {
		sign, sci = "-", sci[1:]
	}
	mant, e, _ := strings.Cut(sci, "e")
	exp, _ := strconv.Atoi(e)
	digits := strings.Replace(mant, ".", "", 1)
	switch {
	case exp < -5 || exp > 15:
		if len(digits) > 1 {
			digits = digits[:1] + "." + digits[1:]
		}
		es := "+"
		if exp < 0 {
			es, exp = "-", -exp
		}
		return sign + digits + "e" + es + strconv.Itoa(exp)
	case len(digits) <= exp+1:
		return sign + digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
	case exp >= 0:
		return sign + digits[:exp+1] + "." + digits[exp+1:]
	default:
		return sign + "0." + strings.Repeat("0", -exp-1) + digits
	}
}

// Usize checks a value against usize: the number, or the error
// message and the offset it is reported at.
func Usize(f Field) (uint64, string, int) {
	v := bytes.TrimSpace(f.Value)
	if n, ok := Integer(v); ok {
		if strings.HasPrefix(n, "-") {
			return 0, "invalid value: integer `" + n + "`, expected usize", f.End
		}
		u, _ := strconv.ParseUint(n, 10, 64)
		return u, "", 0
	}
	what, consumed := Unexpected(v)
	at := f.End
	if !consumed {
		at = f.Start
	}
	return 0, "invalid type: " + what + ", expected usize", at
}

// DebugString is Rust's Debug for a str: quoted, with \", \\, \n, \r,
// \t, \0 and other control characters as \u{..}.
func DebugString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == 0:
			b.WriteString(`\0`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&b, `\u{%x}`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
