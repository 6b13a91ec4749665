package cli

import (
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/tui"
)

// TestInspectorOnAMissingFile: readlens PATH on a path the agent cannot
// read opens the inspector on the agent's answer, where it exited 2 with
// Go's stat error (issue 11, defect 7).
func TestInspectorOnAMissingFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "fx", "missing.txt")
	o, err := inspectorOptions([]string{missing}, inspectFlags{profile: "opencode", theme: "light"})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Reads) != 1 || o.Reads[0] != (tui.Read{Path: missing}) || o.Dir == "" || o.Theme != "light" {
		t.Fatalf("options %+v", o)
	}
}
