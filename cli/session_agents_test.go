package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// The pi and Codex sessions their CLIs wrote, recorded by internal/record
// (testdata/sessions/<agent>/README.md).
const (
	recordedPi    = "../testdata/sessions/pi/reads.jsonl"
	recordedCodex = "../testdata/sessions/codex/reads.jsonl"
)

// TestSessionCheckPi: pi 0.73.1's session, told from its first record:
// every read is the same but those of the two files that changed while
// it ran; the shell reads are not run again; exit 0. pi's session names
// no pi version, so no note says it differs from the profile's.
func TestSessionCheckPi(t *testing.T) {
	code, out, stderr := cli(t, "session", recordedPi, "--check", "--cwd", fixtureRoot(t))
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
	}
	golden.RequireEqual(t, out)
	if !strings.HasPrefix(out, "pi session 01a20584-ffbc-7687-8dbf-5acc03be2e97, cwd $ROOT\n") ||
		!strings.HasSuffix(out, "check: 8 same, 2 changed, 0 differs, 2 shell\n") {
		t.Errorf("output:\n%s", out)
	}
}

// TestSessionCheckCodex: Codex 0.169.0 reads through its shell: ten shell
// reads, kept as recorded, and view_image's image, which no profile runs
// again; a note says the session's Codex is not the profile's release.
func TestSessionCheckCodex(t *testing.T) {
	code, out, stderr := cli(t, "session", recordedCodex, "--check", "--cwd", fixtureRoot(t))
	if code != exitOK || stderr != "readlens: this session was written by Codex CLI 0.169.0; readlens reproduces Codex CLI's read tool as of read_file as last shipped (codex-rs 0.57.0-0.105.0), so --check may differ where the tool changed\n" {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, out)
	}
	golden.RequireEqual(t, out)
	if !strings.HasSuffix(out, "check: 0 same, 0 changed, 0 differs, 10 shell, 1 recorded (not run again)\n") {
		t.Errorf("output:\n%s", out)
	}
}

// TestSessionAgentFlag: --agent names the format the file is read as:
// its own gives what detection gives; unknown records of a session still
// being written are counted and named in --json.
func TestSessionAgentFlag(t *testing.T) {
	for _, c := range []struct{ file, agent string }{{recordedPi, "pi"}, {recordedCodex, "codex"}, {recordedSession, "claude-code"}} {
		_, detected, _ := cli(t, "session", c.file)
		code, named, _ := cli(t, "session", c.file, "--agent", c.agent)
		if code != exitOK || named != detected {
			t.Errorf("%s --agent %s: exit %d\n%s\nwant\n%s", c.file, c.agent, code, named, detected)
		}
	}
	b, err := os.ReadFile(recordedCodex)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	data := string(b) + `{"timestamp":"2026-11-22T23:25:24Z","type":"inbox_item","payload":{}}` + "\n" + `{"timestamp":"2026-11-22T23:25:2`
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := cli(t, "session", p, "--json", "--agent", "codex")
	var j sessionJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != exitOK {
		t.Fatal(code, err)
	}
	if j.Agent != "codex" || j.Version != "0.169.0" || j.Unknown["inbox_item"] != 1 || j.BadLines != 1 || len(j.Reads) != 11 ||
		!j.Reads[0].Shell || j.Reads[0].Command != "cat small.txt" || j.Reads[7].Tool != "view_image" || len(j.Reads[7].Result.Attachments) != 1 {
		t.Errorf("json: %+v", j)
	}
	want := []string{"line 79: the last line is incomplete (the session may still be running), skipped", `records of types readlens does not know were skipped: "inbox_item" (1)`}
	if strings.Join(j.Notes[:2], "\n") != strings.Join(want, "\n") {
		t.Errorf("notes %q", j.Notes)
	}
}
