package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/readlens/readlens/internal/fixtures"
)

// What the session recorders of pi, Codex, Gemini CLI and opencode share:
// the run inside a network namespace with only loopback, the fixture root,
// a person's edit between turns, and the files written to
// testdata/sessions/<agent>/.

// reexecInNetns runs this program again inside `unshare -rn` with loopback
// up, unless it already is the run inside; done says the caller's work was
// done by that run (or failed with err).
func reexecInNetns() (done bool, err error) {
	if os.Getenv(netnsEnv) != "" {
		return false, nil
	}
	self, err := os.Executable()
	if err != nil {
		return true, err
	}
	cmd := exec.Command("unshare", append([]string{"-rn", "sh", "-c", `ip link set lo up && exec "$0" "$@"`, self}, os.Args[1:]...)...)
	cmd.Env = append(os.Environ(), netnsEnv+"=1")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return true, cmd.Run()
}

// sessionRoot makes the working directory of a recorded session: a copy
// of testdata/fixtures, as the oracle recorder makes it, git init-ed.
func sessionRoot(tmp string) (string, error) {
	root := filepath.Join(tmp, "root")
	if err := fixtures.Copy(root, "testdata/fixtures"); err != nil {
		return "", err
	}
	if err := fixtures.Dynamic(root); err != nil {
		return "", err
	}
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		return "", fmt.Errorf("git init: %s", out)
	}
	return root, nil
}

// writeSession writes testdata/sessions/<agent>/<name>.jsonl and, beside
// it, <name>.recording.json: how it was made.
func writeSession(agent, name, text string, meta map[string]any) error {
	dir := filepath.Join("testdata", "sessions", agent)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := filepath.Join(dir, name+".jsonl")
	if err := os.WriteFile(out, []byte(text), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s (%d bytes)\n", out, len(text))
	b, _ := json.MarshalIndent(meta, "", "  ")
	return os.WriteFile(filepath.Join(dir, name+".recording.json"), append(b, '\n'), 0o644)
}

// personEdits rewrites a fixture between two of the model's turns, with a
// later mtime, as a person editing it while the agent runs would.
func personEdits(name, content string) func(root string) error {
	return func(root string) error {
		p := filepath.Join(root, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
		later, err := os.Stat(p)
		if err != nil {
			return err
		}
		t := later.ModTime().Add(2e9) // a new mtime, whatever the clock's grain
		return os.Chtimes(p, t, t)
	}
}
