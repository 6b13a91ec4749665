package node

import (
	"encoding/json"
	"os"
	"testing"
)

// TestNullBytesPath: testdata/null_bytes.json is what Node v20.20.2 printed
// for util.inspect(path) and for the message fs.accessSync(path) throws, on
// the paths of testdata/null_bytes.js (node null_bytes.js > null_bytes.json):
// the quotes inspect picks, its escapes, its line-by-line quoting of a long
// string, the cut after 128 units (a lone surrogate half left by the cut is
// U+FFFD there, by toWellFormed, and here).
func TestNullBytesPath(t *testing.T) {
	b, err := os.ReadFile("testdata/null_bytes.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Path, Inspect, Message string }
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 10 {
		t.Fatalf("%d cases", len(cases))
	}
	for _, c := range cases {
		if got := Inspect(c.Path); got != c.Inspect {
			t.Errorf("Inspect(%.40q)\n got %q\nwant %q", c.Path, got, c.Inspect)
		}
		if got := NullBytesPath(c.Path); got != c.Message {
			t.Errorf("NullBytesPath(%.40q)\n got %q\nwant %q", c.Path, got, c.Message)
		}
	}
}
