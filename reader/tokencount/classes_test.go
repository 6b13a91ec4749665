package tokencount

import (
	"testing"
	"unicode/utf8"
)

// TestClassesAreTheirDefinitions: every class answers for every rune as
// its definition does, through its ASCII table, its bitset of the Basic
// Multilingual Plane or the definition itself.
func TestClassesAreTheirDefinitions(t *testing.T) {
	classes := map[string]*class{
		"letters": letters, "numbers": numbers, "spaces": spaces, "punct": punct,
		"upper": upper, "lower": lower, "lineBreaks": lineBreaks, "lineBreaksSlash": lineBreaksSlash,
	}
	for name, c := range classes {
		members := 0
		for r := rune(0); r <= utf8.MaxRune; r++ {
			got, want := c.has(r), c.in(r)
			if got != want {
				t.Fatalf("%s: %U is a member %v, by its definition %v", name, r, got, want)
			}
			if got && r < 1<<16 {
				members++
			}
		}
		if members == 0 {
			t.Errorf("%s: no member in the plane", name)
		}
	}
}
