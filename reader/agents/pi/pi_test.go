package pi

import (
	"context"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/reader"
)

// onePixelPNG is a valid 1x1 grey PNG: file-type, and so pi, takes a file
// that starts with it for an image whatever follows.
var onePixelPNG, _ = hex.DecodeString("89504e470d0a1a0a0000000d49484452000000010000000108000000003a7e9b55" +
	"0000000a49444154789c636000000002000148afa4710000000049454e44ae426082")

// TestNodeSizeLimits: pi reads a file whole with Node's readFile, which
// refuses one over 2 GiB, then makes a string of it, which V8 refuses past
// 0x1fffffe8 units; the error is pi's answer. The files are sparse and the
// expected texts are what shared/oracles/pi-read.mjs answered (pi 0.73.1,
// Node v20.20.2) on files of the same sizes and heads; readlens answers
// from the size, after the access check and the image sniff, reading no
// more than the sniff does.
func TestNodeSizeLimits(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64, head []byte) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, head, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, size); err != nil {
			t.Fatal(err)
		}
	}
	sparse("head3g.txt", 3<<30, []byte("hello\nworld\n"))
	sparse("big3g.png", 3<<30, onePixelPNG)
	sparse("2g.txt", 1<<31, nil)
	sparse("2g-1.txt", 1<<31-1, nil)
	sparse("string+1.txt", 0x1fffffe9, nil)
	const tooLong = "Cannot create a string longer than 0x1fffffe8 characters"
	for _, c := range []struct{ args, want string }{
		{`{"path":"head3g.txt"}`, "File size (3221225472) is greater than 2 GiB"},
		{`{"path":"head3g.txt","offset":5,"limit":-3}`, "File size (3221225472) is greater than 2 GiB"},
		{`{"path":"big3g.png"}`, "File size (3221225472) is greater than 2 GiB"},
		{`{"path":"2g.txt"}`, "File size (2147483648) is greater than 2 GiB"},
		{`{"path":"2g-1.txt"}`, tooLong},
		{`{"path":"string+1.txt"}`, tooLong},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(c.args), Cwd: dir, Worktree: dir, Home: dir})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || !res.IsError {
			t.Errorf("%s: got %q (error %v), want %q", c.args, res.Output, res.IsError, c.want)
		}
		if res.Stats.BytesRead > piSample {
			t.Errorf("%s: read %d bytes, more than the sniff's %d", c.args, res.Stats.BytesRead, piSample)
		}
	}
}

// TestNodeBase64Limit: an image is sent as base64, whose string passes V8's
// limit from 402,653,167 bytes on; pi-read.mjs answered the error for a
// sparse PNG of that size and sent the image one byte below it.
func TestNodeBase64Limit(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes 400 MB")
	}
	p := filepath.Join(t.TempDir(), "wide.png")
	if err := os.WriteFile(p, onePixelPNG, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, 402_653_167); err != nil {
		t.Fatal(err)
	}
	res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(`{"path":` + `"` + p + `"}`), Cwd: "/", Worktree: "/"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Cannot create a string longer than 0x1fffffe8 characters"; res.Output != want || !res.IsError || len(res.Attachments) != 0 {
		t.Errorf("got %q (error %v, %d attachments), want %q", res.Output, res.IsError, len(res.Attachments), want)
	}
}
