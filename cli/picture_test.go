package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestRenderPicture: read --render draws the image the model receives
// under its text, in 24-bit colour into a pipe and without a single escape
// under NO_COLOR, then what the file was and what was sent.
func TestRenderPicture(t *testing.T) {
	root := fixtureRoot(t)
	file := filepath.Join(root, "images", "big.png")
	args := []string{"read", "--profile", "pi", "--cwd", root, "--render", "--width", "60", "--theme", "dark", file}

	t.Setenv("KITTY_WINDOW_ID", "1") // a kitty terminal's, but this is a pipe
	code, out, _ := cli(t, args...)
	if code != 0 || !strings.Contains(out, "\x1b[38;2;") || !strings.Contains(out, "▀") || strings.Contains(out, "\x1b_G") {
		t.Fatalf("exit %d; want a 24-bit half-block picture:\n%s", code, out)
	}
	if !strings.Contains(ansi.Strip(out), "▣ 3000×2000 · 22.7 KiB → 2000×1333 · image/png · ≈") {
		t.Errorf("no caption of the original and the image sent:\n%s", ansi.Strip(out))
	}

	t.Setenv("NO_COLOR", "1")
	code, out, _ = cli(t, args...)
	if code != 0 || strings.Contains(out, "\x1b") {
		t.Fatalf("exit %d; NO_COLOR output holds escapes:\n%q", code, out)
	}
	// The gradient's bright lower right lights up cells: the shape survives.
	if !strings.Contains(out, "█") || !strings.Contains(out, "▄") {
		t.Errorf("no plain picture under NO_COLOR:\n%s", out)
	}
}
