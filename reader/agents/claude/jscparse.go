package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// jscParseError words a JSON syntax error the way Bun's JSON.parse
// (JavaScriptCore's LiteralParser) does, for the cases readlens can tell
// apart (checked with the oracle): an early end, inside a string or not;
// content after the value; a bad escape; a control character in a string;
// a property name that is not a string; a character no token starts with;
// a bare word; a trailing comma in an array; a misplaced token.
func jscParseError(data []byte, err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(err.Error(), "unexpected end of JSON input") {
		if jsonEndsInString(data) {
			return "Unterminated string"
		}
		// Where the text ended: what a character after it would have been
		// checked against.
		var probe json.RawMessage
		if perr := json.Unmarshal(append(slices.Clip(data), '#'), &probe); perr != nil {
			if msg := jscNumber(perr.Error(), data); msg != "" {
				return msg
			}
			if msg := jscExpected(perr.Error(), data); msg != "" {
				return msg
			}
		}
		return "Unexpected EOF"
	}
	var se *json.SyntaxError
	if !errors.As(err, &se) || se.Offset < 1 || int(se.Offset) > len(data) {
		return err.Error()
	}
	at := int(se.Offset) - 1
	c := data[at]
	r, _ := utf8.DecodeRune(data[at:])
	msg := se.Error()
	switch {
	case strings.HasSuffix(msg, "after top-level value"):
		return "Unable to parse JSON string"
	case strings.HasSuffix(msg, "in string literal"):
		return "Unterminated string" // a control character ends the string's safe run
	case strings.HasSuffix(msg, "in string escape code") && at >= len(data)-1:
		return "Unterminated string" // the text ends in the escape
	case strings.HasSuffix(msg, "in string escape code"):
		return "Invalid escape character " + string(r)
	case strings.Contains(msg, "hexadecimal character escape"):
		u := bytes.LastIndex(data[:at], []byte(`\u`))
		if u < 0 || len(data)-u-1 < 5 {
			return `\u must be followed by 4 hex digits`
		}
		return `"\` + string(data[u+1:u+6]) + `" is not a valid unicode escape`
	case c == '\'':
		return "Single quotes (') are not allowed in JSON"
	case !jscTokenStart(c):
		if r > 0xffff {
			r = utf8.RuneError // the message holds one UTF-16 unit, half of the pair
		}
		return "Unrecognized token '" + string(r) + "'"
	}
	before := data[:at]
	if strings.HasPrefix(msg, "invalid character ' '") && c != ' ' {
		before = data // the scanner's end of input, at the last byte
	}
	if m := jscNumber(msg, before); m != "" {
		return m
	}
	if m := jscExpected(msg, data[:at]); m != "" {
		return m
	}
	word := func(b byte) bool {
		return b == '_' || b == '$' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	if strings.Contains(msg, "in literal ") {
		for at > 0 && word(data[at-1]) {
			at-- // a literal cut short is lexed as the word it starts
		}
		c = data[at]
	}
	if word(c) && !(c >= '0' && c <= '9') {
		end := at
		for end < len(data) && word(data[end]) {
			end++
		}
		return `Unexpected identifier "` + string(data[at:end]) + `"`
	}
	prev := strings.TrimRight(string(data[:at]), " \t\r\n")
	if c == ']' && strings.HasSuffix(prev, ",") {
		return "Unexpected comma at the end of array expression"
	}
	return "Unexpected token '" + string(c) + "'"
}

// jscExpected is the parser's message for a token that is not the one
// the place needs, by what Go's scanner was looking for after before.
func jscExpected(msg string, before []byte) string {
	switch {
	case strings.HasSuffix(msg, "looking for beginning of object key string") && bytes.HasSuffix(bytes.TrimRight(before, " \t\r\n"), []byte(",")):
		return "Property name must be a string literal"
	case strings.HasSuffix(msg, "after object key"):
		return "Expected ':' before value in object property definition"
	case strings.HasSuffix(msg, "after object key:value pair"), strings.HasSuffix(msg, "looking for beginning of object key string"):
		return "Expected '}'"
	case strings.HasSuffix(msg, "after array element"):
		return "Expected ']'"
	}
	return ""
}

// jscNumber is the lexer's message for a number cut short after before:
// a '-' with no digit, a '.' with none after it. An exponent with no digit
// ends the number before the 'e', so what follows is out of place: the
// container's closing bracket is expected.
func jscNumber(msg string, before []byte) string {
	switch {
	case strings.HasSuffix(msg, "after decimal point in numeric literal"):
		return "Invalid digits after decimal point"
	case strings.HasSuffix(msg, "in numeric literal") && bytes.HasSuffix(before, []byte("-")):
		return "Invalid number"
	case strings.HasSuffix(msg, "in exponent of numeric literal"):
		switch jsonContainer(before) {
		case '{':
			return "Expected '}'"
		case '[':
			return "Expected ']'"
		}
	}
	return ""
}

// jsonContainer is the innermost open bracket at the end of before, 0 at
// the top level.
func jsonContainer(before []byte) byte {
	var open []byte
	in := false
	for i := 0; i < len(before); i++ {
		switch c := before[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case in:
		case c == '{' || c == '[':
			open = append(open, c)
		case (c == '}' || c == ']') && len(open) > 0:
			open = open[:len(open)-1]
		}
	}
	if len(open) == 0 {
		return 0
	}
	return open[len(open)-1]
}

// jscTokenStart reports whether LiteralParser's lexer starts a token with
// c; any other character is an "Unrecognized token".
func jscTokenStart(c byte) bool {
	return strings.IndexByte(`[](){},:"-.=;_$`, c) >= 0 || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// jsonEndsInString reports whether JSON text that ended early ended inside
// a string.
func jsonEndsInString(data []byte) bool {
	in := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		}
	}
	return in
}
