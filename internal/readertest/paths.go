package readertest

import (
	"math/rand/v2"
	"strings"
)

// Paths are n paths of every kind, for a profile's fast path over its own
// default arguments to be held to its general parse: plain and wide
// characters, quotes and backslashes that JSON escapes, control bytes,
// U+2028, bytes that are not UTF-8, and the extra pieces the profile's
// shape is made of (key names, brackets). The same seed gives the same
// paths.
func Paths(seed uint64, n int, extra ...string) []string {
	pieces := append([]string{"a", "/", ".", " ", "é", "日", "😀", `"`, `\`, "\n", "\t", "\x00", "\x7f", "\u2028", "\xff"}, extra...)
	rng := rand.New(rand.NewPCG(seed, 11))
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		out[i] = b.String()
	}
	return out
}
