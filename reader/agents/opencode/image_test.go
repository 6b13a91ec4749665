package opencode

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestSessionImages checks the images opencode's session changed before
// the model received them (the recordings' tool_attachments: what the
// read tool returned): one it dropped is dropped, with the note; one it
// resized is readlens's encoding, of opencode's mime type and size, and
// its very bytes where the source decodes to the same pixels in Go as in
// image-rs. From a JPEG, whose decoders round differently, the size is
// within 2%.
func TestSessionImages(t *testing.T) {
	root := readertest.FixtureRoot(t)
	cases, err := oracle.Cases("opencode")
	if err != nil {
		t.Fatal(err)
	}
	dropped, resized, exact := 0, 0, 0
	for _, c := range cases {
		rec, err := oracle.Load("opencode", c.Name)
		if err != nil {
			t.Fatal(err)
		}
		if rec.ToolAttachments == nil {
			continue
		}
		args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: root, Worktree: root})
		if err != nil {
			t.Fatal(err)
		}
		if len(rec.Attachments) == 0 {
			dropped++
			if len(res.Attachments) != 0 || !strings.HasSuffix(res.Output, ImageOmitted) {
				t.Errorf("%s: opencode dropped the image, readlens sends %+v with %q", c.Name, res.Attachments, res.Output)
			}
			continue
		}
		resized++
		if len(res.Attachments) != 1 {
			t.Errorf("%s: %d attachments", c.Name, len(res.Attachments))
			continue
		}
		got, want := res.Attachments[0], rec.Attachments[0]
		if !got.Reencoded || got.Original == nil {
			t.Errorf("%s: a resized image is not marked as readlens's encoding", c.Name)
		}
		if got.Mime != want.Mime || got.Width != want.Width || got.Height != want.Height {
			t.Errorf("%s: %s %dx%d, opencode sent %s %dx%d", c.Name, got.Mime, got.Width, got.Height, want.Mime, want.Width, want.Height)
		}
		if got.Size == want.Size && got.SHA256 == want.SHA256 {
			exact++
			continue
		}
		if rec.ToolAttachments[0].Mime == "image/jpeg" {
			d := float64(got.Size-want.Size) / float64(want.Size)
			if d > 0.02 || d < -0.02 {
				t.Errorf("%s: %d bytes, opencode sent %d", c.Name, got.Size, want.Size)
			}
			t.Logf("%s: %d bytes, opencode sent %d (%+.3f%%)", c.Name, got.Size, want.Size, 100*d)
			continue
		}
		t.Errorf("%s: %d bytes (%.12s), opencode sent %d (%.12s)", c.Name, got.Size, got.SHA256, want.Size, want.SHA256)
	}
	t.Logf("%d images dropped, %d resized, %d of them byte for byte", dropped, resized, exact)
	if dropped < 5 || resized < 10 {
		t.Fatalf("only %d dropped and %d resized images recorded", dropped, resized)
	}
}

// TestBox checks the first size opencode tries: Math.min(1, 2000/w,
// 2000/h) times each side, Math.round'ed, at least 1 (pi's box leaves a
// 1×5000 image 0 wide, and drops it).
func TestBox(t *testing.T) {
	for in, want := range map[[2]int]string{
		{3000, 2000}: "2000x1333", {2000, 2001}: "1999x2000", {2001, 2000}: "2000x1999",
		{1, 5000}: "1x2000", {9000, 100}: "2000x22", {2000, 2000}: "2000x2000", {4, 3}: "4x3",
		{100, 3000}: "67x2000", {2100, 100}: "2000x95",
	} {
		if w, h := ocBox(in[0], in[1]); fmt.Sprintf("%dx%d", w, h) != want {
			t.Errorf("%dx%d: %dx%d, want %s", in[0], in[1], w, h, want)
		}
	}
}
