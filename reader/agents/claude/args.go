package claude

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330 reads Read's arguments leniently (CZo), then through a
// strict zod schema whose failures it words itself.

var (
	ccIntString = lazyregexp.New(`^[-+]?\d+$`)
	ccNumString = lazyregexp.New(`^[-+]?\d+(\.\d+)?$`)
)

// ccLenient is Tjt: a finite number, or a string of digits.
func ccLenient(v reader.Value) (float64, bool) {
	switch v.Kind {
	case reader.Number:
		return v.Num, !math.IsInf(v.Num, 0)
	case reader.String:
		if s := strings.TrimFunc(v.Str, node.IsSpace); ccIntString.MatchString(s) {
			f, _ := strconv.ParseFloat(s, 64)
			return f, true
		}
	}
	return 0, false
}

// ccValidate coerces and checks the arguments; msg is the error's text
// inside <tool_use_error>, "" when they pass.
func ccValidate(a reader.Args) (c *ccCall, msg string) {
	vals := map[string]reader.Value{}
	var keys []string
	for _, k := range a.Keys() {
		keys = append(keys, k)
		vals[k] = a.Get(k)
	}
	drop := func(k string) {
		delete(vals, k)
		for i, x := range keys {
			if x == k {
				keys = append(keys[:i], keys[i+1:]...)
				return
			}
		}
	}
	// The lenient wrapper: one-element arrays unwrapped, a negative offset
	// and a limit below 1 dropped, "length" taken for "limit", "description"
	// dropped.
	for _, k := range []string{"offset", "limit"} {
		if v, ok := vals[k]; ok && v.Kind == reader.Array {
			if inner, ok := ccSingle(v); ok {
				vals[k] = inner
			}
		}
	}
	if n, ok := ccLenient(vals["offset"]); ok && n < 0 {
		drop("offset")
	}
	if n, ok := ccLenient(vals["limit"]); ok && n <= 0 {
		drop("limit")
	}
	if v, ok := vals["length"]; ok {
		if _, has := vals["limit"]; !has {
			if n, ok := ccLenient(v); ok && n > 0 {
				vals["limit"] = reader.Value{Kind: reader.Number, Num: n}
				keys = append(keys, "limit")
			}
		}
		drop("length")
	}
	if _, ok := vals["description"]; ok {
		drop("description")
	}

	c = &ccCall{offset: 1}
	var missing, unexpected, types, others []string
	typeIssue := func(key, want string, v reader.Value) {
		types = append(types, "The parameter `"+key+"` type is expected as `"+want+"` but provided as `"+reader.ZodType(v)+"`")
	}
	switch v, ok := vals["file_path"]; {
	case !ok:
		missing = append(missing, "The required parameter `file_path` is missing")
	case v.Kind == reader.String:
		c.filePath = v.Str
	default:
		typeIssue("file_path", "string", v)
	}
	for _, k := range []string{"offset", "limit"} {
		v, ok := vals[k]
		if !ok {
			continue
		}
		if v.Kind == reader.String { // numeric strings become numbers
			if s := strings.TrimFunc(v.Str, node.IsSpace); ccNumString.MatchString(s) {
				if f, err := strconv.ParseFloat(s, 64); err == nil && !math.IsInf(f, 0) {
					v = reader.Value{Kind: reader.Number, Num: f}
				}
			}
		}
		switch {
		case v.Kind != reader.Number:
			typeIssue(k, "number", v)
		case v.Num != math.Trunc(v.Num):
			typeIssue(k, "int", v)
		case math.Abs(v.Num) > 1<<53-1:
			others = append(others, k)
		case k == "offset":
			c.offset = int(v.Num)
		default:
			c.limit, c.hasLimit = int(v.Num), true
		}
	}
	if v, ok := vals["pages"]; ok {
		switch {
		case v.Kind == reader.String && strings.TrimFunc(v.Str, node.IsSpace) == "":
		case v.Kind == reader.String:
			c.pages, c.hasPages = v.Str, true
		default:
			typeIssue("pages", "string", v)
		}
	}
	if v, ok := vals["allow_large"]; ok {
		switch {
		case v.Kind == reader.Bool:
			c.allowLarge = v.Bool
		case v.Kind == reader.String && (v.Str == "true" || v.Str == "false"):
			c.allowLarge = v.Str == "true"
		default:
			typeIssue("allow_large", "boolean", v)
		}
	}
	for _, k := range keys {
		switch k {
		case "file_path", "offset", "limit", "pages", "allow_large":
		default:
			unexpected = append(unexpected, "An unexpected parameter `"+k+"` was provided")
		}
	}
	lines := append(append(missing, unexpected...), types...)
	if len(lines) == 0 && len(others) > 0 {
		// Only range issues: zod's own issue list, as JSON.
		var b strings.Builder
		b.WriteString("InputValidationError: [")
		for i, k := range others {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n  {\n    \"code\": \"too_big\",\n    \"maximum\": 9007199254740991,\n    \"note\": \"Integers must be within the safe integer range.\",\n    \"origin\": \"int\",\n    \"inclusive\": true,\n    \"path\": [\n      \"" + k + "\"\n    ],\n    \"message\": \"Too big: expected int to be <=9007199254740991\"\n  }")
		}
		b.WriteString("\n]")
		return nil, b.String()
	}
	for _, k := range others {
		lines = append(lines, "The parameter `"+k+"` is invalid: Too big: expected int to be <=9007199254740991")
	}
	if len(lines) > 0 {
		word := "issue"
		if len(lines) > 1 {
			word = "issues"
		}
		return nil, "InputValidationError: Read failed due to the following " + word + ":\n" + strings.Join(lines, "\n")
	}
	return c, ""
}

// ccSingle unwraps a one-element JSON array.
func ccSingle(v reader.Value) (reader.Value, bool) {
	var elems []json.RawMessage
	if json.Unmarshal(v.Raw, &elems) != nil || len(elems) != 1 {
		return v, false
	}
	x, err := reader.ParseValue(elems[0])
	if err != nil {
		return v, false
	}
	return x, true
}
