package cli

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/readlens/readlens/reader"
)

// squarePNG is a 2000x2000 PNG: within Claude Code's 2000x2000 box, over
// the 4,784 image tokens of the models with image limits.
func squarePNG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 2000, 2000))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadModel: --model chooses Claude Code's image limits, as the
// recordings under claude-opus-4-7 show (readertest.Oracle checks them
// all): 1932x1932 with the note, where the default model sends the file.
func TestReadModel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "square.png")
	if err := os.WriteFile(path, squarePNG(t), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		model, size, after string
	}{
		{"", `"width": 2000,`, ""},
		{"claude-sonnet-4-5", `"width": 2000,`, ""},
		{"claude-sonnet-4-6", `"width": 2000,`, ""},
		{"claude-opus-4-7", `"width": 1932,`, "displayed at 1932x1932. Multiply coordinates by 1.04"},
		{"claude-fable-5-2", `"width": 1932,`, "displayed at 1932x1932."},
	} {
		code, out, stderr := cli(t, "read", path, "--profile", "claude-code", "--json", "--model", c.model)
		if code != exitOK || stderr != "" {
			t.Fatalf("%q: exit %d, stderr %q", c.model, code, stderr)
		}
		if !strings.Contains(out, c.size) || (c.after == "") == strings.Contains(out, `"after"`) || !strings.Contains(out, c.after) {
			t.Errorf("--model %q:\n%s", c.model, out)
		}
	}
	code, _, stderr := cli(t, "read", path, "--profile", "claude-code", "--model", "claude-opus-9")
	if code != exitUsage || !strings.Contains(stderr, `--model "claude-opus-9": Claude Code 2.1.330's model table has no such model; one of: claude-3-5-haiku,`) {
		t.Errorf("an unknown model: exit %d, %q", code, stderr)
	}
}

// TestCompareModel: compare passes --model to every agent; Claude Code's
// row shows the token budget's size.
func TestCompareModel(t *testing.T) {
	tree := fstest.MapFS{"square.png": {Data: squarePNG(t), Mode: 0o644, ModTime: time.Unix(1700000000, 0)}}
	compareFS = reader.Mount(tree, "/project")
	t.Cleanup(func() { compareFS = nil })
	for model, want := range map[string]string{"claude-opus-4-7": `"width": 1932`, "": `"width": 2000`} {
		code, out, stderr := cli(t, "compare", "/project/square.png", "--json", "--no-tokens", "--profiles", "claude-code", "--model", model)
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("--model %q: exit %d %s\n%s", model, code, stderr, out)
		}
	}
	if code, _, _ := cli(t, "compare", "/project/square.png", "--model", "gpt-5"); code != exitUsage {
		t.Errorf("compare with an unknown model: exit %d", code)
	}
}

// TestModelOnlyForClaudeCode: --model is checked against Claude Code's
// table only when Claude Code runs; crush takes any name and words it in
// its refusal of an image for a model without image input.
func TestModelOnlyForClaudeCode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "square.png")
	if err := os.WriteFile(path, squarePNG(t), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := cli(t, "read", path, "--profile", "crush", "--no-images", "--model", "gpt-4o-mini")
	if code != exitToolError || out != "This model (gpt-4o-mini) does not support image data." || stderr != "" {
		t.Errorf("crush, --model gpt-4o-mini: exit %d, %q, stderr %q", code, out, stderr)
	}
	if code, _, stderr := cli(t, "compare", path, "--profiles", "crush,pi", "--no-tokens", "--model", "gpt-4o-mini"); code != exitOK {
		t.Errorf("compare without Claude Code, --model gpt-4o-mini: exit %d, %q", code, stderr)
	}
	if code, _, _ := cli(t, "compare", path, "--profiles", "crush,claude-code", "--model", "gpt-4o-mini"); code != exitUsage {
		t.Errorf("compare with Claude Code, --model gpt-4o-mini: exit %d", code)
	}
}
