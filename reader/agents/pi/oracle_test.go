package pi

import (
	"context"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestOracle compares every recorded case with pi's own answer: the text,
// the error flag, and each image's mime type and dimensions; its bytes too
// where readlens sends the file itself. pi resizes large images with
// Photon, which readlens re-encodes (TestResizedBytes).
func TestOracle(t *testing.T) {
	readertest.Oracle(t, Profile, nil)
}

// TestResizedBytes checks the ports of Photon's resize and encoders on the
// recorded images pi resized: from a PNG or GIF, which Go decodes to the
// same pixels as image-rs, readlens sends pi's bytes exactly; from a JPEG,
// whose decoders round differently, the size is within 2%.
func TestResizedBytes(t *testing.T) {
	root := readertest.FixtureRoot(t)
	cases, err := oracle.Cases("pi")
	if err != nil {
		t.Fatal(err)
	}
	resized := 0
	for _, c := range cases {
		rec, err := oracle.Load("pi", c.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Attachments) != 1 || !strings.Contains(rec.Output, "[Image: original ") {
			continue
		}
		resized++
		args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: root, Worktree: root})
		if err != nil {
			t.Fatal(err)
		}
		got, want := res.Attachments[0], rec.Attachments[0]
		if !got.Reencoded {
			t.Errorf("%s: a resized image is not marked as readlens's encoding", c.Name)
		}
		if strings.HasSuffix(res.Path, ".jpg") {
			d := float64(got.Size-want.Size) / float64(want.Size)
			if d > 0.02 || d < -0.02 {
				t.Errorf("%s: %d bytes, pi sent %d", c.Name, got.Size, want.Size)
			}
			t.Logf("%s: %d bytes, pi sent %d (%+.2f%%), same bytes %v", c.Name, got.Size, want.Size, 100*d, got.SHA256 == want.SHA256)
			continue
		}
		if got.Size != want.Size || got.SHA256 != want.SHA256 {
			t.Errorf("%s: %d bytes (%.12s), pi sent %d (%.12s)", c.Name, got.Size, got.SHA256, want.Size, want.SHA256)
		}
	}
	if resized < 10 {
		t.Fatalf("only %d resized images recorded", resized)
	}
}
