package compare_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
)

// BenchmarkCompare100KB is issue 12's small budget in process: every
// profile, plans and tokens, on a 100 KB Go file (scripts/bench.sh
// measures the whole process, start included).
func BenchmarkCompare100KB(b *testing.B) {
	for _, tokens := range []bool{false, true} {
		b.Run(fmt.Sprintf("tokens=%v", tokens), func(b *testing.B) {
			dir := b.TempDir()
			path := filepath.Join(dir, "100KB.go")
			var sb strings.Builder
			for i := 0; sb.Len() < 100<<10; i++ {
				fmt.Fprintf(&sb, "\tvalue%d := compute(ctx, %d, \"item\")\n", i%1000, i)
			}
			if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
				b.Fatal(err)
			}
			opts := compare.Options{NoTokens: !tokens}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := compare.All(context.Background(), path, request(dir), all.Profiles, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
