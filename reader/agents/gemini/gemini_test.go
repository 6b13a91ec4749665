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
	for _, c := range []struct {
		name, args, want string
		isError          bool
	}{
		{"over 20 MB", `{"file_path":"big.txt"}`, "File size exceeds the 20MB limit: $D/big.txt (20.00MB)", true},
		{"20 MB is allowed", `{"file_path":"exact.txt","start_line":1,"end_line":1}`, "Cannot display content of binary file: exact.txt", false},
		{"svg over 1 MB", `{"file_path":"big.svg"}`, "Cannot display content of SVG file larger than 1MB: big.svg", false},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(c.args), Cwd: dir, Home: dir})
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(c.want, "$D", dir)
		if res.Output != want || res.IsError != c.isError {
			t.Errorf("%s: got %q (error %v), want %q", c.name, res.Output, res.IsError, want)
		}
	}
}
