package cline

import (
	"encoding/json"
	"math"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Cline's read_files arguments: a lenient zod union of shapes, parsed in
// the tool's order.

// clEntry is one file request after the schema's parsing.
type clEntry struct {
	path       string
	start, end *float64 // nil: absent or null
}

// clParse tries the schema's union in order; the first shape that fits wins.
func clParse(a reader.Args) ([]clEntry, bool) {
	var raw map[string]json.RawMessage
	if json.Unmarshal(a.Raw, &raw) != nil {
		return nil, false
	}
	fold := func(key string) {
		if v, ok := raw[key]; ok {
			var list []json.RawMessage
			if json.Unmarshal(v, &list) == nil {
				b, _ := json.Marshal(clFold(list))
				raw[key] = b
			}
		}
	}
	fold("files")
	fold("paths")
	// {files: [{path, ...}]}, then a single entry, then the looser forms.
	if list, ok := clList(raw["files"], false); ok {
		return list, true
	}
	if e, ok := clAlias(a.Raw); ok {
		return []clEntry{e}, true
	}
	for _, key := range []string{"files", "file_paths", "paths"} {
		v, present := raw[key]
		if !present {
			continue
		}
		var s string
		var strs []string
		switch {
		case key == "file_paths" && json.Unmarshal(v, &strs) == nil && strs != nil:
			out := make([]clEntry, len(strs))
			for i, p := range strs {
				out[i] = clEntry{path: p}
			}
			return out, true
		case json.Unmarshal(v, &s) == nil:
			return []clEntry{{path: s}}, true
		case key == "file_paths":
		default:
			if list, ok := clList(v, true); ok {
				return list, true
			}
			if e, ok := clAlias(v); ok {
				return []clEntry{e}, true
			}
		}
		return nil, false
	}
	return nil, false
}

// clFold is the tool's nU: an entry holding only start_line/end_line joins
// the path before it.
func clFold(list []json.RawMessage) []json.RawMessage {
	out := []json.RawMessage{}
	for _, item := range list {
		var obj map[string]json.RawMessage
		isRange := json.Unmarshal(item, &obj) == nil && obj != nil && len(obj) > 0
		for k := range obj {
			if k != "start_line" && k != "end_line" {
				isRange = false
			}
		}
		if isRange && len(out) > 0 {
			prev := out[len(out)-1]
			var s string
			var pobj map[string]json.RawMessage
			switch {
			case json.Unmarshal(prev, &s) == nil:
				obj["path"] = prev
				b, _ := json.Marshal(obj)
				out[len(out)-1] = b
				continue
			case json.Unmarshal(prev, &pobj) == nil && pobj != nil && pobj["path"] != nil:
				clash := false
				for k := range obj {
					if _, ok := pobj[k]; ok {
						clash = true
					}
				}
				if !clash {
					for k, v := range obj {
						pobj[k] = v
					}
					b, _ := json.Marshal(pobj)
					out[len(out)-1] = b
					continue
				}
			}
		}
		out = append(out, item)
	}
	return out
}

// clList parses an array of entries; with loose, strings and the
// file_path/filePath aliases are accepted too.
func clList(v json.RawMessage, loose bool) ([]clEntry, bool) {
	var list []json.RawMessage
	if v == nil || json.Unmarshal(v, &list) != nil || list == nil {
		return nil, false
	}
	out := make([]clEntry, 0, len(list))
	for _, item := range list {
		var s string
		if loose && json.Unmarshal(item, &s) == nil {
			out = append(out, clEntry{path: s})
			continue
		}
		e, ok := clEntryOf(item, "path")
		if !ok && loose {
			e, ok = clAlias(item)
		}
		if !ok {
			return nil, false
		}
		out = append(out, e)
	}
	return out, true
}

// clAlias is X8: an entry keyed path, file_path or filePath.
func clAlias(v json.RawMessage) (clEntry, bool) {
	for _, key := range []string{"path", "file_path", "filePath"} {
		if e, ok := clEntryOf(v, key); ok {
			return e, true
		}
	}
	return clEntry{}, false
}

func clEntryOf(v json.RawMessage, key string) (clEntry, bool) {
	a, err := reader.ParseArgs(v)
	if err != nil {
		return clEntry{}, false
	}
	p := a.Get(key)
	if p.Kind != reader.String {
		return clEntry{}, false
	}
	e := clEntry{path: p.Str}
	for _, k := range []string{"start_line", "end_line"} {
		n, ok := clLine(a.Get(k))
		if !ok {
			return clEntry{}, false
		}
		if k == "start_line" {
			e.start = n
		} else {
			e.end = n
		}
	}
	return e, true
}

// clLine is z.coerce.number().int().positive().nullable().optional():
// JavaScript's Number() of the value ([3] and ["3"] are 3, [] is 0, {} and
// [1,2] NaN), then zod 4's int, which takes safe integers only.
func clLine(v reader.Value) (*float64, bool) {
	if v.Kind == reader.Missing || v.Kind == reader.Null {
		return nil, true
	}
	n := node.PrimitiveOf(v.Raw).ToNumber()
	if math.IsNaN(n) || n != math.Trunc(n) || n > 1<<53-1 || n <= 0 {
		return nil, false
	}
	return &n, true
}
