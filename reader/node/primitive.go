package node

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Some agents validate their arguments and then use the raw values anyway
// (opencode 1.1.x parses with zod but hands execute() the unparsed object),
// so a string offset reaches JavaScript's + and < as a string. jsPrim is a
// JSON argument after JavaScript's ToPrimitive, with the operators those
// tools apply to it.

type jsPrimKind int

const (
	jsUndefined jsPrimKind = iota
	jsNull
	jsBool
	jsNum
	jsStr
)

type Prim struct {
	kind jsPrimKind
	num  float64
	str  string
	b    bool
}

func NumberPrim(f float64) Prim { return Prim{kind: jsNum, num: f} }

// PrimitiveOf is ToPrimitive of a JSON value (nil: undefined): arrays and
// objects become the strings JavaScript makes of them ([1] is "1", {} is
// "[object Object]").
func PrimitiveOf(raw json.RawMessage) Prim {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return Prim{kind: jsUndefined}
	}
	switch raw[0] {
	case 'n':
		return Prim{kind: jsNull}
	case 't', 'f':
		return Prim{kind: jsBool, b: raw[0] == 't'}
	case '"':
		var s string
		json.Unmarshal(raw, &s)
		return Prim{kind: jsStr, str: s}
	case '[':
		return Prim{kind: jsStr, str: jsJoin(raw)}
	case '{':
		return Prim{kind: jsStr, str: "[object Object]"}
	}
	f, _ := strconv.ParseFloat(string(raw), 64) // JSON.parse("1e400") is Infinity, as ParseFloat's range error
	return NumberPrim(f)
}

// jsJoin is String(array): the elements joined with ",", null as "".
func jsJoin(raw json.RawMessage) string {
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil {
		return ""
	}
	parts := make([]string, len(elems))
	for i, e := range elems {
		p := PrimitiveOf(e)
		if p.kind != jsNull && p.kind != jsUndefined {
			parts[i] = p.ToString()
		}
	}
	return strings.Join(parts, ",")
}

// Truthy is JavaScript's ToBoolean of a JSON value (nil: undefined). Arrays
// and objects are always true; jsPrimOf has made them strings, so the caller
// asks before converting.
func Truthy(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && (raw[0] == '[' || raw[0] == '{') {
		return true
	}
	p := PrimitiveOf(raw)
	switch p.kind {
	case jsBool:
		return p.b
	case jsNum:
		return p.num != 0 && !math.IsNaN(p.num)
	case jsStr:
		return p.str != ""
	}
	return false
}

func (p Prim) ToNumber() float64 {
	switch p.kind {
	case jsUndefined:
		return math.NaN()
	case jsNull:
		return 0
	case jsBool:
		if p.b {
			return 1
		}
		return 0
	case jsStr:
		n, _ := ToNumber(p.str)
		return n
	}
	return p.num
}

func (p Prim) ToString() string {
	switch p.kind {
	case jsUndefined:
		return "undefined"
	case jsNull:
		return "null"
	case jsBool:
		if p.b {
			return "true"
		}
		return "false"
	case jsStr:
		return p.str
	}
	return Number(p.num)
}

// IsNumber reports whether p is a number.
func (p Prim) IsNumber() bool { return p.kind == jsNum }

// Add is a + b: string concatenation when either side is a string.
func Add(a, b Prim) Prim {
	if a.kind == jsStr || b.kind == jsStr {
		return Prim{kind: jsStr, str: a.ToString() + b.ToString()}
	}
	return NumberPrim(a.ToNumber() + b.ToNumber())
}

// IsIndexKey reports whether s names an element of an array of n elements:
// lines["1"] is an element, lines["01"], lines["1.5"] and lines["true"] are
// undefined.
func IsIndexKey(s string, n int) bool {
	f, ok := ToNumber(s)
	return ok && f >= 0 && f < float64(n) && f == math.Trunc(f) && Number(f) == s
}
