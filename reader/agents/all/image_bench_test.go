package all

import (
	"bufio"
	"image/png"
	"testing"

	"github.com/readlens/readlens/internal/fixtures"
)

// BenchmarkImage50MP reads a 50-megapixel PNG (7071×7071, like a
// photograph: fixtures.Photo) with each profile that decodes and resizes
// it. The target: 2 s, holding at most twice the decoded image
// (B/op says what it allocates; scripts/bench.sh -image-only prints a
// process's wall time and peak RSS).
func BenchmarkImage50MP(b *testing.B) {
	for _, profile := range []string{"claude-code", "pi"} {
		b.Run(profile, func(b *testing.B) {
			path := benchFile(b, "photo-50MP.png", func(w *bufio.Writer) {
				if err := png.Encode(w, fixtures.Photo(7071, 7071)); err != nil {
					b.Fatal(err)
				}
			})
			benchRead(b, profile, path, nil, nil)
		})
	}
}
