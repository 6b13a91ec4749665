package node

import (
	"strings"
	"testing"
)

// TestToFixed checks toFixed against what Node 20 prints for the same
// doubles (node -e 'console.log(x.toFixed(2))'): ties of the exact binary
// value go up, values just below a tie go down.
func TestToFixed(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{1.125, "1.13"}, {1.005, "1.00"}, {1.5, "1.50"}, {3000.0 / 2000, "1.50"}, {100.0 / 67, "1.49"},
		{2100.0 / 2000, "1.05"}, {1600.0 / 1333, "1.20"}, {0.125, "0.13"}, {2.675, "2.67"},
		{-0.001, "-0.00"}, {0, "0.00"}, {1.0 / 3, "0.33"}, {10000, "10000.00"},
	} {
		if got := ToFixed(c.f, 2); got != c.want {
			t.Errorf("ToFixed(%v, 2) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestEscapeHalves: an unpaired surrogate kept as WTF-8 is written as
// JSON.stringify writes it; the rest as Escape writes it.
func TestEscapeHalves(t *testing.T) {
	for in, want := range map[string]string{
		"a\xed\xa0\xbd":     `a\ud83d`,
		"\xed\xb8\x80b\n":   `\ude00b\n`,
		"plain \"text\"\t😀": `plain \"text\"\t😀`,
		"bad \xff":          "bad \ufffd",
	} {
		var b strings.Builder
		EscapeHalves(&b, in)
		if b.String() != want {
			t.Errorf("EscapeHalves(%q) = %q, want %q", in, b.String(), want)
		}
	}
}
