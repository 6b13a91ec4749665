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
	readertest.FakePdftoppm(t) // poppler, for Claude Code's count of a PDF's pages
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
		noImages           bool // a model without image input
	}{
		{"claude-code", filepath.Join(root, "prog.exe"), "", false},
		{"claude-code", sized("big.pdf", "%PDF-1.4\n", 21<<20), "", false},
		{"claude-code", filepath.Join(root, "claude/pdf_12pages.pdf"), "", false},
		{"claude-code", filepath.Join(root, "claude/nb_big.ipynb"), "", false},
		{"crush", filepath.Join(root, "broken_utf8.txt"), "", false},
		{"crush", sized("big.png", png, 300<<10), "", false},
		{"crush", filepath.Join(root, "crush/wide_rows.txt"), "", false},
		{"cline", sized("huge.png", png, 11<<20), "", false},
		{"cline", sized("huge.txt", "x\n", 101<<20), "", false},
		{"cline", filepath.Join(root, "media/pic.png"), "", true},
		{"gemini-cli", filepath.Join(root, "small.txt"), inside, false},
		{"gemini-cli", sized("big.txt", "x\n", 21<<20), "", false},
		{"gemini-cli", sized("big.svg", "<svg>", 1<<20+1), "", false},
		{"gemini-cli", filepath.Join(ignoring, "ignored.txt"), "", false},
		{"gemini-cli", filepath.Join(root, "gemini-cli/binary.mid"), "", false},
		{"envelope", filepath.Join(root, "small.txt"), inside, false},
		{"opencode", filepath.Join(root, "prog.exe"), "", false},
		{"opencode-legacy", filepath.Join(root, "all_bytes.bin2"), "", false},
		{"dmcc", filepath.Join(root, "ctrl_301.txt"), "", false},
		{"gemini-cli", filepath.Join(root, "binary_named.txt"), "", false},
		{"envelope", filepath.Join(root, "prog.exe"), "", false},
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
		row, err := Agent(context.Background(), c.path, reader.Request{Profile: p, Cwd: cwd, Worktree: cwd, NoImages: c.noImages}, Options{})
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

func TestMain(m *testing.M) {
	readertest.AsTool() // the fake pdftoppm, when started as one
	os.Exit(m.Run())
}

// TestRefusal: a recorded answer's first line names its refusal, for the
// profile whose words they are only.
func TestRefusal(t *testing.T) {
	for _, c := range []struct{ profile, text, want string }{
		{"opencode", "Cannot read binary file: /w/a.bin", ReasonBinary},
		{"opencode", "Cannot read binary file: /w/a.bin\nmore", ReasonBinary},
		{"gemini-cli", "Cannot read binary file: /w/a.bin", ""},
		{"gemini-cli", "File path 'dist/x.js' is ignored by configured ignore patterns.", ReasonIgnored},
		{"claude-code", "<tool_use_error>This tool cannot read binary files. The file appears to be a binary .exe file.</tool_use_error>", ReasonBinary},
		{"opencode", "File not found: /w/a.txt", ""},
		{"opencode", "", ""},
	} {
		if got := Refusal(c.profile, c.text); got != c.want {
			t.Errorf("Refusal(%q, %q) = %q, want %q", c.profile, c.text, got, c.want)
		}
	}
}
