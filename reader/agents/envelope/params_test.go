package envelope

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/python"
)

// TestParamsAsDumps: params_input made from the parsed arguments is
// json.dumps's, on arguments of every kind (escapes, numbers, repeated
// keys, nesting go the general way).
func TestParamsAsDumps(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	keys := []string{`"path"`, `"start_line"`, `"limit"`, `"é"`, `"a\"b"`, `"\u00e9"`}
	vals := []string{`"/a/b.py"`, `""`, `"é日😀"`, `"\u2028"`, `"a\\b"`, `"tab\there"`, `1`, `1.5`, `1e400`, `-0`, `true`, `null`, `[1,"x"]`, `{"k":"v"}`, `"\ud800"`}
	fast := 0
	for range 5000 {
		var b strings.Builder
		b.WriteString("{")
		for i := range r.IntN(4) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(keys[r.IntN(len(keys))] + ":" + vals[r.IntN(len(vals))])
		}
		b.WriteString("}")
		raw := json.RawMessage(b.String())
		a, err := reader.ParseArgs(raw)
		if err != nil {
			continue
		}
		got, want := envParams(a), python.Dumps(raw)
		if got != want {
			t.Fatalf("%s: %s, json.dumps %s", raw, got, want)
		}
		plain := !strings.Contains(b.String(), `\`)
		for _, k := range a.Keys() {
			plain = plain && a.Get(k).Kind == reader.String
		}
		if plain {
			fast++
		}
	}
	if fast < 500 {
		t.Fatalf("only %d arguments of plain strings", fast)
	}
}
