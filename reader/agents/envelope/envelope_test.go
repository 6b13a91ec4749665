package envelope

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// utilsPy is a file with the shape of design document 002's example: 1523
// lines, 45200 bytes, the first 500 lines 12050 characters, starting with
// "import os", "import json" and an empty line.
func utilsPy() string {
	var b strings.Builder
	b.WriteString("import os\nimport json\n\n")
	for i := 4; i <= 500; i++ { // 497 lines, 12030 characters
		n := 24
		if i <= 105 {
			n = 25
		}
		b.WriteString(strings.Repeat("a", n) + "\n")
	}
	for i := 501; i <= 1523; i++ { // 1023 lines, 32650 bytes with their newlines
		n := 30
		if i <= 1437 {
			n = 31
		}
		b.WriteString(strings.Repeat("b", n) + "\n")
	}
	return b.String()
}

// TestEnvelopeExample is the document's own example (2.3.3), byte for byte
// outside the content it elides: the same file shape, the same mtime, a
// call that takes 12 ms.
func TestEnvelopeExample(t *testing.T) {
	root := fixtures.Tree(t, map[string]string{"src/utils.py": utilsPy()})
	res := readertest.CallWith(t, reader.Request{Profile: Profile, Args: []byte(`{"path": "src/utils.py", "limit": 500}`),
		Cwd: root, Worktree: root, Now: readertest.SteppingClock(12 * time.Millisecond)})
	const head = `{"status": "partial", "data": {"content": "   1 | import os\n   2 | import json\n   3 | \n`
	const tail = `", "truncated": true}, "text": "Read 500 lines from 'src/utils.py' (Lines 1-500).\n(Took 12ms)\n[Truncated: Showing first 500 of 1523 lines. Use start_line=501 to continue.]", ` +
		`"stats": {"time_ms": 12, "lines_read": 500, "chars_read": 12050, "total_lines": 1523, "file_size_bytes": 45200, "file_mtime_ms": 1735212345000, "encoding": "utf-8"}, ` +
		`"context": {"cwd": ".", "params_input": {"path": "src/utils.py", "limit": 500}, "path_resolved": "src/utils.py"}}`
	var content strings.Builder
	for i, l := range strings.Split(utilsPy(), "\n")[3:500] {
		fmt.Fprintf(&content, "%4d | %s\\n", i+4, l)
	}
	if want := head + content.String() + tail; res.Output != want {
		t.Errorf("got\n%s\nwant\n%s", readertest.Shorten(res.Output), readertest.Shorten(want))
	}
	if res.IsError || res.Truncation.NextOffset != 501 || string(res.Truncation.Next) != `{"path":"src/utils.py","limit":500,"start_line":501}` {
		t.Errorf("is_error %v, truncation %+v", res.IsError, res.Truncation)
	}
}

// TestEnvelopeRules checks every rule of design document 002, and the
// decisions readlens made where it is silent, byte for byte.
func TestEnvelopeRules(t *testing.T) {
	base := fixtures.Tree(t, map[string]string{"root/": "", "root-evil/secret.txt": "evil\n", "outside.txt": "outside\n"})
	root := filepath.Join(base, "root")
	var big strings.Builder
	for i := 1; i <= 10001; i++ {
		fmt.Fprintf(&big, "%d\n", i)
	}
	files := map[string]string{
		"small.txt":   "one\ntwo\nthree\n",
		"empty.txt":   "",
		"endings.txt": "a\r\nb\rc",
		"escape.txt":  "tab\there \"quoted\" back\\slash \x01 é 漢\n",
		"latin1.txt":  "caf\xe9\n",
		"late.txt":    strings.Repeat("ok\n", 5) + "bad \xff\n",
		"bom.txt":     "\xef\xbb\xbfbom\n",
		"big.txt":     big.String(),
		"nul.txt":     "a\x00b\n",
		"nul_8191":    strings.Repeat("x", 8191) + "\x00",
		"nul_8192":    strings.Repeat("x", 8192) + "\x00",
		"dir/":        "",
		"sub/in.txt":  "in\n",
		"link_in":     "->small.txt",
		"link_out":    "->../outside.txt",
		"link_evil":   "->../root-evil/secret.txt",
		"link_dir":    "->dir",
	}
	for name, content := range files {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		switch {
		case strings.HasSuffix(name, "/"):
			os.MkdirAll(p, 0o755)
		case strings.HasPrefix(content, "->"):
			os.Symlink(content[2:], p)
		default:
			os.WriteFile(p, []byte(content), 0o644)
			os.Chtimes(p, fixtures.FixedMtime, fixtures.FixedMtime)
		}
	}
	ctx := func(params, resolved string) string {
		s := `"context": {"cwd": ".", "params_input": ` + params
		if resolved != "" {
			s += `, "path_resolved": "` + resolved + `"`
		}
		return s + "}"
	}
	ok := func(status, content string, truncated bool, extra, text string, read, chars, total, size int, params, resolved string) string {
		return fmt.Sprintf(`{"status": "%s", "data": {"content": "%s", "truncated": %t%s}, "text": "%s", "stats": {"time_ms": 0, "lines_read": %d, "chars_read": %d, "total_lines": %d, "file_size_bytes": %d, "file_mtime_ms": 1735212345000, "encoding": "utf-8"}, %s}`,
			status, content, truncated, extra, text, read, chars, total, size, ctx(params, resolved))
	}
	bad := func(code, msg, params, resolved string) string {
		return fmt.Sprintf(`{"status": "error", "text": "%s", "stats": {"time_ms": 0}, %s, "error": {"code": "%s", "message": "%s"}}`, msg, ctx(params, resolved), code, msg)
	}
	for _, c := range []struct {
		rule, args, want string
	}{
		// Success: every line "%4d | %s\n", the last one included.
		{"success", `{"path":"small.txt"}`, ok("success", `   1 | one\n   2 | two\n   3 | three\n`, false, "",
			`Read 3 lines from 'small.txt' (Lines 1-3).\n(Took 0ms)`, 3, 11, 3, 14, `{"path": "small.txt"}`, "small.txt")},
		{"start_line and limit", `{"path":"small.txt","start_line":2,"limit":1}`, ok("partial", `   2 | two\n`, true, "",
			`Read 1 lines from 'small.txt' (Lines 2-2).\n(Took 0ms)\n[Truncated: Showing first 1 of 3 lines. Use start_line=3 to continue.]`, 1, 3, 3, 14,
			`{"path": "small.txt", "start_line": 2, "limit": 1}`, "small.txt")},
		{"start_line on the last line", `{"path":"small.txt","start_line":3}`, ok("success", `   3 | three\n`, false, "",
			`Read 1 lines from 'small.txt' (Lines 3-3).\n(Took 0ms)`, 1, 5, 3, 14, `{"path": "small.txt", "start_line": 3}`, "small.txt")},
		{"default limit 500 and wide numbers", `{"path":"big.txt","start_line":9999}`, ok("success", `9999 | 9999\n10000 | 10000\n10001 | 10001\n`, false, "",
			`Read 3 lines from 'big.txt' (Lines 9999-10001).\n(Took 0ms)`, 3, 14, 10001, 48900, `{"path": "big.txt", "start_line": 9999}`, "big.txt")},
		{"limit 2000 is allowed", `{"path":"small.txt","limit":2000}`, ok("success", `   1 | one\n   2 | two\n   3 | three\n`, false, "",
			`Read 3 lines from 'small.txt' (Lines 1-3).\n(Took 0ms)`, 3, 11, 3, 14, `{"path": "small.txt", "limit": 2000}`, "small.txt")},
		{"\\r\\n and \\r end lines", `{"path":"endings.txt"}`, ok("success", `   1 | a\n   2 | b\n   3 | c\n`, false, "",
			`Read 3 lines from 'endings.txt' (Lines 1-3).\n(Took 0ms)`, 3, 3, 3, 6, `{"path": "endings.txt"}`, "endings.txt")},
		{"JSON escaping, non-ASCII kept", `{"path":"escape.txt"}`, ok("success", `   1 | tab\there \"quoted\" back\\slash \u0001 é 漢\n`, false, "",
			`Read 1 lines from 'escape.txt' (Lines 1-1).\n(Took 0ms)`, 1, 34, 1, 38, `{"path": "escape.txt"}`, "escape.txt")},
		{"a BOM is a character of line 1", `{"path":"bom.txt"}`, ok("success", "   1 | \ufeffbom\\n", false, "",
			`Read 1 lines from 'bom.txt' (Lines 1-1).\n(Took 0ms)`, 1, 4, 1, 7, `{"path": "bom.txt"}`, "bom.txt")},
		// The empty file (section 7).
		{"empty file", `{"path":"empty.txt"}`, ok("success", "", false, "",
			`Read 0 lines from 'empty.txt' (file is empty).`, 0, 0, 0, 0, `{"path": "empty.txt"}`, "empty.txt")},
		{"empty file: only start_line 1", `{"path":"empty.txt","start_line":2}`, bad("INVALID_PARAM",
			`Invalid start_line: 2. 'empty.txt' is empty: only start_line=1 is valid.`, `{"path": "empty.txt", "start_line": 2}`, "empty.txt")},
		// Encoding: strict UTF-8, else replacement and partial.
		{"replacement decoding is partial", `{"path":"latin1.txt"}`, ok("partial", "   1 | caf\ufffd\\n", false, `, "fallback_encoding": "replace"`,
			`Read 1 lines from 'latin1.txt' (Lines 1-1).\n(Took 0ms)`, 1, 4, 1, 5, `{"path": "latin1.txt"}`, "latin1.txt")},
		{"invalid bytes past the lines shown still count", `{"path":"late.txt","limit":2}`, ok("partial", `   1 | ok\n   2 | ok\n`, true, `, "fallback_encoding": "replace"`,
			`Read 2 lines from 'late.txt' (Lines 1-2).\n(Took 0ms)\n[Truncated: Showing first 2 of 6 lines. Use start_line=3 to continue.]`, 2, 4, 6, 21,
			`{"path": "late.txt", "limit": 2}`, "late.txt")},
		// Parameters.
		{"start_line past the end", `{"path":"small.txt","start_line":4}`, bad("INVALID_PARAM",
			`Invalid start_line: 4. 'small.txt' has 3 lines (valid range: 1-3).`, `{"path": "small.txt", "start_line": 4}`, "small.txt")},
		{"start_line past the end is echoed as sent", `{"path":"small.txt","start_line":2000000000000}`, bad("INVALID_PARAM",
			`Invalid start_line: 2000000000000. 'small.txt' has 3 lines (valid range: 1-3).`, `{"path": "small.txt", "start_line": 2000000000000}`, "small.txt")},
		{"start_line past a float64's integers", `{"path":"small.txt","start_line":123456789012345678901234567890}`, bad("INVALID_PARAM",
			`Invalid start_line: 123456789012345678901234567890. 'small.txt' has 3 lines (valid range: 1-3).`,
			`{"path": "small.txt", "start_line": 123456789012345678901234567890}`, "small.txt")},
		{"a large start_line on an empty file", `{"path":"empty.txt","start_line":9007199254740993}`, bad("INVALID_PARAM",
			`Invalid start_line: 9007199254740993. 'empty.txt' is empty: only start_line=1 is valid.`, `{"path": "empty.txt", "start_line": 9007199254740993}`, "empty.txt")},
		{"start_line 0", `{"path":"small.txt","start_line":0}`, bad("INVALID_PARAM",
			`Invalid start_line: 0. It must be >= 1.`, `{"path": "small.txt", "start_line": 0}`, "")},
		{"limit 0", `{"path":"small.txt","limit":0}`, bad("INVALID_PARAM",
			`Invalid limit: 0. It must be between 1 and 2000.`, `{"path": "small.txt", "limit": 0}`, "")},
		{"limit over 2000 is refused, not clamped", `{"path":"small.txt","limit":2001}`, bad("INVALID_PARAM",
			`Invalid limit: 2001. It must be between 1 and 2000.`, `{"path": "small.txt", "limit": 2001}`, "")},
		{"start_line not an integer", `{"path":"small.txt","start_line":"2"}`, bad("INVALID_PARAM",
			`Invalid start_line: expected an integer, got \"2\".`, `{"path": "small.txt", "start_line": "2"}`, "")},
		{"limit a float", `{"path":"small.txt","limit":10.0}`, bad("INVALID_PARAM",
			`Invalid limit: expected an integer, got 10.0.`, `{"path": "small.txt", "limit": 10.0}`, "")},
		{"path missing", `{"limit":5}`, bad("INVALID_PARAM", `Invalid path: expected a string.`, `{"limit": 5}`, "")},
		{"params_input as json.loads then json.dumps", `{"path":"small.txt","limit":1,"x":[1e16,0.00001,-0,"é\n"],"y":{"a":true,"a":null}}`,
			ok("partial", `   1 | one\n`, true, "", `Read 1 lines from 'small.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 3 lines. Use start_line=2 to continue.]`, 1, 3, 3, 14,
				`{"path": "small.txt", "limit": 1, "x": [1e+16, 1e-05, 0, "é\n"], "y": {"a": null}}`, "small.txt")},
		// Paths: inside the root, symbolic links resolved.
		{"not found", `{"path":"nope.txt"}`, bad("NOT_FOUND", `File 'nope.txt' does not exist.`, `{"path": "nope.txt"}`, "nope.txt")},
		{"a directory", `{"path":"dir"}`, bad("IS_DIRECTORY", `Path 'dir' is a directory. Use LS to explore it.`, `{"path": "dir"}`, "dir")},
		{"a link to a directory", `{"path":"link_dir"}`, bad("IS_DIRECTORY", `Path 'link_dir' is a directory. Use LS to explore it.`, `{"path": "link_dir"}`, "dir")},
		{"the root itself", `{"path":"."}`, bad("IS_DIRECTORY", `Path '.' is a directory. Use LS to explore it.`, `{"path": "."}`, ".")},
		{"a link inside the root", `{"path":"link_in","limit":1}`, ok("partial", `   1 | one\n`, true, "",
			`Read 1 lines from 'link_in' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 3 lines. Use start_line=2 to continue.]`, 1, 3, 3, 14,
			`{"path": "link_in", "limit": 1}`, "small.txt")},
		{"dot-dot that stays inside", `{"path":"sub/../small.txt","limit":1}`, ok("partial", `   1 | one\n`, true, "",
			`Read 1 lines from 'sub/../small.txt' (Lines 1-1).\n(Took 0ms)\n[Truncated: Showing first 1 of 3 lines. Use start_line=2 to continue.]`, 1, 3, 3, 14,
			`{"path": "sub/../small.txt", "limit": 1}`, "small.txt")},
		{"an absolute path inside the root", `{"path":"ROOT/sub/in.txt"}`, ok("success", `   1 | in\n`, false, "",
			`Read 1 lines from 'ROOT/sub/in.txt' (Lines 1-1).\n(Took 0ms)`, 1, 2, 1, 3, `{"path": "ROOT/sub/in.txt"}`, "sub/in.txt")},
		{"dot-dot out of the root", `{"path":"../outside.txt"}`, bad("ACCESS_DENIED", `Access denied. Path must be within project root.`, `{"path": "../outside.txt"}`, "")},
		{"an absolute path outside", `{"path":"BASE/outside.txt"}`, bad("ACCESS_DENIED", `Access denied. Path must be within project root.`, `{"path": "BASE/outside.txt"}`, "")},
		{"a link out of the root", `{"path":"link_out"}`, bad("ACCESS_DENIED", `Access denied. Path must be within project root.`, `{"path": "link_out"}`, "")},
		{"a sibling named like the root", `{"path":"../root-evil/secret.txt"}`, bad("ACCESS_DENIED", `Access denied. Path must be within project root.`, `{"path": "../root-evil/secret.txt"}`, "")},
		{"a link to the sibling", `{"path":"link_evil"}`, bad("ACCESS_DENIED", `Access denied. Path must be within project root.`, `{"path": "link_evil"}`, "")},
		{"a missing path outside", `{"path":"../nowhere/x"}`, bad("ACCESS_DENIED", `Access denied. Path must be within project root.`, `{"path": "../nowhere/x"}`, "")},
		// Binary: a NUL byte in the first 8 KB.
		{"binary", `{"path":"nul.txt"}`, bad("BINARY_FILE", `File 'nul.txt' appears to be binary.`, `{"path": "nul.txt"}`, "nul.txt")},
		{"a NUL at byte 8191", `{"path":"nul_8191"}`, bad("BINARY_FILE", `File 'nul_8191' appears to be binary.`, `{"path": "nul_8191"}`, "nul_8191")},
		{"a NUL at byte 8192 is text", `{"path":"nul_8192"}`, ok("success", "   1 | "+strings.Repeat("x", 8192)+`\u0000\n`, false, "",
			`Read 1 lines from 'nul_8192' (Lines 1-1).\n(Took 0ms)`, 1, 8193, 1, 8193, `{"path": "nul_8192"}`, "nul_8192")},
	} {
		t.Run(c.rule, func(t *testing.T) {
			args := strings.NewReplacer("ROOT", root, "BASE", base).Replace(c.args)
			want := strings.NewReplacer("ROOT", root, "BASE", base).Replace(c.want)
			res := readertest.Call(t, Profile, root, args)
			if res.Output != want || res.IsError != strings.HasPrefix(want, `{"status": "error"`) {
				t.Errorf("got (error %v)\n%s\nwant\n%s", res.IsError, readertest.Shorten(res.Output), readertest.Shorten(want))
			}
		})
	}
}

// TestEnvelopeContext: cwd is the working directory relative to the root,
// and time_ms is the request's clock.
func TestEnvelopeContext(t *testing.T) {
	root := fixtures.Tree(t, map[string]string{"sub/a.txt": "a\n"})
	res := readertest.CallWith(t, reader.Request{Profile: Profile, Args: []byte(`{"path":"sub/a.txt"}`),
		Cwd: filepath.Join(root, "sub"), Worktree: root, Now: readertest.SteppingClock(1500 * time.Microsecond)})
	want := `{"status": "success", "data": {"content": "   1 | a\n", "truncated": false}, "text": "Read 1 lines from 'sub/a.txt' (Lines 1-1).\n(Took 1ms)", ` +
		`"stats": {"time_ms": 1, "lines_read": 1, "chars_read": 1, "total_lines": 1, "file_size_bytes": 2, "file_mtime_ms": 1735212345000, "encoding": "utf-8"}, ` +
		`"context": {"cwd": "sub", "params_input": {"path": "sub/a.txt"}, "path_resolved": "sub/a.txt"}}`
	if res.Output != want {
		t.Errorf("got\n%s\nwant\n%s", res.Output, want)
	}
}

// TestEnvelopeParts: the JSON punctuation is frame, each content line a line
// part with its number prefix, the text a notice, so a renderer can show
// the source lines.
func TestEnvelopeParts(t *testing.T) {
	root := fixtures.Tree(t, map[string]string{"a.txt": "x\"y\nz\n"})
	res := readertest.Call(t, Profile, root, `{"path":"a.txt"}`)
	var lines []string
	for _, p := range res.Parts {
		if p.Kind == reader.PartLine {
			lines = append(lines, fmt.Sprintf("%d:%q:%d", p.Line, p.Text, p.Prefix))
		}
	}
	if got := strings.Join(lines, " "); got != `1:"   1 | x\\\"y":7 2:"   2 | z":7` {
		t.Errorf("line parts %s", got)
	}
	if len(res.Lines) != 2 || res.Lines[0].Text != `x"y` || res.Lines[1].Text != "z" {
		t.Errorf("lines %+v", res.Lines)
	}
}

// holding is envelope with readlens's hold on one line set to hold bytes,
// so a test sees a line longer than the hold without writing 64 MiB.
type holding struct {
	reader.Profile
	hold int
}

func (h holding) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	p, o := h.Profile.Plan(env, a)
	if p != nil {
		p.Window.Hold = h.hold
	}
	return p, o
}

// TestEnvelopeLongLine: a line longer than readlens holds is shown to its
// head, and the envelope says so in its own terms ("truncated": true,
// status "partial") while the text keeps the tool's words; readlens's note
// names the line and its length. A character the hold splits is not
// shown, nor taken for invalid UTF-8.
func TestEnvelopeLongLine(t *testing.T) {
	long := strings.Repeat("x", 1022) + "漢" + strings.Repeat("y", 2000) // the hold (1024) ends inside 漢
	root := fixtures.Tree(t, map[string]string{"long.txt": "short\n" + long + "\nend\n"})
	res := readertest.CallWith(t, reader.Request{Profile: holding{Profile, 1024}, Args: []byte(`{"path":"long.txt"}`), Cwd: root, Worktree: root,
		Now: readertest.SteppingClock(0)})
	want := `{"status": "partial", "data": {"content": "   1 | short\n   2 | ` + strings.Repeat("x", 1022) + `\n   3 | end\n", "truncated": true}, ` +
		`"text": "Read 3 lines from 'long.txt' (Lines 1-3).\n(Took 0ms)", ` +
		`"stats": {"time_ms": 0, "lines_read": 3, "chars_read": 1030, "total_lines": 3, "file_size_bytes": 3036, "file_mtime_ms": 1735212345000, "encoding": "utf-8"}, ` +
		`"context": {"cwd": ".", "params_input": {"path": "long.txt"}, "path_resolved": "long.txt"}}`
	if res.Output != want {
		t.Errorf("got\n%s\nwant\n%s", res.Output, want)
	}
	note := `line 2 has 3023 characters and data.content holds its first 1022: readlens holds only the head of a line this long, where the envelope tool shows every line whole; ` +
		`"truncated": true and status "partial" say data.content is cut`
	if res.Note != note {
		t.Errorf("note\n got %q\nwant %q", res.Note, note)
	}
}
