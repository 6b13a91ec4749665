package reader

import (
	"encoding/json"
	"math"
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

type jsPrim struct {
	kind jsPrimKind
	num  float64
	str  string
	b    bool
}

func jsNumberPrim(f float64) jsPrim { return jsPrim{kind: jsNum, num: f} }

// jsPrimOf is ToPrimitive of an argument: arrays and objects become the
// strings JavaScript makes of them ([1] is "1", {} is "[object Object]").
func jsPrimOf(v Value) jsPrim {
	switch v.Kind {
	case Missing:
		return jsPrim{kind: jsUndefined}
	case Null:
		return jsPrim{kind: jsNull}
	case Bool:
		return jsPrim{kind: jsBool, b: v.Bool}
	case Number:
		return jsNumberPrim(v.Num)
	case String:
		return jsPrim{kind: jsStr, str: v.Str}
	case Array:
		return jsPrim{kind: jsStr, str: jsJoin(v.Raw)}
	}
	return jsPrim{kind: jsStr, str: "[object Object]"}
}

// jsJoin is String(array): the elements joined with ",", null as "".
func jsJoin(raw json.RawMessage) string {
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil {
		return ""
	}
	parts := make([]string, len(elems))
	for i, e := range elems {
		v, err := parseValue(e)
		if err != nil {
			continue
		}
		p := jsPrimOf(v)
		if p.kind != jsNull && p.kind != jsUndefined {
			parts[i] = p.toString()
		}
	}
	return strings.Join(parts, ",")
}

// truthy is JavaScript's ToBoolean. Arrays and objects are always true;
// jsPrimOf has made them strings, so the caller asks before converting.
func truthy(v Value) bool {
	switch v.Kind {
	case Missing, Null:
		return false
	case Bool:
		return v.Bool
	case Number:
		return v.Num != 0 && !math.IsNaN(v.Num)
	case String:
		return v.Str != ""
	}
	return true
}

func (p jsPrim) toNumber() float64 {
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
		n, _ := jsToNumber(p.str)
		return n
	}
	return p.num
}

func (p jsPrim) toString() string {
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
	return jsNumber(p.num)
}

// jsAdd is a + b: string concatenation when either side is a string.
func jsAdd(a, b jsPrim) jsPrim {
	if a.kind == jsStr || b.kind == jsStr {
		return jsPrim{kind: jsStr, str: a.toString() + b.toString()}
	}
	return jsNumberPrim(a.toNumber() + b.toNumber())
}

// isIndexKey reports whether s names an element of an array of n elements:
// lines["1"] is an element, lines["01"], lines["1.5"] and lines["true"] are
// undefined.
func isIndexKey(s string, n int) bool {
	f, ok := jsToNumber(s)
	return ok && f >= 0 && f < float64(n) && f == math.Trunc(f) && jsNumber(f) == s
}
