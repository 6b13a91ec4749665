package reader

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// JSType is the JavaScript type of an argument value.
type JSType int

const (
	Missing JSType = iota
	Null
	Bool
	Number
	String
	Array
	Object
)

// Value is one argument as the model sent it.
type Value struct {
	Kind JSType
	Raw  json.RawMessage
	Str  string
	Num  float64
	Bool bool
}

// IsSafeInt reports whether v is an integer JavaScript holds exactly, as
// Number.isSafeInteger: Effect's Int rejects 1e21.
func (v Value) IsSafeInt() bool {
	return v.Kind == Number && v.Num == math.Trunc(v.Num) && math.Abs(v.Num) <= 1<<53-1
}

// Args are a tool call's arguments: a JSON object whose key order and value
// types matter, because validators quote them back.
type Args struct {
	Raw  json.RawMessage
	keys []string
	vals []Value // vals[i] is keys[i]'s
	// index finds a key among many (indexFrom or more): a few are looked
	// for in order, where a map cost a call of an audit more than all its
	// lookups.
	index map[string]int
	// notObject: Raw is JSON but not an object, which only an AnyJSON
	// profile is handed.
	notObject bool
}

// NotObject says the arguments are JSON but not an object: a JSON array,
// string, number, boolean or null, which an API that hands a tool its
// arguments as a string lets a model send. Only an AnyJSON profile's Plan
// is given such arguments; they hold no keys.
func (a Args) NotObject() bool { return a.notObject }

// AnyJSON is implemented by a profile whose tool answers arguments that
// are JSON but not an object in its own words (Args.NotObject), as its
// oracle shows. For any other profile such arguments are ErrNotObject:
// readlens cannot say what its tool would do with them.
type AnyJSON interface {
	TakesAnyJSON()
}

const indexFrom = 16

// set gives key the value v, as JSON.parse does: the first position and
// the last value.
func (a *Args) set(key string, v Value) {
	if i := a.find(key); i >= 0 {
		a.vals[i] = v
		return
	}
	a.keys, a.vals = append(a.keys, key), append(a.vals, v)
	switch {
	case a.index != nil:
		a.index[key] = len(a.keys) - 1
	case len(a.keys) == indexFrom:
		a.index = make(map[string]int, 2*indexFrom)
		for i, k := range a.keys {
			a.index[k] = i
		}
	}
}

// find is key's position, or -1.
func (a Args) find(key string) int {
	if a.index != nil {
		if i, ok := a.index[key]; ok {
			return i
		}
		return -1
	}
	for i, k := range a.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// ErrNotObject is returned for arguments that are not a JSON object.
var ErrNotObject = errors.New("tool arguments must be a JSON object")

// ParseArgs reads a JSON object of tool arguments.
func ParseArgs(raw json.RawMessage) (Args, error) {
	if a, ok := parsePlain(raw); ok {
		return a, nil
	}
	return parseGeneral(raw)
}

// parseGeneral is ParseArgs for any input, through json.Decoder's tokens.
func parseGeneral(raw json.RawMessage) (Args, error) {
	a := Args{Raw: raw}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return a, fmt.Errorf("tool arguments: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return a, ErrNotObject
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return a, fmt.Errorf("tool arguments: %w", err)
		}
		key := tok.(string)
		var rv json.RawMessage
		if err := dec.Decode(&rv); err != nil {
			return a, fmt.Errorf("tool arguments: %w", err)
		}
		v, err := ParseValue(rv)
		if err != nil {
			return a, fmt.Errorf("tool arguments: %w", err)
		}
		a.set(key, v)
	}
	if _, err := dec.Token(); err != nil {
		return a, fmt.Errorf("tool arguments: %w", err)
	}
	if dec.More() {
		return a, errors.New("tool arguments: trailing data after the object")
	}
	return a, nil
}

func ParseValue(raw json.RawMessage) (Value, error) {
	v := Value{Raw: raw}
	raw = bytes.TrimSpace(raw)
	switch raw[0] {
	case 'n':
		v.Kind = Null
	case 't', 'f':
		v.Kind, v.Bool = Bool, raw[0] == 't'
	case '"':
		v.Kind = String
		if err := json.Unmarshal(raw, &v.Str); err != nil {
			return v, err
		}
	case '[':
		v.Kind = Array
	case '{':
		v.Kind = Object
	default:
		v.Kind = Number
		f, err := strconv.ParseFloat(string(raw), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) { // JSON.parse("1e400") is Infinity
			return v, err
		}
		v.Num = f
	}
	return v, nil
}

// Get returns the argument named key; its Kind is Missing when absent.
func (a Args) Get(key string) Value {
	if i := a.find(key); i >= 0 {
		return a.vals[i]
	}
	return Value{}
}

// Keys are the argument names in the order the model sent them.
func (a Args) Keys() []string { return a.keys }

// With returns the arguments as JSON with key set to v (added last when
// new): the continuation call a tool's notice asks for.
func (a Args) With(key string, v any) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	seen := false
	write := func(k string, raw []byte) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		b.Write(raw)
	}
	nv, _ := json.Marshal(v)
	for i, k := range a.keys {
		if k == key {
			write(k, nv)
			seen = true
			continue
		}
		write(k, bytes.TrimSpace(a.vals[i].Raw))
	}
	if !seen {
		write(key, nv)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// IntArg returns a whole number argument, for convenience flags.
func IntArg(n *int) any {
	if n == nil {
		return nil
	}
	return *n
}

// StartEnd turns --offset and --limit into the first and last line of a
// tool that takes a range: start = offset, end = offset + limit - 1. Either
// is nil when its flag was not given.
func StartEnd(offset, limit *int) (start, end any) {
	if offset != nil {
		start = *offset
	}
	if limit != nil {
		first := 1
		if offset != nil {
			first = *offset
		}
		end = first + *limit - 1
	}
	return start, end
}

// JSONObject builds an argument object in the given key order, leaving out nil
// values: the arguments --offset and --limit stand for.
func JSONObject(kv ...any) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == nil {
			continue
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		writeJSON(&b, kv[i])
		b.WriteByte(':')
		writeJSON(&b, kv[i+1])
	}
	b.WriteByte('}')
	return b.Bytes()
}

// writeJSON writes v as json.Marshal does. A string json.Marshal writes
// between quotes as it is, and an int, skip its reflection: an audit builds
// arguments for every file and agent.
func writeJSON(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case string:
		if plainASCII(v) {
			b.WriteByte('"')
			b.WriteString(v)
			b.WriteByte('"')
			return
		}
	case int:
		b.WriteString(strconv.Itoa(v))
		return
	}
	j, _ := json.Marshal(v)
	b.Write(j)
}

// plainASCII reports whether json.Marshal writes s unchanged: printable
// ASCII with no quote, backslash or HTML character to escape.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
}

// ZodType is zod 4's name for the type of a value it rejects; Claude Code
// DirNames the type of a present value the same way.
func ZodType(v Value) string {
	switch v.Kind {
	case Missing:
		return "undefined"
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	}
	return "object"
}

// PythonInt reads a JSON integer as Python's json module does: a number token
// with no fraction or exponent. Its text is str() of the int.
func PythonInt(v Value) (float64, string, bool) {
	if v.Kind != Number {
		return 0, "", false
	}
	raw := strings.TrimSpace(string(v.Raw))
	if strings.ContainsAny(raw, ".eE") {
		return 0, "", false
	}
	if raw == "-0" {
		raw = "0"
	}
	return v.Num, raw, true
}

// ClampInt keeps Python's unbounded ints within what a window can address.
func ClampInt(f float64) int64 {
	return int64(math.Max(math.Min(f, 1<<40), -(1 << 40)))
}
