package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
)

// TestUsageErrors: readlens's own mistakes exit 2 with the reason on stderr
// and nothing on stdout, where only the tool's text may go.
func TestUsageErrors(t *testing.T) {
	root := fixtureRoot(t)
	small := filepath.Join(root, "small.txt")
	for _, c := range []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"no path", []string{"read"}, "read needs a PATH"},
		{"unknown profile", []string{"read", small, "--profile", "nope"}, `unknown profile "nope"`},
		{"args and path", []string{"read", small, "--args", `{"filePath":"x"}`}, "--args replaces PATH"},
		{"args not an object", []string{"read", "--profile", "claude-code", "--args", `[1]`}, "must be a JSON object"},
		{"args not json", []string{"read", "--args", `{filePath:`}, "--args"},
		{"args not json past an array's start", []string{"read", "--profile", "codex", "--args", `["/a",`}, "--args: tool arguments: unexpected end of JSON input"},
		{"bad flag", []string{"read", small, "--offset", "x"}, "invalid argument"},
		{"two paths", []string{"read", small, small}, "accepts at most 1 arg"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, c.args...)
			if code != exitUsage || stdout != "" || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 and %q", code, stdout, stderr, c.want)
			}
		})
	}
}

// TestConvenienceFlags: PATH, --offset and --limit become the tool's own
// arguments, values unchanged, and give what --args gives.
func TestConvenienceFlags(t *testing.T) {
	root := fixtureRoot(t)
	for _, c := range []struct {
		profile string
		flags   []string
		args    string
	}{
		{"opencode", []string{"lines_3000.txt", "--offset", "2990", "--limit", "5"}, `{"filePath":"lines_3000.txt","offset":2990,"limit":5}`},
		{"opencode", []string{"small.txt", "--offset", "0"}, `{"filePath":"small.txt","offset":0}`},
		{"pi", []string{"lines_3000.txt", "--offset", "10", "--limit", "3"}, `{"path":"lines_3000.txt","offset":10,"limit":3}`},
		{"pi", []string{"small.txt", "--limit", "-1"}, `{"path":"small.txt","limit":-1}`},
		{"opencode-legacy", []string{"lines_3000.txt", "--offset", "2990", "--limit", "5"}, `{"filePath":"lines_3000.txt","offset":2990,"limit":5}`},
		{"dmcc", []string{"lines_3000.txt", "--offset", "2990", "--limit", "5"}, `{"filePath":"lines_3000.txt","offset":2990,"limit":5}`},
		{"envelope", []string{"lines_3000.txt", "--offset", "2990", "--limit", "5"}, `{"path":"lines_3000.txt","start_line":2990,"limit":5}`},
	} {
		base := []string{"read", "--profile", c.profile, "--cwd", root, "--worktree", root, "--json"}
		_, viaFlags, _ := cli(t, append(base, c.flags...)...)
		_, viaArgs, _ := cli(t, append(base, "--args", c.args)...)
		if viaFlags != viaArgs {
			t.Errorf("%s %v:\n%s\nwant the same as --args %s:\n%s", c.profile, c.flags, viaFlags, c.args, viaArgs)
		}
		var got jsonResult
		if err := json.Unmarshal([]byte(viaFlags), &got); err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		json.Compact(&compact, got.Args)
		if compact.String() != c.args {
			t.Errorf("%s %v: args %s, want %s", c.profile, c.flags, compact.String(), c.args)
		}
	}
}

// TestNoTrailingNewline: the output is exactly the tool's text.
func TestNoTrailingNewline(t *testing.T) {
	root := fixtureRoot(t)
	code, out, _ := cli(t, "read", "--profile", "pi", filepath.Join(root, "no_newline.txt"))
	if code != 0 || out != "a\nb" {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestProfilesList(t *testing.T) {
	code, out, _ := cli(t, "profiles")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	golden.RequireEqual(t, out)
}

// TestTerminalOutput: into a pipe the tool's bytes pass unchanged; to a
// terminal no control sequence from the file gets through.
func TestTerminalOutput(t *testing.T) {
	text := "a\x1b]52;c;aGk=\x07b\x1b[2J\tc\r\nd\u202ee"
	var out, errb bytes.Buffer
	if err := writeOutput(&out, &errb, text, false); err != nil || out.String() != text || errb.Len() != 0 {
		t.Fatalf("pipe: %q, stderr %q", out.String(), errb.String())
	}
	out.Reset()
	if err := writeOutput(&out, &errb, text, true); err != nil {
		t.Fatal(err)
	}
	if want := "a␛]52;c;aGk=␇b␛[2J\tc␍\nd⟨RLO⟩e"; out.String() != want {
		t.Fatalf("terminal: %q, want %q", out.String(), want)
	}
	if !strings.Contains(errb.String(), "pipe the output for the exact bytes") {
		t.Fatalf("no explanation on stderr: %q", errb.String())
	}
}

// TestBlocklistFlag: --blocklist works with any profile; a hit is a tool
// error (exit 1) whose text names the file and the restricted extension.
func TestBlocklistFlag(t *testing.T) {
	root := fixtureRoot(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"prog.exe"}, 1, `Cannot read ROOT/prog.exe: extension ".exe" is restricted`},
		{[]string{"text_named.zip", "--profile", "pi"}, 1, `Cannot read ROOT/text_named.zip: extension ".zip" is restricted`},
		{[]string{"text_named.bin", "--profile", "dmcc"}, 1, `Cannot read ROOT/text_named.bin: extension ".bin" is restricted`},
		{[]string{"media/pic.png", "--profile", "pi"}, 0, "Read image file [image/png]"},
		{[]string{"media/doc.pdf", "--profile", "opencode-legacy"}, 0, "PDF read successfully"},
	} {
		args := append([]string{"read", "--blocklist", "--cwd", root}, c.args...)
		code, out, _ := cli(t, args...)
		if want := strings.ReplaceAll(c.want, "ROOT", root); code != c.code || out != want {
			t.Errorf("%v: exit %d, %q; want exit %d, %q", c.args, code, out, c.code, want)
		}
	}
	if code, out, _ := cli(t, "read", "--cwd", root, "prog.exe"); code != 1 || out != "Cannot read binary file: "+root+"/prog.exe" {
		t.Errorf("without --blocklist: exit %d, %q", code, out)
	}
}

// TestEnvelopeCLI: `readlens read --profile envelope` prints the envelope
// and exits 1 on an error envelope; the CLI's clock is pinned, so time_ms
// is 0.
func TestEnvelopeCLI(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	mtime := time.UnixMilli(1735212345000)
	if err := os.WriteFile(p, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	base := []string{"read", "--profile", "envelope", "--cwd", dir, "--worktree", dir}
	code, out, _ := cli(t, append(base, "a.txt", "--limit", "1")...)
	want := `{"status": "partial", "data": {"content": "   1 | one\n", "truncated": true}, ` +
		`"text": "Read 1 lines from 'a.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 2 lines. Use start_line=2 to continue.]", ` +
		`"stats": {"time_ms": 0, "lines_read": 1, "chars_read": 3, "total_lines": 2, "file_size_bytes": 8, "file_mtime_ms": 1735212345000, "encoding": "utf-8"}, ` +
		`"context": {"cwd": ".", "params_input": {"path": "a.txt", "limit": 1}, "path_resolved": "a.txt"}}`
	if code != 0 || out != want {
		t.Errorf("exit %d\n%s\nwant exit 0\n%s", code, out, want)
	}
	code, out, _ = cli(t, append(base, "../a.txt")...)
	want = `{"status": "error", "text": "Access denied. Path must be within project root.", "stats": {"time_ms": 0}, ` +
		`"context": {"cwd": ".", "params_input": {"path": "../a.txt"}}, ` +
		`"error": {"code": "ACCESS_DENIED", "message": "Access denied. Path must be within project root."}}`
	if code != 1 || out != want {
		t.Errorf("exit %d\n%s\nwant exit 1\n%s", code, out, want)
	}
}

// TestRelativeCwd: --cwd and --worktree relative to where readlens runs.
func TestRelativeCwd(t *testing.T) {
	code, out, _ := cli(t, "read", "small.txt", "--profile", "pi", "--cwd", "../testdata/fixtures")
	if code != 0 || out != "Hello, world!\nLine 2\nLine 3" {
		t.Fatalf("exit %d: %q", code, out)
	}
	code, out, _ = cli(t, "read", "small.txt", "--cwd", "../testdata/fixtures", "--worktree", "../testdata", "--json")
	if code != 0 || !strings.Contains(out, `"title": "fixtures/small.txt"`) {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestBuildVersion(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef"}, {Key: "vcs.modified", Value: "true"}}
	for _, c := range []struct {
		info         *debug.BuildInfo
		ok           bool
		want, commit string
	}{
		{nil, false, "devel", ""},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, "devel", ""},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3", Sum: "h1:x"}}, true, "v1.2.3", ""},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261122120000-0123456789ab+dirty"}, Settings: rev}, true,
			"v0.0.0-20261122120000-0123456789ab+dirty", "0123456789abcdef"},
	} {
		v, commit := buildVersion(c.info, c.ok)
		if v != c.want || commit != c.commit {
			t.Errorf("buildVersion(%+v) = %q, %q; want %q, %q", c.info, v, commit, c.want, c.commit)
		}
	}
}
