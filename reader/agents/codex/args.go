package codex

import (
	"bytes"
	"encoding/json"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/serde"
)

// cxParse is serde's derive for ReadFileArgs on the raw arguments: fields
// in the order given, unknown ones skipped, a known one given twice an
// error, the first failure reported.
func cxParse(a reader.Args) (*cxCall, string) {
	c := &cxCall{args: a, offset: 1, limit: cxLimit, header: true}
	in := []byte(a.Raw)
	base := bytes.IndexByte(in, '{')
	fields, end, ok := serde.Object(in[base:], base)
	if !ok {
		return nil, "arguments are not a JSON object"
	}
	seen := map[string]bool{}
	var maxLines *uint64
	var anchor *uint64
	for _, f := range fields {
		if msg, at := serde.StrError(in, f.KeyStart); msg != "" {
			return nil, serde.Error(in, msg, at)
		}
		var msg string
		var at int
		switch f.Key {
		case "file_path", "offset", "limit", "mode", "indentation":
			if seen[f.Key] {
				// The derive fails on the key, before it reads the value.
				return nil, serde.Error(in, "duplicate field `"+f.Key+"`", f.KeyEnd)
			}
			seen[f.Key] = true
			if msg, at := strError(in, f); msg != "" {
				return nil, serde.Error(in, msg, at)
			}
		}
		switch f.Key {
		case "file_path":
			if bytes.TrimSpace(f.Value)[0] != '"' {
				msg, at = expected(f, "a string")
			}
		case "offset", "limit":
			var n uint64
			n, msg, at = serde.Usize(f)
			v := int(min(n, 1<<50))
			if f.Key == "offset" {
				c.offset = v
			} else {
				c.limit, c.limited = v, true
			}
		case "mode":
			var s string
			switch {
			case bytes.TrimSpace(f.Value)[0] != '"' || json.Unmarshal(f.Value, &s) != nil:
				msg, at = "expected value", f.Start+1
			case s == "slice":
				c.indent = false
			case s == "indentation":
				c.indent = true
			default:
				msg, at = "unknown variant `"+s+"`, expected `slice` or `indentation`", f.End
			}
		case "indentation":
			msg, at = cxIndentation(in, f, c, &anchor, &maxLines)
		}
		if msg != "" {
			return nil, serde.Error(in, msg, at)
		}
	}
	if !seen["file_path"] {
		return nil, serde.Error(in, "missing field `file_path`", end)
	}
	c.anchor = c.offset
	if anchor != nil {
		c.anchor = int(min(*anchor, 1<<50))
	}
	c.guard = c.limit
	if maxLines != nil {
		c.guard = int(min(*maxLines, 1<<50))
	}
	return c, ""
}

// cxIndentFields are IndentationArgs's fields in their order: a JSON
// array fills them in turn, as serde's derive reads a struct from a
// sequence (the missing ones take their defaults).
var cxIndentFields = []string{"anchor_line", "max_levels", "include_siblings", "include_header", "max_lines"}

// cxIndentation reads Option<IndentationArgs>: null, an object, or an
// array; the message and offset of serde's failure, if any.
func cxIndentation(in []byte, f serde.Field, c *cxCall, anchor, maxLines **uint64) (string, int) {
	switch bytes.TrimSpace(f.Value)[0] {
	case 'n':
		return "", 0 // Option: null is None
	case '[':
		elems, ok := serde.Array(f.Value, f.Start)
		if !ok {
			return "expected value", f.Start + 1
		}
		for i, g := range elems {
			if i == len(cxIndentFields) {
				// serde_json looks past the last field for the "]".
				return "trailing characters", g.Start + 1
			}
			if msg, at := strError(in, g); msg != "" {
				return msg, at
			}
			if msg, at := cxIndentField(cxIndentFields[i], g, c, anchor, maxLines); msg != "" {
				return msg, at
			}
		}
		return "", 0
	case '{':
	default:
		return expected(f, "struct IndentationArgs")
	}
	fields, _, ok := serde.Object(f.Value, f.Start)
	if !ok {
		return "expected value", f.Start + 1
	}
	seen := map[string]bool{}
	for _, g := range fields {
		if msg, at := serde.StrError(in, g.KeyStart); msg != "" {
			return msg, at
		}
		for _, k := range cxIndentFields {
			if g.Key != k {
				continue
			}
			if seen[k] {
				return "duplicate field `" + k + "`", g.KeyEnd
			}
			seen[k] = true
			if msg, at := strError(in, g); msg != "" {
				return msg, at
			}
			if msg, at := cxIndentField(k, g, c, anchor, maxLines); msg != "" {
				return msg, at
			}
		}
	}
	return "", 0
}

// cxIndentField reads one IndentationArgs field: anchor_line and
// max_lines are Option<usize> (null is None), max_levels a usize, the
// others booleans (null is not one).
func cxIndentField(key string, g serde.Field, c *cxCall, anchor, maxLines **uint64) (string, int) {
	v := bytes.TrimSpace(g.Value)
	switch key {
	case "anchor_line", "max_lines", "max_levels":
		if key != "max_levels" && v[0] == 'n' {
			return "", 0
		}
		n, msg, at := serde.Usize(g)
		if msg != "" {
			return msg, at
		}
		switch key {
		case "anchor_line":
			*anchor = &n
		case "max_lines":
			*maxLines = &n
		default:
			c.maxLevels = int(min(n, 1<<40))
		}
	default:
		if v[0] != 't' && v[0] != 'f' {
			return expected(g, "a boolean")
		}
		if key == "include_siblings" {
			c.siblings = v[0] == 't'
		} else {
			c.header = v[0] == 't'
		}
	}
	return "", 0
}

// expected is serde's "invalid type" for a value of another type, where
// serde_json reports it: after the value, or at an array or object it
// only peeked at.
func expected(f serde.Field, what string) (string, int) {
	got, consumed := serde.Unexpected(f.Value)
	if !consumed {
		return "invalid type: " + got + ", expected " + what, f.Start
	}
	return "invalid type: " + got + ", expected " + what, f.End
}

// strError is serde.StrError for a value serde reads (not one it skips):
// only a string is read as a string.
func strError(in []byte, f serde.Field) (string, int) {
	if in[f.Start] != '"' {
		return "", 0
	}
	return serde.StrError(in, f.Start)
}
