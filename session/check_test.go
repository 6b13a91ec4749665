package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
)

func verdicts(t *testing.T, s *Session, dir string) []string {
	t.Helper()
	checked, err := Check(context.Background(), s, CheckOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range checked {
		// A same read's answer is the recorded one: Check does not hold
		// it; the others keep readlens's answer to show.
		if ran := c.Verdict == Same || c.Verdict == Changed || c.Verdict == Differs; ran && (c.Output == "") != (c.Verdict == Same) {
			t.Errorf("read %d, %s: %d bytes of readlens's answer held", c.Call.Index, c.Verdict, len(c.Output))
		}
		v := string(c.Verdict)
		if c.Reason != "" {
			v += ": " + c.Reason
		}
		out = append(out, v)
	}
	return out
}

// TestCheckRecorded: on the fixtures as the recorder set them up, readlens
// gives every read the model received, but the two of files that changed
// during the session: the one its Edit changed, and the one a person
// changed meanwhile, which a later read of it shows.
func TestCheckRecorded(t *testing.T) {
	s := parse(t, recorded(t))
	got := verdicts(t, s, readertest.FixtureRoot(t))
	want := []string{
		"same", "same", "same", "same",
		"changed: edited by call 5 (Edit, line 47)",
		"same",
		"changed: read 6 saw other content",
		"same", "same",
		"shell: not run again", "shell: not run again",
		"same",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCheckDiffers: a file changed with no record of it in the session
// differs; a file that is gone is changed; a read of a missing file is
// still the same.
func TestCheckDiffers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "root")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(oracle.Testdata(), "fixtures")
	for _, name := range []string{"small.txt", "lines_3000.txt"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "small.txt" {
			b = []byte("Hello, world!\nLine 2, changed unseen\nLine 3\n")
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := parse(t, recorded(t))
	got := verdicts(t, s, dir)
	want := []string{
		"differs", "same", "differs",
		"changed: the file is gone", "changed: the file is gone", "changed: the file is gone", "changed: the file is gone", "changed: the file is gone",
		"changed: the file is gone", // big_300k.txt: refused as too large then, missing now
		"shell: not run again", "shell: not run again",
		"same",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("verdicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCheckMapsTheDirectory: --cwd moves file_path and the working
// directory, and the answer's paths are put back, so an error that names
// the directory is the same.
func TestCheckMapsTheDirectory(t *testing.T) {
	s := &Session{Cwd: "$ROOT"}
	o := CheckOptions{Dir: "/tmp/x"}
	for _, c := range []struct{ in, want string }{
		{`{"file_path":"$ROOT/a.txt","offset":2}`, `{"file_path":"/tmp/x/a.txt","offset":2}`},
		{`{"file_path":"$ROOT"}`, `{"file_path":"/tmp/x"}`},
		{`{"file_path":"/etc/hosts"}`, `{"file_path":"/etc/hosts"}`},
		{`{"file_path":"$ROOTS/a"}`, `{"file_path":"$ROOTS/a"}`},
		{`{"offset":"$ROOT/a"}`, `{"offset":"$ROOT/a"}`},
		{`not json`, `not json`},
	} {
		if got := string(o.mapArgs(s, []byte(c.in))); got != c.want {
			t.Errorf("%s: %s, want %s", c.in, got, c.want)
		}
	}
	if got := o.unmap(s, "File does not exist. Note: your current working directory is /tmp/x."); got != "File does not exist. Note: your current working directory is $ROOT." {
		t.Error(got)
	}
}

// TestCheckStub: a stub is checked against the read it stands for.
func TestCheckStub(t *testing.T) {
	s := parse(t, recorded(t))
	// The recorded repeat of small.txt, as a session in which Claude Code
	// had answered it with its stub.
	stub := *s.Calls[2].Result
	stub.Output = TextOf(claudeStubs[0])
	s.Calls[2].Result, s.Calls[2].Stub = &stub, true
	got := verdicts(t, s, readertest.FixtureRoot(t))
	if got[2] != "same: the stub stands for read 1" {
		t.Errorf("stub: %q", got[2])
	}
	if got := verdicts(t, s, fixtures.Tree(t, map[string]string{"small.txt": "other\n"})); got[0] != "differs" || got[2] != "differs: the stub stands for read 1, which readlens does not give" {
		t.Errorf("stub on a changed file: %q", got[:3])
	}
}
