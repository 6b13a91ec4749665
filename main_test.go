package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
)

func TestMain(m *testing.M) {
	childMain() // the binary run as readlens by the terminal tests
	// --json reports the time a call took; goldens need it fixed.
	now = func() time.Time { return time.Unix(1700000000, 0) }
	os.Exit(m.Run())
}

var (
	rootOnce sync.Once
	rootDir  string
	rootErr  error
)

// fixtureRoot is a copy of testdata/fixtures plus what git cannot hold,
// shared by every test in the binary; nothing writes to it after.
func fixtureRoot(t *testing.T) string {
	t.Helper()
	rootOnce.Do(func() {
		dir, err := os.MkdirTemp("", "readlens-test-")
		if err != nil {
			rootErr = err
			return
		}
		rootDir = filepath.Join(dir, "root")
		if rootErr = fixtures.Copy(rootDir, filepath.Join("testdata", "fixtures")); rootErr == nil {
			rootErr = fixtures.Dynamic(rootDir)
		}
	})
	if rootErr != nil {
		t.Fatal(rootErr)
	}
	return rootDir
}

// cli runs readlens with args and returns its exit code and output.
func cli(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// knownDiffs are cases where readlens knowingly differs from the real tool,
// each listed in the README. The test checks what readlens does instead.
var knownDiffs = map[string]func(t *testing.T, want, got string, res jsonResult){
	// pi resizes images over 2000x2000 with Photon and says so in a line of
	// its own; readlens attaches the original and says pi would resize it.
	"pi/wide_png": func(t *testing.T, want, got string, res jsonResult) {
		if !strings.HasPrefix(want, got+"\n[Image: original ") || !strings.Contains(res.Note, "pi would resize") {
			t.Errorf("want the first line of pi's text and a resize note; got %q, note %q", got, res.Note)
		}
	},
}

// TestOracles runs every recorded case through `readlens read`, in text and
// JSON modes, and compares with what the real tool returned.
func TestOracles(t *testing.T) {
	root := fixtureRoot(t)
	t.Setenv("HOME", filepath.Join(root, "home")) // pi expands "~" (the recorder did the same)
	profiles, err := oracle.Profiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, profile := range profiles {
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
				base := []string{"read", "--profile", profile, "--args", args, "--cwd", root, "--worktree", root}
				want := expected(t, rec, root)

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
				if diff, ok := knownDiffs[profile+"/"+c.Name]; ok {
					diff(t, want, text, got)
					return
				}
				if text != want {
					t.Errorf("output differs from the real tool's\n got: %q\nwant: %q", clip(text), clip(want))
				}
				if wantCode := exitCode(rec); code != wantCode || jcode != wantCode {
					t.Errorf("exit codes %d and %d (--json), want %d (stderr %q)", code, jcode, wantCode, stderr)
				}
				if got.Output != want || got.IsError != rec.IsError {
					t.Errorf("--json output or is_error differs from the real tool's")
				}
				if rec.Title != nil && (got.Title == nil || *got.Title != strings.ReplaceAll(*rec.Title, oracle.RootVar, root)) {
					t.Errorf("--json title %v, want %q", got.Title, *rec.Title)
				}
				if rec.Preview != nil && (got.Preview == nil || *got.Preview != strings.ReplaceAll(*rec.Preview, oracle.RootVar, root)) {
					t.Errorf("--json preview %q, want %q", deref(got.Preview), *rec.Preview)
				}
				if !sameAttachments(got.Attachments, rec.Attachments) {
					t.Errorf("--json attachments %+v, want %+v", got.Attachments, rec.Attachments)
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

// expected is the recorded output for this machine: the fixture root put
// back, and opencode's suggestions in this file system's directory order
// (the tool lists them unsorted; cases keep at most three matches, so only
// their order can differ).
func expected(t *testing.T, r *oracle.Record, root string) string {
	out := strings.ReplaceAll(r.Output, oracle.RootVar, root)
	const marker = "\n\nDid you mean one of these?\n"
	head, list, ok := strings.Cut(out, marker)
	if !ok {
		return out
	}
	paths := strings.Split(list, "\n")
	dir := filepath.Dir(paths[0])
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	names, err := f.Readdirnames(-1)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(paths, func(a, b string) int {
		return slices.Index(names, filepath.Base(a)) - slices.Index(names, filepath.Base(b))
	})
	return head + marker + strings.Join(paths, "\n")
}

func sameAttachments(got []reader.Attachment, want []oracle.Attachment) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i].Mime != want[i].Mime || got[i].Size != want[i].Size || got[i].SHA256 != want[i].SHA256 {
			return false
		}
	}
	return true
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}

func clip(s string) string {
	if len(s) > 600 {
		return s[:300] + " ... " + s[len(s)-300:]
	}
	return s
}
