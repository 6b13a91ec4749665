package all

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAgentHeaders: every agent's package comment opens with the block
// Info.About gives, so the header a developer reads and what `readlens
// profiles` prints come from one source.
func TestAgentHeaders(t *testing.T) {
	dirs := map[string]string{"claude-code": "claude", "gemini-cli": "gemini", "opencode-legacy": "opencodelegacy"}
	for _, p := range Profiles {
		info := p.Info()
		dir := info.Name
		if d, ok := dirs[dir]; ok {
			dir = d
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", dir, "doc.go"), nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		var block []string
		for _, l := range strings.Split(f.Doc.Text(), "\n") {
			if rest, ok := strings.CutPrefix(l, "\t"); ok {
				block = append(block, rest)
			}
		}
		if want := info.About(); !slices.Equal(block, want) {
			t.Errorf("%s/doc.go's header:\n%s\nwant (Info.About):\n%s", dir, strings.Join(block, "\n"), strings.Join(want, "\n"))
		}
	}
}
