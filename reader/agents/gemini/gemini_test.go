package gemini

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader"
)

// Gemini CLI's size rules need files too large to commit: made sparse here.
// The wording is processSingleFileContent's (utils/fileUtils.js, 0.61.0).
func TestGeminiSizeLimits(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64, head string) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(head)
		if err := f.Truncate(size); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	sparse("big.txt", 20<<20+1, "x\n")
	sparse("exact.txt", 20<<20, "")
	sparse("big.svg", 1<<20+1, "<svg>\n")
	// Read, these would take seconds: a .ts is text by its extension, an
	// image is read whole, an SVG is read as text.
	sparse("huge.ts", 1<<30, "let x = 1\n")
	sparse("huge.png", 1<<30, "\x89PNG\r\n\x1a\n")
	sparse("huge.svg", 1<<30, "<svg>\n")
	sparse("huge.zip", 1<<30, "")
	// At the limit an image is sent; a byte more and it is refused. The
	// oracle (gemini_read_file.mjs, 0.61.0) gave both answers.
	sparse("at.png", 20<<20, "\x89PNG\r\n\x1a\n")
	sparse("over.png", 20<<20+1, "\x89PNG\r\n\x1a\n")
	for _, c := range []struct {
		name, args, want string
		isError          bool
		fromStat         bool // the answer needs the stat alone: nothing is read
		blocklist        bool
	}{
		{"over 20 MB", `{"file_path":"big.txt"}`, "File size exceeds the 20MB limit: $D/big.txt (20.00MB)", true, true, false},
		{"20 MB is allowed", `{"file_path":"exact.txt","start_line":1,"end_line":1}`, "Cannot display content of binary file: exact.txt", false, false, false},
		{"svg over 1 MB", `{"file_path":"big.svg"}`, "Cannot display content of SVG file larger than 1MB: big.svg", false, true, false},
		{"text by extension", `{"file_path":"huge.ts"}`, "File size exceeds the 20MB limit: $D/huge.ts (1024.00MB)", true, true, false},
		{"image", `{"file_path":"huge.png"}`, "File size exceeds the 20MB limit: $D/huge.png (1024.00MB)", true, true, false},
		{"image at 20 MB", `{"file_path":"at.png"}`, "Binary content provided (1 item(s)).", false, false, false},
		{"image a byte over", `{"file_path":"over.png"}`, "File size exceeds the 20MB limit: $D/over.png (20.00MB)", true, true, false},
		{"svg over 20 MB", `{"file_path":"huge.svg","start_line":3}`, "File size exceeds the 20MB limit: $D/huge.svg (1024.00MB)", true, true, false},
		// readlens's blocklist, when on, still answers first, as it did.
		{"blocklist", `{"file_path":"huge.zip"}`, `Cannot read $D/huge.zip: extension ".zip" is restricted`, true, false, true},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(c.args), Cwd: dir, Home: dir, Blocklist: c.blocklist})
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(c.want, "$D", dir)
		if res.Output != want || res.IsError != c.isError {
			t.Errorf("%s: got %q (error %v), want %q", c.name, res.Output, res.IsError, want)
		}
		if c.fromStat && res.Stats.BytesRead != 0 {
			t.Errorf("%s: read %d bytes to answer from the file's size", c.name, res.Stats.BytesRead)
		}
	}
}

// linkThenDir is the disk, except that name turns from a link into a
// directory between fs.realpathSync's lstat and its readlink: the moment a
// swap lands in the middle of the walk.
type linkThenDir struct {
	reader.OS
	name string
}

func (l linkThenDir) Lstat(name string) (os.FileInfo, error) {
	if name == l.name {
		return os.Lstat(l.name + ".link")
	}
	return os.Lstat(name)
}

func (l linkThenDir) Readlink(name string) (string, error) {
	if name == l.name {
		return os.Readlink(name) // a directory: EINVAL
	}
	return os.Readlink(name)
}

// TestGeminiRealpathRace: a link that is a directory by the time
// realpathSync reads it fails readlink with EINVAL, which robustRealpath
// does not catch: read_file answers with Node's words for it, naming the
// link as realpathSync does.
func TestGeminiRealpathRace(t *testing.T) {
	dir := t.TempDir()
	rd := filepath.Join(dir, "rd")
	if err := os.MkdirAll(rd, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/", rd+".link"); err != nil {
		t.Fatal(err)
	}
	res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, FS: linkThenDir{name: rd},
		Args: []byte(`{"file_path":"rd/secret.txt"}`), Cwd: dir, Home: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := "Failed to resolve path: EINVAL: invalid argument, readlink '" + rd + "'"
	if res.Output != want || !res.IsError {
		t.Errorf("got  %q (error %v)\nwant %q", res.Output, res.IsError, want)
	}
}
