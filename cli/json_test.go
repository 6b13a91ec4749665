package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// hostile holds what JSON leaves raw and a terminal acts on or hides: an
// 8-bit CSI (U+009B), DEL, a right-to-left override, a zero-width space, a
// tag character; an ESC, which JSON escapes itself; and text that passes.
const hostile = "csi\u009b31m del\x7f rlo\u202e zwsp\u200b tag\U000e0041 esc\x1b[2J é 😀\n"

// jsonFor is `readlens read --profile pi --json hostile.txt` for the file
// above, with output as the "output" string's JSON text.
func jsonFor(output string) string {
	return `{
  "profile": "pi",
  "args": {
    "path": "hostile.txt"
  },
  "output": "` + output + `",
  "is_error": false,
  "attachments": [],
  "truncation": {
    "first_line": 1,
    "last_line": 2,
    "total_lines": 2,
    "total_known": true,
    "cap": "",
    "next_offset": 0
  },
  "stats": {
    "bytes_read": ` + fmt.Sprint(len(hostile)) + `,
    "lines_scanned": 2,
    "elapsed_ms": 0
  }
}
`
}

// TestJSONToPipe: into a pipe, --json is encoding/json's text: the file's
// characters as they are, only those below U+0020 escaped.
func TestJSONToPipe(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hostile.txt"), []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := cli(t, "read", "--profile", "pi", "--json", "--cwd", dir, "hostile.txt")
	want := jsonFor("csi\u009b31m del\x7f rlo\u202e zwsp\u200b tag\U000e0041 esc\\u001b[2J é 😀\\n")
	if code != 0 || out != want {
		t.Fatalf("exit %d\n got %q\nwant %q", code, out, want)
	}
}
