package codex

import (
	"bytes"
	"encoding/json"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/serde"
)

// cxParse is serde's derive for ReadFileArgs on the raw arguments: fields
// in the order given, unknown ones skipped, the first failure reported.
func cxParse(a reader.Args) (*cxCall, string) {
	c := &cxCall{args: a, offset: 1, limit: cxLimit, header: true}
	in := []byte(a.Raw)
	base := bytes.IndexByte(in, '{')
	fields, end, ok := serde.Object(in[base:], base)
	if !ok {
		return nil, "arguments are not a JSON object"
	}
	seenPath := false
	var maxLines *uint64
	var anchor *uint64
	for _, f := range fields {
		var msg string
		var at int
		switch f.Key {
		case "file_path":
			if bytes.TrimSpace(f.Value)[0] != '"' {
				what, consumed := serde.Unexpected(f.Value)
				msg, at = "invalid type: "+what+", expected a string", f.End
				if !consumed {
					at = f.Start
				}
			}
			seenPath = true
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
	if !seenPath {
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

func cxIndentation(in []byte, f serde.Field, c *cxCall, anchor, maxLines **uint64) (string, int) {
	v := bytes.TrimSpace(f.Value)
	switch v[0] {
	case 'n':
		return "", 0 // Option: null is None
	case '{':
	default:
		what, consumed := serde.Unexpected(v)
		at := f.End
		if !consumed {
			at = f.Start
		}
		return "invalid type: " + what + ", expected struct IndentationArgs", at
	}
	fields, _, ok := serde.Object(f.Value, f.Start)
	if !ok {
		return "expected value", f.Start + 1
	}
	for _, g := range fields {
		switch g.Key {
		case "anchor_line", "max_lines", "max_levels":
			if g.Key != "max_levels" && bytes.Equal(bytes.TrimSpace(g.Value), []byte("null")) {
				continue
			}
			n, msg, at := serde.Usize(g)
			if msg != "" {
				return msg, at
			}
			switch g.Key {
			case "anchor_line":
				*anchor = &n
			case "max_lines":
				*maxLines = &n
			default:
				c.maxLevels = int(min(n, 1<<40))
			}
		case "include_siblings", "include_header":
			var b bool
			if json.Unmarshal(g.Value, &b) != nil {
				what, consumed := serde.Unexpected(g.Value)
				at := g.End
				if !consumed {
					at = g.Start
				}
				return "invalid type: " + what + ", expected a boolean", at
			}
			if g.Key == "include_siblings" {
				c.siblings = b
			} else {
				c.header = b
			}
		}
	}
	return "", 0
}
