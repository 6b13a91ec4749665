package claude

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/readlens/readlens/reader/node"
)

// The notebook is read as JavaScript sees it after JSON.parse: keys match
// exactly (the last of a repeated key wins), and the values the tool puts
// in template strings are written as String() writes them, so a cell_type
// of null is "null" and one that is missing "undefined".

const (
	jsUndefinedKind = iota
	jsNullKind
	jsBoolKind
	jsNumberKind
	jsStringKind
	jsArrayKind
	jsObjectKind
)

// jsKind is the type of a JSON value; nil or empty is undefined.
func jsKind(raw json.RawMessage) int {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return jsUndefinedKind
	}
	switch raw[0] {
	case 'n':
		return jsNullKind
	case 't', 'f':
		return jsBoolKind
	case '"':
		return jsStringKind
	case '[':
		return jsArrayKind
	case '{':
		return jsObjectKind
	}
	return jsNumberKind
}

// jsGet is raw?.[key] for a JSON object (undefined for anything else: a
// string's or an array's properties are not among the keys the tool asks).
func jsGet(raw json.RawMessage, key string) json.RawMessage {
	if jsKind(raw) != jsObjectKind {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return m[key]
}

func jsObject(raw json.RawMessage) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if jsKind(raw) == jsObjectKind {
		json.Unmarshal(raw, &m)
	}
	return m
}

func jsArray(raw json.RawMessage) []json.RawMessage {
	var a []json.RawMessage
	if jsKind(raw) == jsArrayKind {
		json.Unmarshal(raw, &a)
	}
	return a
}

func jsStr(raw json.RawMessage) (string, bool) {
	var s string
	if jsKind(raw) != jsStringKind || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// jsString is String(v): what a template string writes.
func jsString(raw json.RawMessage) string { return node.PrimitiveOf(raw).ToString() }

// jsJoin is v.join(sep) for an array: null elements are empty.
func jsJoin(elems []json.RawMessage, sep string) string {
	parts := make([]string, len(elems))
	for i, e := range elems {
		if k := jsKind(e); k != jsNullKind && k != jsUndefinedKind {
			parts[i] = jsString(e)
		}
	}
	return strings.Join(parts, sep)
}
