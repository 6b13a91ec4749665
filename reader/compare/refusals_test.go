package compare

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
)

// TestRefusalWording holds every entry of refusals to an answer of the
// engine's that it matches: a wording that drifts, or an entry no answer
// can meet, fails here.
func TestRefusalWording(t *testing.T) {
	root := readertest.FixtureRoot(t)
	dir := t.TempDir()
	// sized makes a file of size bytes that starts with head; the rest is a
	// hole, so a large one costs no disk.
	sized := func(name, head string, size int64) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(head), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, size); err != nil {
			t.Fatal(err)
		}
		return p
	}
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00"
	inside := filepath.Join(root, "dir")
	ignoring := filepath.Join(dir, "ws")
	os.MkdirAll(ignoring, 0o755)
	os.WriteFile(filepath.Join(ignoring, ".geminiignore"), []byte("ignored.txt\n"), 0o644)
	os.WriteFile(filepath.Join(ignoring, "ignored.txt"), []byte("x\n"), 0o644)
	cases := []struct {
		profile, path, cwd string
	}{
		{"claude-code", filepath.Join(root, "prog.exe"), ""},
		{"claude-code", sized("big.pdf", "%PDF-1.4\n", 21<<20), ""},
		{"claude-code", filepath.Join(root, "claude/pdf_12pages.pdf"), ""},
		{"claude-code", filepath.Join(root, "claude/nb_big.ipynb"), ""},
		{"crush", filepath.Join(root, "broken_utf8.txt"), ""},
		{"crush", sized("big.png", png, 300<<10), ""},
		{"crush", filepath.Join(root, "crush/wide_rows.txt"), ""},
		{"cline", sized("huge.png", png, 11<<20), ""},
		{"cline", sized("huge.txt", "x\n", 101<<20), ""},
		{"cline", filepath.Join(root, "media/pic.png"), ""},
		{"gemini-cli", filepath.Join(root, "small.txt"), inside},
		{"gemini-cli", sized("big.txt", "x\n", 21<<20), ""},
		{"gemini-cli", sized("big.svg", "<svg>", 1<<20+1), ""},
		{"gemini-cli", filepath.Join(ignoring, "ignored.txt"), ""},
		{"envelope", filepath.Join(root, "small.txt"), inside},
	}
	met := make([]bool, len(refusals))
	for _, c := range cases {
		p, err := all.Lookup(c.profile)
		if err != nil {
			t.Fatal(err)
		}
		cwd := c.cwd
		if cwd == "" {
			cwd = filepath.Dir(c.path)
		}
		row, err := Agent(context.Background(), c.path, reader.Request{Profile: p, Cwd: cwd, Worktree: cwd}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		hit := -1
		for i, r := range refusals {
			if r.profile == c.profile && strings.HasPrefix(row.Message, r.prefix) && strings.HasSuffix(row.Message, r.suffix) {
				hit = i
			}
		}
		if hit < 0 || row.Verdict != Refused || row.Reason != refusals[hit].reason {
			t.Errorf("%s on %s: %s %q, message %q: no refusal entry says so", c.profile, c.path, row.Verdict, row.Reason, row.Message)
			continue
		}
		met[hit] = true
	}
	for i, r := range refusals {
		if !met[i] {
			t.Errorf("no answer met the refusal %s %q", r.profile, r.prefix)
		}
	}
}
