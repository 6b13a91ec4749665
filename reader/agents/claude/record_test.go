package claude

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
)

// TestRecordImages re-records the image cases with the real CLI and fails
// if any recording changed: the check that the committed goldens are still
// what Claude Code 2.1.330 sends. Opt-in, since it needs node, unshare and
// the CLI's 381 MB binary: READLENS_RECORD=1 CLAUDE_BIN=.../claude (the
// native binary of @anthropic-ai/claude-code-linux-x64), with
// ../shared/oracles beside the repository.
func TestRecordImages(t *testing.T) {
	if os.Getenv("READLENS_RECORD") == "" || os.Getenv("CLAUDE_BIN") == "" {
		t.Skip("opt-in: READLENS_RECORD=1 CLAUDE_BIN=<claude binary> re-records the image cases with the real CLI")
	}
	cases, err := oracle.Cases("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	repo := filepath.Dir(oracle.Testdata())
	var names []string
	before := map[string][]byte{}
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "image_") {
			continue
		}
		names = append(names, c.Name)
		b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "oracle", "claude-code", c.Name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		before[c.Name] = b
	}
	if len(names) < 18 {
		t.Fatalf("only %d image cases", len(names))
	}
	cmd := exec.Command("go", "run", "./internal/record", "-profile", "claude-code", "-cases", strings.Join(names, ","))
	cmd.Dir = repo
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("record: %v\n%s", err, out)
	}
	for _, n := range names {
		after, err := os.ReadFile(filepath.Join(oracle.Testdata(), "oracle", "claude-code", n+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(before[n], after) {
			t.Errorf("%s: the real CLI now answers otherwise (see git diff testdata/oracle/claude-code)", n)
		}
	}
}
