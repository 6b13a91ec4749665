package claude

import (
	"context"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestResizedSizes measures readlens's bytes against Claude Code's on the
// recorded images it changed (Go's encoders, not Bun.Image's): JPEGs come
// within 6%; Go's PNGs are smaller than Bun's by 11 to 37% on these, which
// is how far off a choice between PNG and JPEG near the 512,000-byte
// budget can be. A resized WebP has no bytes at all.
//
// The budget's binary search can land on another quality: for
// image_binary_noise_png_opus47 Go's JPEG at quality 11 is 528,083 bytes,
// 3% over the budget, where Bun.Image's evidently fits (Claude Code sent
// 504,958), so readlens ends at quality 8 (428,471 bytes, 15% less).
func TestResizedSizes(t *testing.T) {
	otherQuality := map[string]bool{"image_binary_noise_png_opus47": true}
	root := readertest.FixtureRoot(t)
	cases, err := oracle.Cases("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	changed := 0
	for _, c := range cases {
		rec, err := oracle.Load("claude-code", c.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Attachments) != 1 {
			continue
		}
		args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: root, Worktree: root, Model: c.Model})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attachments) != 1 || !res.Attachments[0].Reencoded {
			continue
		}
		changed++
		got, want := res.Attachments[0], rec.Attachments[0]
		d := float64(got.Size-want.Size) / float64(want.Size)
		t.Logf("%-24s %s %dx%d: %d bytes, Claude Code sent %d (%+.1f%%)", c.Name, got.Mime, got.Width, got.Height, got.Size, want.Size, 100*d)
		switch got.Mime {
		case "image/jpeg":
			if otherQuality[c.Name] {
				if got.Size > ccByteBudget || d > 0 || d < -0.20 {
					t.Errorf("%s: a JPEG %+.1f%% off Claude Code's, a quality step of the budget's search is at most 20%% less", c.Name, 100*d)
				}
			} else if d > 0.06 || d < -0.06 {
				t.Errorf("%s: a JPEG %+.1f%% off Claude Code's", c.Name, 100*d)
			}
		case "image/png":
			if d > 0.10 || d < -0.40 {
				t.Errorf("%s: a PNG %+.1f%% off Claude Code's", c.Name, 100*d)
			}
		case "image/webp":
			if got.Size != 0 || got.SHA256 != "" {
				t.Errorf("%s: bytes for a WebP readlens cannot encode", c.Name)
			}
		}
	}
	if changed < 14 {
		t.Fatalf("only %d changed images recorded", changed)
	}
}
