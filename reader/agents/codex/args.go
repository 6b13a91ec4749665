package codex

import (
	"bytes"
	"encoding/json"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/serde"
)

// cxParse is serde's derive for ReadFileArgs on the raw arguments: an
// object's fields in the order given, unknown ones skipped, a known one
// given twice an error; an array's elements as the fields in their order
// (cxFields), the missing ones their defaults; the first failure reported.
func cxParse(a reader.Args) (*cxCall, string) {
	c := &cxCall{args: a, offset: 1, limit: cxLimit, header: true}
	in := []byte(a.Raw)
	var p cxParsed
	var msg string
	if a.NotObject() {
		msg = p.sequence(in, c)
	} else {
		msg = p.object(in, c)
	}
	if msg != "" {
		return nil, msg
	}
	c.anchor = c.offset
	if p.anchor != nil {
		c.anchor = int(min(*p.anchor, 1<<50))
	}
	c.guard = c.limit
	if p.maxLines != nil {
		c.guard = int(min(*p.maxLines, 1<<50))
	}
	return c, ""
}

// cxFields are ReadFileArgs's fields in their order, as an array gives
// them.
var cxFields = []string{"file_path", "offset", "limit", "mode", "indentation"}

// cxParsed is what the fields give besides the call's own.
type cxParsed struct {
	anchor, maxLines *uint64
}

func (p *cxParsed) object(in []byte, c *cxCall) string {
	base := bytes.IndexByte(in, '{')
	fields, end, ok := serde.Object(in[base:], base)
	if !ok {
		return "arguments are not a JSON object"
	}
	seen := map[string]bool{}
	for _, f := range fields {
		if msg, at := serde.StrError(in, f.KeyStart); msg != "" {
			return serde.Error(in, msg, at)
		}
		switch f.Key {
		case "file_path", "offset", "limit", "mode", "indentation":
			if seen[f.Key] {
				// The derive fails on the key, before it reads the value.
				return serde.Error(in, "duplicate field `"+f.Key+"`", f.KeyEnd)
			}
			seen[f.Key] = true
			if msg, at := p.field(in, f.Key, f, c); msg != "" {
				return serde.Error(in, msg, at)
			}
		}
	}
	if !seen["file_path"] {
		return serde.Error(in, "missing field `file_path`", end)
	}
	return ""
}

// sequence reads arguments that are not an object: an array is the fields
// in order; anything else is not ReadFileArgs at all.
func (p *cxParsed) sequence(in []byte, c *cxCall) string {
	v := bytes.TrimSpace(in)
	base := bytes.Index(in, v)
	if v[0] != '[' {
		f := serde.Field{Value: v, Start: base, End: base + len(v)}
		msg, at := expected(f, "struct ReadFileArgs")
		return serde.Error(in, msg, at)
	}
	elems, ok := serde.Array(v, base)
	if !ok {
		return "arguments are not JSON"
	}
	if len(elems) == 0 {
		// file_path has no default: serde_json has read the closing ].
		return serde.Error(in, "invalid length 0, expected struct ReadFileArgs with 5 elements", base+len(v))
	}
	for i, f := range elems {
		if i == len(cxFields) {
			return serde.Error(in, "trailing characters", f.Start+1) // serde_json looks past the last field for the "]"
		}
		if msg, at := p.field(in, cxFields[i], f, c); msg != "" {
			return serde.Error(in, msg, at)
		}
	}
	return ""
}

// field reads one of ReadFileArgs's fields: the message and offset of
// serde's failure, if any.
func (p *cxParsed) field(in []byte, key string, f serde.Field, c *cxCall) (string, int) {
	if msg, at := strError(in, f); msg != "" {
		return msg, at
	}
	switch key {
	case "file_path":
		if bytes.TrimSpace(f.Value)[0] != '"' {
			return expected(f, "a string")
		}
		json.Unmarshal(f.Value, &c.filePath) // a string: StrError took the one Go and serde read apart
	case "offset", "limit":
		n, msg, at := serde.Usize(f)
		if msg != "" {
			return msg, at
		}
		v := int(min(n, 1<<50))
		if key == "offset" {
			c.offset = v
		} else {
			c.limit, c.limited = v, true
		}
	case "mode":
		var s string
		switch {
		case bytes.TrimSpace(f.Value)[0] != '"' || json.Unmarshal(f.Value, &s) != nil:
			return "expected value", f.Start + 1
		case s == "slice":
			c.indent = false
		case s == "indentation":
			c.indent = true
		default:
			return "unknown variant `" + s + "`, expected `slice` or `indentation`", f.End
		}
	case "indentation":
		return cxIndentation(in, f, c, &p.anchor, &p.maxLines)
	}
	return "", 0
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
