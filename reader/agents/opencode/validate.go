package opencode

import (
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// A session holds a call's arguments to the read tool's Effect schema
// before the tool runs, and tells the model the first failure
// (ocSchemaEnd follows it).

// TakesAnyJSON: arguments that are not an object fail the schema at the
// root.
func (opencode) TakesAnyJSON() {}

// ocValidate checks the arguments against the tool's Effect schema and
// returns the first failure as Effect words it.
func ocValidate(a reader.Args) string {
	at := func(key, msg string) string { return msg + "\n  at [\"" + key + "\"]" }
	if a.NotObject() {
		v, _ := reader.ParseValue(a.Raw)
		return "Expected object, got " + effectFormat(v)
	}
	switch v := a.Get("filePath"); v.Kind {
	case reader.Missing:
		return at("filePath", "Missing key")
	case reader.String:
	default:
		return at("filePath", "Expected string, got "+effectFormat(v))
	}
	for _, key := range []string{"offset", "limit"} {
		switch v := a.Get(key); {
		case v.Kind == reader.Missing:
		case v.Kind != reader.Number:
			return at(key, "Expected number | undefined, got "+effectFormat(v))
		case !v.IsSafeInt():
			return at(key, "Expected an integer, got "+effectFormat(v))
		case v.Num < 0:
			return at(key, "Expected a value greater than or equal to 0, got "+effectFormat(v))
		}
	}
	return ""
}

// effectFormat prints a value the way Effect's SchemaError quotes it.
func effectFormat(v reader.Value) string {
	switch v.Kind {
	case reader.Number:
		return node.Number(v.Num)
	case reader.String:
		return node.Quote(v.Str)
	}
	return node.Stringify(v.Raw, "")
}
