package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
)

func TestMain(m *testing.M) {
	childMain()         // the binary run as readlens by the terminal tests
	readertest.AsTool() // or as the fake pdftoppm (readertest.FakePdftoppm)
	// --json reports the time a call took; goldens need it fixed.
	now = func() time.Time { return time.Unix(1700000000, 0) }
	code := m.Run()
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// shared is one copy of the fixtures for every test of the command line,
// made at the first that asks and removed when they have all run: nothing
// writes to it.
var shared struct {
	once      sync.Once
	dir, root string
	err       error
}

// fixtureRoot is the shared copy of the fixtures plus what git cannot hold.
func fixtureRoot(t *testing.T) string {
	t.Helper()
	shared.once.Do(func() {
		if shared.dir, shared.err = os.MkdirTemp("", "readlens-cli-test-"); shared.err == nil {
			shared.root = filepath.Join(shared.dir, "root")
			if shared.err = fixtures.Copy(shared.root, filepath.Join(oracle.Testdata(), "fixtures")); shared.err == nil {
				shared.err = fixtures.Dynamic(shared.root)
			}
		}
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.root
}

// cli runs readlens with args and returns its exit code and output.
func cli(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// knownDiffs are cases where readlens knowingly differs from the real tool,
// each listed in the README. The test checks what readlens does instead.
// TestOracles runs every recorded case through `readlens read`, in text and
// JSON modes: an end-to-end check that the command line prints exactly what
// the engine answers, with the exit code the recording calls for, and that
// --json keeps its shape (the goldens). Whether the engine's answer is the
// real tool's is checked beside each agent (readertest.Oracle).
func TestOracles(t *testing.T) {
	root := fixtureRoot(t)
	t.Setenv("HOME", filepath.Join(root, "home")) // pi expands "~" (the recorder did the same)
	readertest.FakePdftoppm(t)                    // Claude Code's PDF pages, as poppler renders them
	profiles, err := oracle.Profiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, profile := range profiles {
		p, err := all.Lookup(profile)
		if err != nil {
			t.Fatal(err)
		}
		cases, err := oracle.Cases(profile)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			t.Run(profile+"/"+c.Name, func(t *testing.T) {
				rec, err := oracle.Load(profile, c.Name)
				if err != nil {
					t.Fatalf("no recording (run internal/record): %v", err)
				}
				args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
				if c.NoPoppler {
					readertest.NoPdftoppm(t)
				}
				base := []string{"read", "--profile", profile, "--args", args, "--cwd", root, "--worktree", root}
				if c.NoImages {
					base = append(base, "--no-images")
				}
				if c.Model != "" {
					base = append(base, "--model", c.Model)
				}
				res, err := reader.Read(context.Background(), reader.Request{Profile: p, Args: []byte(args), Cwd: root, Worktree: root, NoImages: c.NoImages, Model: c.Model})
				if err != nil {
					t.Fatal(err)
				}

				code, text, stderr := cli(t, base...)
				jcode, stdout, _ := cli(t, append(base, "--json")...)
				var got jsonResult
				if err := json.Unmarshal([]byte(stdout), &got); err != nil {
					t.Fatalf("--json: %v: %s", err, stdout)
				}
				// The root, then its parent (paths that leave the root resolve there).
				norm := strings.ReplaceAll(stdout, root, oracle.RootVar)
				norm = strings.ReplaceAll(norm, filepath.Dir(root), oracle.RootVar+"/..")
				golden.RequireEqual(t, norm)
				if text != res.Output || got.Output != res.Output || got.IsError != res.IsError {
					t.Errorf("the command line printed other than the engine's answer\n got: %q\nwant: %q", readertest.Shorten(text), readertest.Shorten(res.Output))
				}
				if wantCode := exitCode(rec); code != wantCode || jcode != wantCode {
					t.Errorf("exit codes %d and %d (--json), want %d (stderr %q)", code, jcode, wantCode, stderr)
				}
			})
		}
	}
}

func exitCode(r *oracle.Record) int {
	switch {
	case r.Timeout:
		return exitNoAnswer
	case r.IsError:
		return exitToolError
	}
	return exitOK
}
