package reader

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestPlainPageLines: a plain page's lines from either end are its text
// split at \n, with the empty end a line only when the split makes one
// (Split.Phantom).
func TestPlainPageLines(t *testing.T) {
	for _, text := range []string{"a", "a\n", "a\nb", "a\nb\n", "\n", "\n\n", "a\n\nb\n\n"} {
		for _, phantom := range []bool{false, true} {
			s := (&plainShape{}).survey([]byte(text))
			pg := PlainPage{Text: text, Lines: s.newlines, newlines: s.newlines}
			if !s.endsNL || phantom {
				pg.Lines++
			}
			want := strings.Split(text, "\n")
			if s.endsNL && !phantom {
				want = want[:len(want)-1]
			}
			var fwd, bwd []string
			for n, l := range pg.forward() {
				fwd = append(fwd, fmt.Sprintf("%d:%s", n, l))
			}
			for n, l := range pg.backward() {
				bwd = append(bwd, fmt.Sprintf("%d:%s", n, l))
			}
			slices.Reverse(bwd)
			var w []string
			for i, l := range want {
				w = append(w, fmt.Sprintf("%d:%s", i+1, l))
			}
			if !slices.Equal(fwd, w) || !slices.Equal(bwd, w) {
				t.Errorf("%q phantom %v: forward %q, backward %q, want %q", text, phantom, fwd, bwd, w)
			}
		}
	}
}
