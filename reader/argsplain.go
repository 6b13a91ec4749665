package reader

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// parsePlain reads raw when it is a plain object: no white space, keys and
// string values with no escape, no control character and valid UTF-8,
// numbers as JSON writes them, true, false and null, and arrays and
// objects of the same (kept as their bytes, as the general path keeps them). Such
// are the arguments readlens builds itself (JSONObject), one call per file
// and agent in an audit, where json.Decoder's tokens were a tenth of a
// call's fixed cost. ok is false for anything else, which ParseArgs reads
// the general way; for a plain object both give the same Args
// (TestParsePlainAgrees).
func parsePlain(raw json.RawMessage) (a Args, ok bool) {
	s := raw
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return a, false
	}
	a = Args{Raw: raw}
	i := 1
	if s[i] == '}' {
		return a, i == len(s)-1
	}
	for {
		key, n := plainString(s[i:])
		if n == 0 || i+n >= len(s) || s[i+n] != ':' {
			return a, false
		}
		i += n + 1
		v, n := plainValue(s[i:])
		if n == 0 || i+n >= len(s) {
			return a, false
		}
		i += n
		a.set(string(key), v)
		switch s[i] {
		case ',':
			i++
		case '}':
			return a, i == len(s)-1
		default:
			return a, false
		}
	}
}

// plainString is the contents of the string s starts with and the bytes
// it takes, quotes included; n is 0 when it is not plain.
func plainString(s []byte) (contents []byte, n int) {
	if len(s) == 0 || s[0] != '"' {
		return nil, 0
	}
	for j := 1; j < len(s); j++ {
		switch c := s[j]; {
		case c == '"':
			if !utf8.Valid(s[1:j]) {
				return nil, 0 // the decoder writes U+FFFD for such bytes
			}
			return s[1:j], j + 1
		case c == '\\' || c < 0x20:
			return nil, 0
		}
	}
	return nil, 0
}

// plainValue is the value s starts with and the bytes it takes; n is 0
// when it is not plain.
func plainValue(s []byte) (v Value, n int) {
	if len(s) == 0 {
		return v, 0
	}
	switch s[0] {
	case '"':
		str, n := plainString(s)
		if n == 0 {
			return v, 0
		}
		return Value{Kind: String, Raw: s[:n], Str: string(str)}, n
	case '[', '{':
		if n = plainNested(s, 0); n == 0 {
			return v, 0
		}
		kind := Array
		if s[0] == '{' {
			kind = Object
		}
		return Value{Kind: kind, Raw: s[:n]}, n
	case 't', 'f', 'n':
		for _, w := range [...]string{"true", "false", "null"} {
			if len(s) >= len(w) && string(s[:len(w)]) == w {
				v = Value{Kind: Bool, Raw: s[:len(w)], Bool: w == "true"}
				if w == "null" {
					v = Value{Kind: Null, Raw: s[:len(w)]}
				}
				return v, len(w)
			}
		}
		return v, 0
	}
	n = plainNumber(s)
	if n == 0 {
		return v, 0
	}
	f, err := strconv.ParseFloat(string(s[:n]), 64)
	if err != nil {
		return v, 0 // out of range: the general path says what JSON.parse makes of it
	}
	return Value{Kind: Number, Raw: s[:n], Num: f}, n
}

// plainNested is the length of the plain array or object s starts with,
// or 0: Cline's {"files":[{"path":…}]}. Deep nesting is left to the
// general path.
func plainNested(s []byte, depth int) int {
	if depth > 16 || len(s) < 2 {
		return 0
	}
	end := byte(']')
	if s[0] == '{' {
		end = '}'
	}
	i := 1
	if s[i] == end {
		return 2
	}
	for {
		if end == '}' {
			_, n := plainString(s[i:])
			if n == 0 || i+n >= len(s) || s[i+n] != ':' {
				return 0
			}
			i += n + 1
		}
		n := 0
		switch {
		case i >= len(s):
			return 0
		case s[i] == '[' || s[i] == '{':
			n = plainNested(s[i:], depth+1)
		case s[i] == '"':
			_, n = plainString(s[i:])
		case s[i] == 't' || s[i] == 'f' || s[i] == 'n':
			_, n = plainValue(s[i:])
		default:
			n = plainNumber(s[i:])
		}
		if n == 0 || i+n >= len(s) {
			return 0
		}
		i += n
		switch s[i] {
		case ',':
			i++
		case end:
			return i + 1
		default:
			return 0
		}
	}
}

// plainNumber is the length of the JSON number s starts with: -?int frac? exp?.
func plainNumber(s []byte) int {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return 0
	}
	if i < len(s) && s[i] == '.' {
		if i = digitsFrom(s, i+1); i == 0 {
			return 0
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i = digitsFrom(s, i); i == 0 {
			return 0
		}
	}
	return i
}

// digitsFrom is where the digits from i end, or 0 when there are none.
func digitsFrom(s []byte, i int) int {
	d := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == d {
		return 0
	}
	return i
}
