package node

import (
	"fmt"
	"strings"
	"unicode/utf16"
)

// Node's fs functions check a path before any system call: one holding a
// NUL byte throws ERR_INVALID_ARG_VALUE, a TypeError whose message quotes
// the path as util.inspect prints it (lib/internal/errors.js and
// lib/internal/util/inspect.js, Node 20; checked with Node v20.20.2).

// NullBytesPath is the message of the TypeError an fs call throws for a
// path that holds a NUL byte.
func NullBytesPath(path string) string {
	return InvalidArgValue("path", path, "must be a string, Uint8Array, or URL without null bytes")
}

// InvalidArgValue is ERR_INVALID_ARG_VALUE's message for a string value:
// the value inspected, cut after 128 UTF-16 units with "...".
func InvalidArgValue(name, value, reason string) string {
	in := inspectString(utf16.Encode([]rune(value)))
	if len(in) > 128 {
		in = append(in[:128:128], '.', '.', '.')
	}
	typ := "argument"
	if strings.Contains(name, ".") {
		typ = "property"
	}
	// A cut through a surrogate pair leaves half of it, which a Go string
	// cannot hold: it becomes U+FFFD.
	return "The " + typ + " '" + name + "' " + reason + ". Received " + string(utf16.Decode(in))
}

// Inspect is util.inspect(s) for a string, with inspect's defaults.
func Inspect(s string) string {
	return string(utf16.Decode(inspectString(utf16.Encode([]rune(s)))))
}

// inspectString is formatPrimitive for a string, in UTF-16 units: at most
// 10,000 of them shown; a string longer than the line (breakLength 128,
// less 4) is quoted line by line, the pieces joined with " +\n  ".
func inspectString(u []uint16) []uint16 {
	const maxStringLength, minLineLength, breakLength = 10000, 16, 128
	trailer := ""
	if len(u) > maxStringLength {
		remaining := len(u) - maxStringLength
		u = u[:maxStringLength]
		trailer = fmt.Sprintf("... %d more character", remaining)
		if remaining > 1 {
			trailer += "s"
		}
	}
	var out []uint16
	if len(u) > minLineLength && len(u) > breakLength-4 {
		// value.split(/(?<=\n)/): each piece ends after a newline.
		for start := 0; start < len(u); {
			end := start
			for end < len(u) && u[end] != '\n' {
				end++
			}
			if end < len(u) {
				end++
			}
			if start > 0 {
				out = append(out, utf16.Encode([]rune(" +\n  "))...)
			}
			out = append(out, strEscape(u[start:end])...)
			start = end
		}
	} else {
		out = strEscape(u)
	}
	return append(out, utf16.Encode([]rune(trailer))...)
}

// strEscape quotes a string as inspect does: in single quotes, or double
// quotes when it holds a single one, or backticks when it holds both (and
// no backtick or "${"); control characters, C1 controls, DEL, the
// backslash, a single quote inside single quotes and unpaired surrogates
// are escaped.
func strEscape(u []uint16) []uint16 {
	has := func(s string) bool { return strings.Contains(string(utf16.Decode(u)), s) }
	quote := uint16('\'')
	if has("'") {
		switch {
		case !has(`"`):
			quote = '"'
		case !has("`") && !has("${"):
			quote = '`'
		}
	}
	out := []uint16{quote}
	esc := func(s string) { out = append(out, utf16.Encode([]rune(s))...) }
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case c == quote && c == '\'', c == '\\':
			esc(`\` + string(rune(c)))
		case c < 32 || c > 126 && c < 160:
			switch c {
			case '\b':
				esc(`\b`)
			case '\t':
				esc(`\t`)
			case '\n':
				esc(`\n`)
			case '\f':
				esc(`\f`)
			case '\r':
				esc(`\r`)
			default:
				esc(fmt.Sprintf(`\x%02X`, c))
			}
		case c >= 0xd800 && c <= 0xdbff && i+1 < len(u) && u[i+1] >= 0xdc00 && u[i+1] <= 0xdfff:
			out = append(out, c, u[i+1])
			i++
		case c >= 0xd800 && c <= 0xdfff:
			esc(fmt.Sprintf(`\u%x`, c))
		default:
			out = append(out, c)
		}
	}
	return append(out, quote)
}
