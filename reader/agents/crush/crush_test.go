package crush

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// crush's view tool: every rule of shared/research/tui.md Part A.1, and of
// view.go's readTextFile and addLineNumbers where the spec is silent.
func TestCrushSpec(t *testing.T) {
	more := func(n int) string {
		return fmt.Sprintf("\n\n(File has more lines. Use 'offset' parameter to read beyond line %d)", n)
	}
	numbered := func(from, to int, text func(int) string) string {
		var b strings.Builder
		for i := from; i <= to; i++ {
			if i > from {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "%6d|%s", i, text(i))
		}
		return b.String()
	}
	lineN := func(i int) string { return fmt.Sprintf("line %d", i) }
	wide := func(int) string { return strings.Repeat("w", 1999) }
	readertest.RunSpecTable(t, Profile, []readertest.SpecRow{
		// <file> wrapper, %6s numbers and "|", 1-based from offset+1.
		{"whole small file", `{"file_path":"$F/small.txt"}`, "<file>\n     1|Hello, world!\n     2|Line 2\n     3|Line 3\n</file>\n", false},
		{"relative path joins the working directory", `{"file_path":"small.txt","limit":1}`, "<file>\n     1|Hello, world!" + more(1) + "\n</file>\n", false},
		{"offset is 0-based", `{"file_path":"$F/small.txt","offset":1,"limit":1}`, "<file>\n     2|Line 2" + more(2) + "\n</file>\n", false},
		{"200 lines by default", `{"file_path":"$F/lines_3000.txt"}`, "<file>\n" + numbered(1, 200, lineN) + more(200) + "\n</file>\n", false},
		{"limit 0 is the default", `{"file_path":"$F/lines_3000.txt","offset":2990,"limit":0}`, "<file>\n" + numbered(2991, 3000, lineN) + "\n  3001|\n</file>\n", false},
		{"negative limit is the default", `{"file_path":"$F/lines_1999.txt","offset":1700,"limit":-5}`, "<file>\n" + numbered(1701, 1900, lineN) + more(1900) + "\n</file>\n", false},
		{"six-digit numbers are not padded", `{"file_path":"$F/small.txt","offset":-100000,"limit":1}`, "<file>\n-99999|Hello, world!" + more(-99999) + "\n</file>\n", false},
		{"five-digit numbers are padded", `{"file_path":"$F/small.txt","offset":-10000,"limit":1}`, "<file>\n -9999|Hello, world!" + more(-9999) + "\n</file>\n", false},
		// The peek: "more" only when the limit was filled and a byte follows.
		{"limit filled, nothing follows", `{"file_path":"$F/small.txt","limit":3}`, "<file>\n     1|Hello, world!\n     2|Line 2\n     3|Line 3\n</file>\n", false},
		{"final newline is not more", `{"file_path":"$F/trailing.txt","limit":2}`, "<file>\n     1|one\n     2|two\n</file>\n", false},
		{"empty line follows", `{"file_path":"$F/newlines3.txt","limit":2}`, "<file>\n     1|\n     2|" + more(2) + "\n</file>\n", false},
		// The line after a final newline is read and shown when the limit allows.
		{"final newline shows an empty line", `{"file_path":"$F/trailing.txt"}`, "<file>\n     1|one\n     2|two\n     3|\n</file>\n", false},
		{"empty file", `{"file_path":"$F/empty.txt"}`, "<file>\n\n</file>\n", false},
		{"newline only", `{"file_path":"$F/newline.txt"}`, "<file>\n     1|\n     2|\n</file>\n", false},
		{"offset at the final empty line", `{"file_path":"$F/trailing.txt","offset":2}`, "<file>\n\n</file>\n", false},
		{"offset past the end", `{"file_path":"$F/small.txt","offset":10}`, "<file>\n\n</file>\n", false},
		{"offset on an unterminated last line", `{"file_path":"$F/small.txt","offset":2}`, "<file>\n     3|Line 3\n</file>\n", false},
		// "\r" handling: one trimmed while reading, one more while numbering.
		{"crlf", `{"file_path":"$F/crlf.txt"}`, "<file>\n     1|a\n     2|b\n     3|c\n     4|\n</file>\n", false},
		{"two carriage returns", `{"file_path":"$F/crush/double_cr.txt"}`, "<file>\n     1|a\n     2|b\n</file>\n", false},
		{"lone cr does not split", `{"file_path":"$F/cr_only.txt"}`, "<file>\n     1|a\rb\rc\n</file>\n", false},
		{"a lone cr after the final newline is more", `{"file_path":"$F/crush/peek_cr.txt","limit":1}`, "<file>\n     1|a" + more(1) + "\n</file>\n", false},
		{"a lone cr after the final newline is a line", `{"file_path":"$F/crush/peek_cr.txt"}`, "<file>\n     1|a\n     2|\n</file>\n", false},
		{"final cr trimmed", `{"file_path":"$F/trailing_cr.txt"}`, "<file>\n     1|a\n</file>\n", false},
		{"tabs kept", `{"file_path":"$F/tabs.txt"}`, "<file>\n     1|\tindented\n     2|  two spaces  \n     3|end\t\n     4|\n</file>\n", false},
		// 2000 bytes a line, cut at a rune boundary, then "...".
		{"2000 bytes kept whole", `{"file_path":"$F/long_2000.txt","limit":1}`, "<file>\n     1|" + strings.Repeat("a", 2000) + more(1) + "\n</file>\n", false},
		{"2001 bytes cut", `{"file_path":"$F/long_2001.txt","limit":1}`, "<file>\n     1|" + strings.Repeat("b", 2000) + "..." + more(1) + "\n</file>\n", false},
		{"cut before a 3-byte rune", `{"file_path":"$F/long_cjk.txt","limit":1}`, "<file>\n     1|" + strings.Repeat("漢", 666) + "..." + more(1) + "\n</file>\n", false},
		{"cut before a 4-byte rune", `{"file_path":"$F/long_emoji.txt","limit":1}`, "<file>\n     1|" + strings.Repeat("c", 1999) + "..." + more(1) + "\n</file>\n", false},
		// Valid UTF-8 is the only binary check, on the section kept.
		{"invalid utf8", `{"file_path":"$F/broken_utf8.txt"}`, "File content is not valid UTF-8", true},
		{"latin1", `{"file_path":"$F/latin1.txt"}`, "File content is not valid UTF-8", true},
		{"invalid past the window", `{"file_path":"$F/crush/late_invalid.txt","limit":1}`, "<file>\n     1|ok" + more(1) + "\n</file>\n", false},
		{"invalid inside the window", `{"file_path":"$F/crush/late_invalid.txt"}`, "File content is not valid UTF-8", true},
		{"invalid past the cut", `{"file_path":"$F/crush/cut_invalid.txt","limit":1}`, "<file>\n     1|" + strings.Repeat("v", 2000) + "...\n</file>\n", false},
		// strings.ToValidUTF8(line[:2000], "") drops the invalid bytes it keeps.
		{"invalid before the cut is dropped", `{"file_path":"$F/crush/early_invalid.txt","limit":1}`, "<file>\n     1|" + strings.Repeat("v", 1999) + "...\n</file>\n", false},
		{"nul bytes pass", `{"file_path":"$F/nul_early.txt"}`, "<file>\n     1|abc\x00def\n     2|xyz\n     3|\n</file>\n", false},
		{"bmp is not an image", `{"file_path":"$F/media/pic.bmp"}`, "File content is not valid UTF-8", true},
		{"svg is text", `{"file_path":"$F/media/pic.svg"}`, "<file>\n     1|<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"3\"/>\n     2|\n</file>\n", false},
		// The 200 KB section cap: refused with the size it would have had.
		{"section over 200 KB", `{"file_path":"$F/crush/wide_rows.txt","limit":105}`, "Content section is too large (205999 bytes). Maximum size is 204800 bytes", true},
		{"section just under 200 KB", `{"file_path":"$F/crush/wide_rows.txt","limit":102}`, "<file>\n" + numbered(1, 102, wide) + more(102) + "\n</file>\n", false},
		{"the peeked empty line is not counted", `{"file_path":"$F/crush/section_exact.txt","limit":103}`, "<file>\n" + numbered(1, 102, func(int) string { return strings.Repeat("x", 1990) }) + "\n   103|" + strings.Repeat("y", 1718) + "\n</file>\n", false},
		{"a read empty line is counted", `{"file_path":"$F/crush/section_exact.txt"}`, "Content section is too large (204801 bytes). Maximum size is 204800 bytes", true},
		{"the bytes read are counted", `{"file_path":"$F/crush/wide_invalid_rows.txt"}`, "Content section is too large (205999 bytes). Maximum size is 204800 bytes", true},
		{"the peeked line is not counted", `{"file_path":"$F/crush/wide_rows.txt","offset":2,"limit":102}`, "<file>\n" + numbered(3, 104, wide) + more(104) + "\n</file>\n", false},
		// Errors.
		{"no file_path", `{}`, "missing required parameter: file_path", true},
		{"null file_path", `{"file_path":null}`, "file_path is required", true},
		{"empty file_path", `{"file_path":""}`, "file_path is required", true},
		{"bad type", `{"file_path":"x","offset":"2"}`, "invalid parameters: json: cannot unmarshal string into Go struct field ViewParams.offset of type int", true},
		{"directory", `{"file_path":"$F/dir"}`, "Path is a directory, not a file: $F/dir", true},
		{"missing", `{"file_path":"$F/zzz.txt"}`, "File not found: $F/zzz.txt", true},
		{"missing, a name contains it", `{"file_path":"$F/inst/AGENTS"}`, "File not found: $F/inst/AGENTS\n\nDid you mean one of these?\n$F/inst/AGENTS.md", true},
		{"missing, it contains a name", `{"file_path":"$F/inst/deeper"}`, "File not found: $F/inst/deeper\n\nDid you mean one of these?\n$F/inst/deep", true},
		{"missing, the first three names sorted", `{"file_path":"$F/long"}`, "File not found: $F/long\n\nDid you mean one of these?\n$F/long_2000.txt\n$F/long_2001.txt\n$F/long_5000.txt", true},
		{"not a directory", `{"file_path":"$F/small.txt/x"}`, "error accessing file: stat $F/small.txt/x: not a directory", true},
		// Images by extension, sent as an image part with no text.
		{"png", `{"file_path":"$F/media/pic.png"}`, "", false},
		{"png bytes named txt are text", `{"file_path":"$F/media/png_named.txt"}`, "File content is not valid UTF-8", true},
	})
}

// The image part's type is sniffed from the bytes when they name an image
// providers take, else it is the extension's.
func TestCrushImageMime(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
	for _, c := range []struct{ path, mime string }{
		{"media/pic.png", "image/png"},
		{"media/photo.jpg", "image/jpeg"},
		{"media/pic.webp", "image/webp"},
		{"media/text_named.png", "image/png"},
		{"media/pic.gif", "image/gif"},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: []byte(`{"file_path":"` + root + "/" + c.path + `"}`), Cwd: root})
		if err != nil || len(res.Attachments) != 1 || res.Attachments[0].Mime != c.mime || res.Output != "" {
			t.Errorf("%s: %v %+v %q, want one %s attachment and no text", c.path, err, res.Attachments, res.Output, c.mime)
		}
	}
}

// TestCrushRawBytes: the 200 KB cap counts the bytes crush read, an
// invalid byte as one, not as the three of a U+FFFD. Each answer is what
// crush 37f36e9 gave for the file (limit 103): 102 lines of 2000 bytes and
// then 349 or 350 times "\xffa", the section 204,800 or 204,802 bytes.
func TestCrushRawBytes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		pairs   int
		want    string
		isError bool
	}{
		{349, "File content is not valid UTF-8", true},
		{350, "Content section is too large (204802 bytes). Maximum size is 204800 bytes", true},
	} {
		p := filepath.Join(dir, fmt.Sprintf("raw_%d.txt", c.pairs))
		data := strings.Repeat(strings.Repeat("w", 2000)+"\n", 102) + strings.Repeat("\xffa", c.pairs) + "\nend\n"
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile,
			Args: []byte(`{"file_path":"` + p + `","limit":103}`), Cwd: dir})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || res.IsError != c.isError {
			t.Errorf("%d pairs: %q (error %v), want %q", c.pairs, res.Output, res.IsError, c.want)
		}
	}
}

// TestCrushNoImages: for a model that takes no images the tool refuses an
// image by its extension, naming the model, after the size check and
// before it reads a byte; text is read as ever.
func TestCrushNoImages(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
	for _, c := range []struct{ path, want string }{
		{"media/pic.png", "This model (claude-3-5-haiku) does not support image data."},
		{"media/text_named.png", "This model (claude-3-5-haiku) does not support image data."},
		{"media/nothere.png", "File not found: " + root + "/media/nothere.png"},
		{"dir", "Path is a directory, not a file: " + root + "/dir"},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile,
			Args: []byte(`{"file_path":"` + c.path + `"}`), Cwd: root, NoImages: true, Model: "claude-3-5-haiku"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || !res.IsError || len(res.Attachments) != 0 {
			t.Errorf("%s: %q (error %v, %d attachments), want %q", c.path, res.Output, res.IsError, len(res.Attachments), c.want)
		}
	}
}

// TestCrushBuiltinFiles: a crush://skills/ path is read from the skill
// files built into crush, never from the disk: one crush lacks is its
// "Builtin file not found", one it has readlens does not hold, and says so
// with no answer.
func TestCrushBuiltinFiles(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
	for _, c := range []struct{ path, want, note string }{
		{"crush://skills/nothere/SKILL.md", "Builtin file not found: crush://skills/nothere/SKILL.md", ""},
		{"crush://skills/jq", "Builtin file not found: crush://skills/jq", ""},
		{"crush://skills/jq/SKILL.md", "", "crush answers crush://skills/jq/SKILL.md from the skill file built into it, which readlens does not hold"},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile,
			Args: []byte(`{"file_path":"` + c.path + `"}`), Cwd: root})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || res.IsError != (c.want != "") || res.Note != c.note {
			t.Errorf("%s: %q (error %v, note %q)", c.path, res.Output, res.IsError, res.Note)
		}
	}
}

// TestCrushImageTooLarge: view.go refuses an image (by its extension) over
// MaxViewSize from os.Stat, before it reads a byte; at the limit it sends
// the image. Sparse files stand for large ones.
func TestCrushImageTooLarge(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("\x89PNG\r\n\x1a\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, size); err != nil {
			t.Fatal(err)
		}
	}
	sparse("at.png", 204800)
	sparse("over.png", 204801)
	sparse("huge.PNG", 1<<30)
	for _, c := range []struct {
		name, want string
		isError    bool
		attached   bool
	}{
		{"at.png", "", false, true},
		{"over.png", "Image file is too large (204801 bytes). Maximum size is 204800 bytes", true, false},
		{"huge.PNG", "Image file is too large (1073741824 bytes). Maximum size is 204800 bytes", true, false},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile,
			Args: []byte(`{"file_path":"` + filepath.Join(dir, c.name) + `"}`), Cwd: dir})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || res.IsError != c.isError || (len(res.Attachments) == 1) != c.attached {
			t.Errorf("%s: %q (error %v, %d attachments)", c.name, res.Output, res.IsError, len(res.Attachments))
		}
		if c.isError && res.Stats.BytesRead != 0 {
			t.Errorf("%s: %d bytes read to answer from the stat", c.name, res.Stats.BytesRead)
		}
	}
}

// TestCrushSkillFiles: a file in one of crush's skills directories (its
// links resolved) has no default limit and no section cap. Each answer is
// what crush 37f36e9 gave for the same tree.
func TestCrushSkillFiles(t *testing.T) {
	base := t.TempDir()
	cwd, home := filepath.Join(base, "project"), filepath.Join(base, "home")
	lines := ""
	for i := 1; i <= 300; i++ {
		lines += fmt.Sprintf("line %d\n", i)
	}
	wide := strings.Repeat(strings.Repeat("w", 2000)+"\n", 150)
	for name, data := range map[string]string{
		"project/.agents/skills/demo/SKILL.md": lines,
		"project/.claude/skills/wide.txt":      wide,
		"project/.agents/skillsx/demo.md":      lines,
		"project/plain.md":                     lines,
		"home/.claude/skills/notes.md":         lines,
	} {
		p := filepath.Join(base, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(".agents/skills/demo/SKILL.md", filepath.Join(cwd, "skill_link")); err != nil {
		t.Fatal(err)
	}
	numbered := func(text string, more bool) string {
		var b strings.Builder
		b.WriteString("<file>\n")
		rows := strings.Split(text, "\n")
		if more {
			rows = rows[:200]
		}
		for i, r := range rows {
			if i > 0 {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "%6d|%s", i+1, r)
		}
		if more {
			b.WriteString("\n\n(File has more lines. Use 'offset' parameter to read beyond line 200)")
		}
		return b.String() + "\n</file>\n"
	}
	for _, c := range []struct{ path, want string }{
		{".agents/skills/demo/SKILL.md", numbered(lines, false)},
		{"skill_link", numbered(lines, false)},
		{".claude/skills/wide.txt", numbered(wide, false)},
		{filepath.Join(home, ".claude/skills/notes.md"), numbered(lines, false)},
		{".agents/skillsx/demo.md", numbered(lines, true)},
		{"plain.md", numbered(lines, true)},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile,
			Args: []byte(`{"file_path":"` + c.path + `"}`), Cwd: cwd, Worktree: cwd, Home: home})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || res.IsError {
			t.Errorf("%s: %q (error %v), want %q", c.path, readertest.Shorten(res.Output), res.IsError, readertest.Shorten(c.want))
		}
	}
}
