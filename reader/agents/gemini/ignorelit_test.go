package gemini

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLiteralNeverRejectsAMatch: on random patterns and paths, a rule's
// look-up for its plain run never turns down a path its expression
// matches, and turns down most of the others.
func TestLiteralNeverRejectsAMatch(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "b", "K", "k", "s", "ſ", "K", ".", "-", "/", "*", "**", "?", "[ab]", "[a", "]", `\*`, `\`, "!", " ", "é", "lib", "dist", "Build"}
	pathPieces := []string{"a", "b", "k", "K", "S", "s", "ſ", "K", ".", "-", "/", "lib", "LIB", "dist", "build", "é", "x"}
	rejected, tried := 0, 0
	for range 3000 {
		var pb strings.Builder
		for range 1 + r.IntN(5) {
			pb.WriteString(pieces[r.IntN(len(pieces))])
		}
		rule := gmCompile(pb.String(), false, ".gitignore", 1, pb.String())
		if rule == nil {
			continue
		}
		for range 40 {
			var b strings.Builder
			for range 1 + r.IntN(6) {
				b.WriteString(pathPieces[r.IntN(len(pathPieces))])
			}
			path := strings.Trim(b.String(), "/")
			tried++
			want := rule.re.MatchString(path)
			if got := rule.matches(path); got != want {
				t.Fatalf("pattern %q (literal %q), path %q: matches says %v, the expression %v", pb.String(), rule.literal, path, got, want)
			}
			if !want && rule.literal != "" && isASCII(path) && !containsFoldASCII(path, rule.literal) {
				rejected++
			}
		}
	}
	if rejected < tried/4 {
		t.Errorf("the look-up turned down %d of %d paths: it saves nothing", rejected, tried)
	}
	for p, want := range map[string]string{"dist/": "dist", "*.log": ".log", "x[abc]yz": "yz", `a\*bcd`: "bcd", "**/node_modules": "node_modules", "[a": "a"} {
		if got := gmLiteral(p); got != want {
			t.Errorf("gmLiteral(%q) = %q, want %q", p, got, want)
		}
	}
}
