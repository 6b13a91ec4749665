package cline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestSizeRulesFromStat: the executor answers these from the file's stat,
// before reading a byte, and so does readlens (a full read of the 1 GiB file
// took seconds). The files are sparse; the expected text is what
// shared/oracles/cline_read_files.mjs printed (@cline/core 0.0.86) for the
// same four files, named relative to its working directory.
func TestSizeRulesFromStat(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64, head string) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(head), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, size); err != nil {
			t.Fatal(err)
		}
	}
	sparse("huge.txt", 1<<30, "line\n")
	sparse("over.txt", clMaxText+1, "")
	sparse("big.png", 20_000_000, "")
	sparse("small.png", 5_000_000, "")
	args := `{"files":[{"path":"huge.txt"},{"path":"over.txt"},{"path":"big.png"},{"path":"small.png","start_line":2}]}`
	want := `[{"query":"huge.txt","result":"","error":"Error reading file: Text file too large to stream safely: 1073741824 bytes (max: 100000000 bytes). Use a targeted command such as sed, grep, head, or tail to inspect specific sections.","success":false},` +
		`{"query":"over.txt","result":"","error":"Error reading file: Text file too large to stream safely: 100000001 bytes (max: 100000000 bytes). Use a targeted command such as sed, grep, head, or tail to inspect specific sections.","success":false},` +
		`{"query":"big.png","result":"","error":"Error reading file: Image file too large: 20000000 bytes (max: 10000000 bytes).","success":false},` +
		`{"query":"small.png:2-EOF","result":"","error":"Error reading file: Current model does not support image input","success":false}]`
	res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: dir, Worktree: dir, NoImages: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != want || res.IsError {
		t.Errorf("got  %q (error %v)\nwant %q", res.Output, res.IsError, want)
	}
	if res.Stats.BytesRead != 0 {
		t.Errorf("read %d bytes to answer from four stats", res.Stats.BytesRead)
	}

	// The image limit is inclusive: 10,000,000 bytes pass the size check
	// (and meet the model's), one more does not, as the oracle answered.
	sparse("at.png", clMaxImage, "\x89PNG\r\n\x1a\n")
	sparse("over.png", clMaxImage+1, "\x89PNG\r\n\x1a\n")
	args = `{"files":[{"path":"at.png"},{"path":"over.png"}]}`
	want = `[{"query":"at.png","result":"","error":"Error reading file: Current model does not support image input","success":false},` +
		`{"query":"over.png","result":"","error":"Error reading file: Image file too large: 10000001 bytes (max: 10000000 bytes).","success":false}]`
	res, err = reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: dir, Worktree: dir, NoImages: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != want || res.Stats.BytesRead != 0 {
		t.Errorf("got  %q (%d bytes read)\nwant %q", res.Output, res.Stats.BytesRead, want)
	}

	// For a model that takes images, the one at the limit is sent whole, as
	// base64 in the answer, and the one over it refused the same way.
	res, err = reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: dir, Worktree: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.Output, `[{"query":"at.png","result":[{"type":"text","text":"Successfully read image"},{"type":"image","data":"iVBORw0KGgo`) ||
		len(res.Attachments) != 1 || res.Attachments[0].Size != clMaxImage || !strings.HasSuffix(res.Output, `Image file too large: 10000001 bytes (max: 10000000 bytes).","success":false}]`) {
		t.Errorf("an image-capable model: got %.200q…, attachments %+v", res.Output, res.Attachments)
	}
}

// TestCwdIsReal: the executor resolves a relative path against
// process.cwd(), which is getcwd(3), the directory with its links resolved,
// though the agent was started in it through a link. The expected text is
// what shared/oracles/cline_read_files.mjs printed (@cline/core 0.0.86) run
// in DIR/link, a link to DIR/real, with DIR in place of its folder.
func TestCwdIsReal(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "real", "a.txt"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("real", filepath.Join(dir, "link")); err != nil {
		t.Skip(err)
	}
	args := `{"files":[{"path":"a.txt","end_line":1},{"path":"missing.txt"},{"path":"."}]}`
	want := strings.ReplaceAll(`[{"query":"a.txt:1-1","result":"1 | one","success":true},`+
		`{"query":"missing.txt","result":"","error":"Error reading file: ENOENT: no such file or directory, stat 'DIR/real/missing.txt'","success":false},`+
		`{"query":".","result":"","error":"Error reading file: Path is not a file: DIR/real","success":false}]`, "DIR", dir)
	link := filepath.Join(dir, "link")
	res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: link, Worktree: link})
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != want {
		t.Errorf("got  %q\nwant %q", res.Output, want)
	}
}

// TestKeptLinesSurviveLaterReads: read_files hands the per-file answers'
// buffers back once it has joined them, but a one-file call's lines are
// the joined answer's own: later reads must not build in them.
func TestKeptLinesSurviveLaterReads(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"a.txt": "alpha\nbeta\n", "b.txt": "one\ntwo\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(args string) *reader.Result {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(args), Cwd: dir, Worktree: dir})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	kept := read(`{"files":[{"path":"a.txt"}]}`)
	for range 50 {
		read(`{"files":[{"path":"b.txt"},{"path":"b.txt"}]}`)
		read(`{"files":[{"path":"b.txt"}]}`).Release()
	}
	if len(kept.Lines) != 2 || kept.Lines[0].Text != "alpha" || kept.Lines[0].N != 1 || kept.Lines[1].Text != "beta" {
		t.Errorf("the kept lines changed: %+v", kept.Lines)
	}
}
