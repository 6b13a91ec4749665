package readertest

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
)

// Known checks a case a profile knowingly answers otherwise than the real
// tool (the profile's "known differences" in the README): what must hold
// instead. want is the recorded output, for this machine (Expected).
type Known func(t *testing.T, want string, res *reader.Result)

// Oracle runs every recorded case of p (testdata/cases/<name>.json) through
// the engine and compares what the model receives, the error flag, the
// title, the preview and the attachments with what the real tool answered
// (testdata/oracle/<name>/), and the text the agent sends after the result
// (Claude Code's note on a resized image). A case in known is checked by
// its function.
func Oracle(t *testing.T, p reader.Profile, known map[string]Known) {
	root := FixtureRoot(t)
	home := filepath.Join(root, "home")
	t.Setenv("HOME", home) // pi expands "~" (the recorder did the same)
	name := p.Info().Name
	cases, err := oracle.Cases(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rec, err := oracle.Load(name, c.Name)
			if err != nil {
				t.Fatalf("no recording (run internal/record): %v", err)
			}
			args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
			if c.NoPoppler {
				NoPdftoppm(t)
			}
			res, err := reader.Read(context.Background(), reader.Request{Profile: p, Args: []byte(args), Cwd: root, Worktree: root, Home: home, NoImages: c.NoImages, Model: c.Model})
			if err != nil {
				t.Fatal(err)
			}
			want := Expected(t, rec, root)
			if check, ok := known[c.Name]; ok {
				check(t, want, res)
				return
			}
			if res.Output != want || res.IsError != rec.IsError {
				t.Errorf("output differs from the real tool's\n got: %q (error %v)\nwant: %q (error %v)", Shorten(res.Output), res.IsError, Shorten(want), rec.IsError)
			}
			if want := strings.ReplaceAll(rec.After, oracle.RootVar, root); res.After != want {
				t.Errorf("text after the result %q, want %q", res.After, want)
			}
			if rec.Title != nil && (!res.HasTitle || res.Title != strings.ReplaceAll(*rec.Title, oracle.RootVar, root)) {
				t.Errorf("title %q, want %q", res.Title, *rec.Title)
			}
			if rec.Preview != nil && (!res.HasPreview || res.Preview != strings.ReplaceAll(*rec.Preview, oracle.RootVar, root)) {
				t.Errorf("preview %q, want %q", res.Preview, *rec.Preview)
			}
			if !SameAttachments(res.Attachments, rec.Attachments) {
				t.Errorf("attachments %+v, want %+v", res.Attachments, rec.Attachments)
			}
		})
	}
}

// FixtureRoot is a copy of testdata/fixtures plus what git cannot hold, for
// one test: removed with it, so no run leaves a copy behind.
func FixtureRoot(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "root")
	if err := fixtures.Copy(root, filepath.Join(oracle.Testdata(), "fixtures")); err != nil {
		t.Fatal(err)
	}
	if err := fixtures.Dynamic(root); err != nil {
		t.Fatal(err)
	}
	return root
}

// Expected is the recorded output for this machine: the fixture root put
// back, and opencode's suggestions in this file system's directory order
// (the tool lists them unsorted; cases keep at most three matches, so only
// their order can differ).
func Expected(t *testing.T, r *oracle.Record, root string) string {
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

// SameAttachments compares attachments by what the model receives: the
// mime type, the dimensions where the recording has them, and the bytes
// (size and digest) where readlens's are the tool's own, not its
// re-encoding (Attachment.Reencoded).
func SameAttachments(got []reader.Attachment, want []oracle.Attachment) bool {
	if len(got) != len(want) {
		return false
	}
	for i, g := range got {
		w := want[i]
		switch {
		case g.Mime != w.Mime:
			return false
		case w.Width != 0 && (g.Width != w.Width || g.Height != w.Height):
			return false
		case !g.Reencoded && (g.Size != w.Size || g.SHA256 != w.SHA256):
			return false
		}
	}
	return true
}
