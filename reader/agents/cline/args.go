package cline

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Cline's read_files arguments: a lenient zod 4 union of shapes (the
// tool's dU), tried in the tool's order, after the orphan ranges are
// folded (tU). zod's own rules decide what the model is told when none
// fits: the first shape that parses wins; else, when exactly one shape
// failed only on checks that let parsing go on (a line number too small,
// or past the safe integers), its issues are the error; else the union's
// "Invalid input".

// clEntry is one file request after the schema's parsing.
type clEntry struct {
	path       string
	start, end *float64 // nil: absent or null
}

// clIssue is one issue zod reports: where, and its message.
type clIssue struct {
	path []string // keys, and array indexes as "[i]"
	msg  string
}

// clResult is one schema's parse: entries when it has no issues. It is
// aborted when any issue stops parsing (a wrong type, a fraction, a
// failed union or transform), as zod's util.aborted judges it.
type clResult struct {
	entries []clEntry
	issues  []clIssue
	aborted bool
}

func (r clResult) ok() bool { return len(r.issues) == 0 && !r.aborted }

// clFailed is a result that stopped parsing; its issues are never shown.
var clFailed = clResult{aborted: true}

// prefix puts seg before each issue's path, as an object or array does
// with its members' issues.
func (r clResult) prefix(seg string) clResult {
	out := r
	out.issues = make([]clIssue, len(r.issues))
	for i, is := range r.issues {
		out.issues[i] = clIssue{path: append([]string{seg}, is.path...), msg: is.msg}
	}
	return out
}

// clParse parses the arguments as the tool's schema does: the entries,
// or the text of the error the tool throws.
func clParse(a reader.Args) ([]clEntry, string) {
	if path, ok := clOnePath(a.Raw); ok {
		return []clEntry{{path: path}}, ""
	}
	return clParseUnion(a)
}

// clOnePath is the path of arguments of the one shape Args writes for a
// default call, {"files":[{"path":"…"}]}, when the path is written
// without an escape: every call of an audit, which the union (a dozen
// JSON decodes and encodes) parses to that one entry;
// TestOnePathAsTheUnion holds the two to each other.
func clOnePath(raw []byte) (string, bool) {
	const head, tail = `{"files":[{"path":"`, `"}]}`
	if len(raw) <= len(head)+len(tail) || !bytes.HasPrefix(raw, []byte(head)) || !bytes.HasSuffix(raw, []byte(tail)) {
		return "", false
	}
	path := raw[len(head) : len(raw)-len(tail)]
	for _, b := range path {
		if b == '"' || b == '\\' || b < 0x20 {
			return "", false
		}
	}
	if !utf8.Valid(path) {
		return "", false
	}
	return string(path), true
}

// clParseUnion is clParse for any arguments.
func clParseUnion(a reader.Args) ([]clEntry, string) {
	if a.NotObject() {
		return clParseBare(a.Raw)
	}
	var raw map[string]json.RawMessage
	if json.Unmarshal(a.Raw, &raw) != nil || raw == nil {
		return nil, clInvalid
	}
	// tU: the first of files and paths that is an array has its orphan
	// ranges folded.
	for _, key := range []string{"files", "paths"} {
		var list []json.RawMessage
		if v, ok := raw[key]; ok && json.Unmarshal(v, &list) == nil && list != nil {
			b, _ := json.Marshal(clFold(list))
			raw[key] = b
			break
		}
	}
	b, _ := json.Marshal(raw)
	return clEntries(clUnion(clOptions(raw, b)...))
}

// clParseBare is clParse for arguments that are not an object: dU's
// top-level shapes, an array of entries, an array of paths or one path,
// in its order (the object shapes before and after them abort on such
// input), an array's orphan ranges folded first (tU).
func clParseBare(raw json.RawMessage) ([]clEntry, string) {
	v := bytes.TrimSpace(raw)
	var list []json.RawMessage
	if json.Unmarshal(v, &list) == nil && list != nil {
		v, _ = json.Marshal(clFold(list))
	}
	r := clUnion(
		func() clResult { return clArray(v, clX8) },
		func() clResult { return clArray(v, clString) },
		clStringFn(v),
	)
	return clEntries(r)
}

// clEntries is a union's result as clParse gives it.
func clEntries(r clResult) ([]clEntry, string) {
	if r.ok() {
		return r.entries, ""
	}
	if r.aborted {
		return nil, clInvalid
	}
	return nil, clPrettify(r.issues)
}

// clOptions are the results of dU's shapes, in its order. The top-level
// array and string shapes never fit a tool call's object (clParseBare).
func clOptions(raw map[string]json.RawMessage, whole json.RawMessage) []func() clResult {
	field := func(key string, f func(json.RawMessage) clResult) func() clResult {
		return func() clResult {
			v, ok := raw[key]
			if !ok {
				return clFailed
			}
			return f(v).prefix(key)
		}
	}
	strOrEntry := func(v json.RawMessage) clResult { return clUnion(clStringFn(v), func() clResult { return clX8(v) }) }
	return []func() clResult{
		field("files", func(v json.RawMessage) clResult {
			return clArray(v, func(e json.RawMessage) clResult { return clObject(e, "path", false) })
		}),
		func() clResult { return clX8(whole) },
		field("files", func(v json.RawMessage) clResult { return clArray(v, strOrEntry) }),
		field("files", clX8),
		field("files", clString),
		field("file_paths", func(v json.RawMessage) clResult { return clArray(v, clString) }),
		field("file_paths", clString),
		field("paths", func(v json.RawMessage) clResult { return clArray(v, strOrEntry) }),
		field("paths", clX8),
		field("paths", clString),
	}
}

// clUnion is zod 4's union: the first option that parses; else the one
// option that was not aborted, issues and all; else a failed union.
func clUnion(options ...func() clResult) clResult {
	var results []clResult
	for _, o := range options {
		r := o()
		if r.ok() {
			return r
		}
		results = append(results, r)
	}
	var alive []clResult
	for _, r := range results {
		if !r.aborted {
			alive = append(alive, r)
		}
	}
	if len(alive) == 1 {
		return alive[0]
	}
	return clFailed
}

func clStringFn(v json.RawMessage) func() clResult { return func() clResult { return clString(v) } }

// clString is a path given as a bare string.
func clString(v json.RawMessage) clResult {
	v = bytes.TrimSpace(v)
	var s string
	if len(v) == 0 || v[0] != '"' || json.Unmarshal(v, &s) != nil {
		return clFailed
	}
	return clResult{entries: []clEntry{{path: s}}}
}

// clArray is z.array(elem): each element's issues under its index.
func clArray(v json.RawMessage, elem func(json.RawMessage) clResult) clResult {
	v = bytes.TrimSpace(v)
	var list []json.RawMessage
	if len(v) == 0 || v[0] != '[' || json.Unmarshal(v, &list) != nil {
		return clFailed
	}
	out := clResult{entries: make([]clEntry, 0, len(list))}
	for i, item := range list {
		r := elem(item).prefix("[" + strconv.Itoa(i) + "]")
		out.issues = append(out.issues, r.issues...)
		out.aborted = out.aborted || r.aborted
		out.entries = append(out.entries, r.entries...)
	}
	if !out.ok() {
		out.entries = nil
	}
	return out
}

// clX8 is X8: an entry keyed path, or file_path or filePath, the last two
// through a transform, which any issue aborts.
func clX8(v json.RawMessage) clResult {
	return clUnion(
		func() clResult { return clObject(v, "path", false) },
		func() clResult { return clObject(v, "file_path", true) },
		func() clResult { return clObject(v, "filePath", true) },
	)
}

// clObject is an object with a string under key and the two optional line
// numbers; piped, as the aliases are, any issue aborts it.
func clObject(v json.RawMessage, key string, piped bool) clResult {
	v = bytes.TrimSpace(v)
	var obj map[string]json.RawMessage
	if len(v) == 0 || v[0] != '{' || json.Unmarshal(v, &obj) != nil {
		return clFailed
	}
	var out clResult
	p, ok := obj[key]
	p = bytes.TrimSpace(p)
	var s string
	if !ok || len(p) == 0 || p[0] != '"' || json.Unmarshal(p, &s) != nil {
		out.aborted = true
	}
	e := clEntry{path: s}
	for _, k := range []string{"start_line", "end_line"} {
		lv, present := obj[k]
		if !present {
			continue
		}
		n, issues, aborted := clLine(lv)
		for _, msg := range issues {
			out.issues = append(out.issues, clIssue{path: []string{k}, msg: msg})
		}
		out.aborted = out.aborted || aborted
		if k == "start_line" {
			e.start = n
		} else {
			e.end = n
		}
	}
	if piped && len(out.issues) > 0 {
		out.aborted = true
	}
	if out.ok() {
		out.entries = []clEntry{e}
	}
	return out
}

// zod 4's messages for the checks that let parsing go on.
const (
	clTooSmall   = "Too small: expected number to be >0"
	clUnsafeBig  = "Too big: expected int to be <=9007199254740991"
	clUnsafeLess = "Too small: expected int to be >=-9007199254740991"
)

// clLine is z.coerce.number().int().positive().nullable().optional():
// JavaScript's Number() of the value ([3] and ["3"] are 3, [] is 0, {} and
// [1,2] NaN); NaN, infinities and fractions abort; zod 4's int holds the
// number to the safe integers and positive to more than 0, and both let
// parsing go on, so their issues can be the error.
func clLine(raw json.RawMessage) (n *float64, issues []string, aborted bool) {
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil, false
	}
	f := node.PrimitiveOf(raw).ToNumber()
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) {
		return nil, nil, true
	}
	switch {
	case f > 1<<53-1:
		issues = append(issues, clUnsafeBig)
	case f < -(1<<53 - 1):
		issues = append(issues, clUnsafeLess)
	}
	if f <= 0 {
		issues = append(issues, clTooSmall)
	}
	return &f, issues, false
}

// clPrettify is zod 4's prettifyError: issues by the length of their path,
// each "✖ message" and "  → at path".
func clPrettify(issues []clIssue) string {
	issues = slices.Clone(issues)
	slices.SortStableFunc(issues, func(a, b clIssue) int { return len(a.path) - len(b.path) })
	var b strings.Builder
	for i, is := range issues {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("✖ " + is.msg)
		if len(is.path) > 0 {
			b.WriteString("\n  → at ")
			for j, seg := range is.path {
				if j > 0 && !strings.HasPrefix(seg, "[") {
					b.WriteByte('.')
				}
				b.WriteString(seg)
			}
		}
	}
	return b.String()
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
			case bytes.HasPrefix(bytes.TrimSpace(prev), []byte(`"`)) && json.Unmarshal(prev, &s) == nil:
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
