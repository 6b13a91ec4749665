package reader

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestParsePlainAgrees holds the plain path to the general one: on every
// input it takes, it must give what json.Decoder's path gives, and it
// must take readlens's own arguments.
func TestParsePlainAgrees(t *testing.T) {
	pieces := []string{
		`"filePath"`, `"path"`, `"a"`, `""`, `"é"`, `"\u00e9"`, `"a\"b"`, `"\xff"`, "\"\t\"", `"a b"`,
		`1`, `0`, `-0`, `01`, `1.5`, `1.`, `.5`, `-`, `1e400`, `1E+2`, `2e-3`, `9007199254740993`,
		`true`, `false`, `null`, `nul`, `tru`, `[]`, `{}`, `[1,2]`, `{"x":1}`, ` `, `:`, `,`, `}`, `{`,
		`[{"path":"/a/b.go"}]`, `[{"path":"a","start_line":2,"end_line":1e400}]`, `[[],{}]`, `[1,]`, `[,1]`, `{"a"}`, `{"a":}`,
		`{"a":[1,{"b":[true,null]}]}`, `["a\"b"]`, `[01]`, `[1 ]`, `[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]`, `{1:2}`, `["\xff"]`,
	}
	r := rand.New(rand.NewPCG(1, 2))
	inputs := []string{`{}`, `{"filePath":"/a/b.go"}`, `{"path":"x","offset":1,"limit":2000}`, `{"a":1,"a":2}`, ` {"a":1}`, `{"a":1} `, `{"a":1}}`, `{"a":1,}`}
	for range 20000 {
		var b strings.Builder
		b.WriteString("{")
		n := r.IntN(4)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(pieces[r.IntN(10)]) // a key
			b.WriteString(":")
			b.WriteString(pieces[r.IntN(len(pieces))])
			if r.IntN(20) == 0 {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		b.WriteString("}")
		inputs = append(inputs, b.String())
	}
	took := 0
	for _, in := range inputs {
		raw := json.RawMessage(in)
		plain, ok := parsePlain(raw)
		if !ok {
			continue
		}
		took++
		general, err := parseGeneral(raw)
		if err != nil {
			t.Fatalf("%q: the plain path took it, the general one says %v", in, err)
		}
		if !reflect.DeepEqual(plain, general) {
			t.Fatalf("%q:\nplain   %#v\ngeneral %#v", in, plain, general)
		}
	}
	if took < 2000 {
		t.Fatalf("the plain path took %d of %d inputs: too few to hold it to anything", took, len(inputs))
	}
	for _, in := range []string{`{"filePath":"/a/b.go"}`, `{"path":"x","offset":1,"limit":2000}`, `{}`, `{"files":[{"path":"/a/b.go"}]}`} {
		if _, ok := parsePlain(json.RawMessage(in)); !ok {
			t.Errorf("%s: not taken by the plain path", in)
		}
	}
}

// TestJSONObjectAsMarshal: the arguments readlens builds are json.Marshal's
// bytes, whatever the name.
func TestJSONObjectAsMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(2) == 0 {
				b[i] = byte(0x20 + r.IntN(0x5f))
			}
		}
		name, n := string(b), r.IntN(5000)-2500
		got := JSONObject("filePath", name, "offset", n, "limit", nil)
		k, _ := json.Marshal(name)
		want := `{"filePath":` + string(k) + `,"offset":` + strconv.Itoa(n) + `}`
		if string(got) != want {
			t.Fatalf("JSONObject(%q, %d) = %s, want %s", name, n, got, want)
		}
	}
}

// TestArgsKeepFirstPlaceLastValue: a repeated key keeps its first place
// and takes its last value, as JSON.parse does, whether the arguments
// hold a few keys (looked for in order) or many (indexed), parsed either
// way.
func TestArgsKeepFirstPlaceLastValue(t *testing.T) {
	for _, n := range []int{3, indexFrom - 1, indexFrom, 3 * indexFrom} {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			fmt.Fprintf(&b, `"k%d":%d,`, i, i)
		}
		fmt.Fprintf(&b, `"k1":"again","k%d":true}`, n-1)
		for _, raw := range []string{b.String(), strings.ReplaceAll(b.String(), ":", ": ")} {
			a, err := ParseArgs(json.RawMessage(raw))
			if err != nil {
				t.Fatal(err)
			}
			if len(a.Keys()) != n || a.Keys()[1] != "k1" || a.Keys()[n-1] != fmt.Sprintf("k%d", n-1) {
				t.Fatalf("%d keys: %v", n, a.Keys())
			}
			if v := a.Get("k1"); v.Kind != String || v.Str != "again" {
				t.Errorf("%d keys: k1 is %+v", n, v)
			}
			if v := a.Get(fmt.Sprintf("k%d", n-1)); v.Kind != Bool || !v.Bool {
				t.Errorf("%d keys: the last is %+v", n, v)
			}
			if v := a.Get("k0"); v.Kind != Number || v.Num != 0 {
				t.Errorf("%d keys: k0 is %+v", n, v)
			}
			if v := a.Get("absent"); v.Kind != Missing {
				t.Errorf("%d keys: absent is %+v", n, v)
			}
			if got := string(a.With("k0", 9)); !strings.HasPrefix(got, `{"k0":9,"k1":"again",`) {
				t.Errorf("%d keys: With gives %s", n, got)
			}
		}
	}
}
