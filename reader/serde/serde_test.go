package serde

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestFloat: serde_json's form of the floats it meets in arguments.
func TestFloat(t *testing.T) {
	for f, want := range map[float64]string{
		1000: "1000.0", 1.5: "1.5", 0: "0.0", 1e15: "1000000000000000.0", 1.5e15: "1500000000000000.0",
		1e16: "1e+16", 18446744073709551616: "1.8446744073709552e+19", -2.5e300: "-2.5e+300",
		0.00001: "0.00001", 1.25e-7: "1.25e-7", 1e-6: "1e-6", 123.456: "123.456", -0.5: "-0.5",
	} {
		if got := Float(f); got != want {
			t.Errorf("Float(%g) = %q, want %q", f, got, want)
		}
	}
}

// TestFlatObjectIsObject: where the flat path reads an object, it lists
// what json.Decoder does, offsets and all; and it reads the objects
// readlens writes.
func TestFlatObjectIsObject(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	keys := []string{`"file_path"`, `"offset"`, `"limit"`, `"é"`, `""`, `"a\"b"`, `"x\u0041"`, `"tab	"`, `"mode"`}
	values := []string{`"/abs/f.go"`, `1`, `-0`, `0`, `01`, `1.5e3`, `1.`, `-`, `true`, `false`, `null`, `nul`, `"a\\b"`, `"\u00e9"`, `""`,
		`[1,2]`, `{"a":1}`, `"` + "\xff" + `"`, `12345678901234567890`, ` 1`, `"x"`}
	flat := 0
	for range 20000 {
		var b strings.Builder
		b.WriteString("{")
		for i := range r.IntN(4) {
			if i > 0 {
				b.WriteString([]string{",", ",", ", ", ";"}[r.IntN(4)])
			}
			b.WriteString(keys[r.IntN(len(keys))])
			b.WriteString([]string{":", ":", " :"}[r.IntN(3)])
			b.WriteString(values[r.IntN(len(values))])
		}
		b.WriteString([]string{"}", "}", "} ", "}x", ""}[r.IntN(5)])
		raw := []byte(b.String())
		base := r.IntN(9)
		got, gotEnd, ok := flatObject(raw, base)
		if !ok {
			continue
		}
		flat++
		want, wantEnd, wantOK := decodeObject(raw, base)
		if !wantOK || gotEnd != wantEnd || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: flat %+v %d, decoder %+v %d %v", raw, got, gotEnd, want, wantEnd, wantOK)
		}
	}
	if flat < 1000 {
		t.Errorf("only %d objects read flat", flat)
	}
	if _, _, ok := flatObject([]byte(`{"file_path":"/tmp/x.go"}`), 0); !ok {
		t.Error("the arguments readlens writes are not read flat")
	}
}
