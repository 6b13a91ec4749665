package dmcc

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/readertest"
)

// dmccTree is the files the dmcc rules are checked on.
func dmccTree(t *testing.T) string {
	var large, wide, many strings.Builder
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&large, "row %d\n", i)
	}
	for i := 0; i < 600; i++ {
		wide.WriteString(strings.Repeat("w", 100) + "\n")
	}
	for i := 1; i <= 2001; i++ {
		fmt.Fprintf(&many, "%d\n", i)
	}
	return fixtures.Tree(t, map[string]string{
		"hello.py":          "import os\nimport sys\ndef main():\n",
		"large.txt":         large.String(),
		"wide.txt":          wide.String(),
		"many.txt":          many.String(),
		"long.txt":          strings.Repeat("é", 2001) + "\nend",
		"exact.txt":         strings.Repeat("é", 2000),
		"endings.txt":       "a\r\nb\rc",
		"latin1.txt":        "caf\xe9\n",
		"bom.txt":           "\xef\xbb\xbfbom",
		"empty.txt":         "",
		"nul.txt":           "a\x00b",
		"ctrl30.txt":        "\x01\x01\x01" + strings.Repeat("t", 7),
		"ctrl31.txt":        "\x01\x01\x01\x01" + strings.Repeat("t", 9),
		"x.pyc":             "text in a pyc\n",
		"archive.TAR":       "text in a tar\n",
		"..pyc":             "only dots before the dot\n",
		"config.tsx":        "tsx\n",
		"CONFIG.TS.orig":    "orig\n",
		"config.js":         "js\n",
		"src/subdir/":       "",
		"src/file1.py":      "",
		"src/file2.txt":     "",
		"src/B.txt":         "",
		"src/a.txt":         "",
		"src/link/":         "",
		"src/Zlink":         "->subdir",
		"src/sub/inner.txt": "inner\n",
	})
}

// TestDmccRules checks every rule of design document 000, and the
// decisions readlens made where it is silent, byte for byte.
func TestDmccRules(t *testing.T) {
	root := dmccTree(t)
	lines := func(from, to int, format string) string {
		var b []string
		for i := from; i <= to; i++ {
			b = append(b, fmt.Sprintf(format, i, i, ""))
		}
		return strings.Join(b, "\n")
	}
	for _, c := range []struct {
		rule, args, want string
		isError          bool
	}{
		// The document's output format and its first example.
		{"file output, trailing newline as an empty line", `{"filePath":"hello.py"}`,
			"<path>R/hello.py</path>\n<type>file</type>\n<content>\n1: import os\n2: import sys\n3: def main():\n4: \n\n(End of file - total 4 lines)\n</content>", false},
		{"relative and absolute paths read the same", `{"filePath":"R/hello.py","limit":1}`,
			"<path>R/hello.py</path>\n<type>file</type>\n<content>\n1: import os\n\n(File has more lines. Use 'offset' parameter to read beyond line 1)\n</content>", false},
		// offset (1-based) and limit: the document's "large.txt, offset=100, limit=50".
		{"offset and limit", `{"filePath":"large.txt","offset":100,"limit":50}`,
			"<path>R/large.txt</path>\n<type>file</type>\n<content>\n" + lines(100, 149, "%d: row %d%s") +
				"\n\n(File has more lines. Use 'offset' parameter to read beyond line 149)\n</content>", false},
		{"the last line is reachable", `{"filePath":"large.txt","offset":301}`,
			"<path>R/large.txt</path>\n<type>file</type>\n<content>\n301: \n\n(End of file - total 301 lines)\n</content>", false},
		{"limit 0 shows nothing and points at the line before", `{"filePath":"large.txt","offset":5,"limit":0}`,
			"<path>R/large.txt</path>\n<type>file</type>\n<content>\n\n\n(File has more lines. Use 'offset' parameter to read beyond line 4)\n</content>", false},
		{"default limit 2000", `{"filePath":"many.txt","offset":1999}`,
			"<path>R/many.txt</path>\n<type>file</type>\n<content>\n" + lines(1999, 2001, "%d: %d%s") + "\n2002: \n\n(End of file - total 2002 lines)\n</content>", false},
		// The three footers as the document writes them.
		{"more lines footer", `{"filePath":"many.txt"}`,
			"<path>R/many.txt</path>\n<type>file</type>\n<content>\n" + lines(1, 2000, "%d: %d%s") +
				"\n\n(File has more lines. Use 'offset' parameter to read beyond line 2000)\n</content>", false},
		{"byte cap footer: 506 lines of 100 bytes and separators fit 51200", `{"filePath":"wide.txt","offset":2}`,
			"<path>R/wide.txt</path>\n<type>file</type>\n<content>\n" + lines(2, 507, "%d: "+strings.Repeat("w", 100)+"%[3]s") +
				"\n\n(Output truncated at 51200 bytes. Use 'offset' parameter to read beyond line 507)\n</content>", false},
		// Long lines: 2000 characters, counted as Python does (code points).
		{"a line over 2000 characters is cut", `{"filePath":"long.txt"}`,
			"<path>R/long.txt</path>\n<type>file</type>\n<content>\n1: " + strings.Repeat("é", 2000) + "...\n2: end\n\n(End of file - total 2 lines)\n</content>", false},
		{"2000 characters are kept whole", `{"filePath":"exact.txt"}`,
			"<path>R/exact.txt</path>\n<type>file</type>\n<content>\n1: " + strings.Repeat("é", 2000) + "\n\n(End of file - total 1 lines)\n</content>", false},
		// Python's text mode and decoding.
		{"\\r\\n and \\r end lines", `{"filePath":"endings.txt"}`,
			"<path>R/endings.txt</path>\n<type>file</type>\n<content>\n1: a\n2: b\n3: c\n\n(End of file - total 3 lines)\n</content>", false},
		{"invalid UTF-8 is replaced", `{"filePath":"latin1.txt"}`,
			"<path>R/latin1.txt</path>\n<type>file</type>\n<content>\n1: caf\ufffd\n2: \n\n(End of file - total 2 lines)\n</content>", false},
		{"a BOM stays", `{"filePath":"bom.txt"}`,
			"<path>R/bom.txt</path>\n<type>file</type>\n<content>\n1: \ufeffbom\n\n(End of file - total 1 lines)\n</content>", false},
		{"an empty file is one empty line", `{"filePath":"empty.txt"}`,
			"<path>R/empty.txt</path>\n<type>file</type>\n<content>\n1: \n\n(End of file - total 1 lines)\n</content>", false},
		// Errors, raised as exceptions: the model sees their message.
		{"offset out of range", `{"filePath":"hello.py","offset":5}`, "Offset 5 is out of range for this file (4 lines)", true},
		{"offset out of range keeps Python's digits", `{"filePath":"hello.py","offset":123456789012345678901234567890}`,
			"Offset 123456789012345678901234567890 is out of range for this file (4 lines)", true},
		{"offset below 1", `{"filePath":"hello.py","offset":0}`, "offset must be >= 1", true},
		{"negative offset", `{"filePath":"hello.py","offset":-3}`, "offset must be >= 1", true},
		{"offset not an integer", `{"filePath":"hello.py","offset":"2"}`, "Invalid parameter: offset must be an integer", true},
		{"limit not an integer", `{"filePath":"hello.py","limit":1.5}`, "Invalid parameter: limit must be an integer", true},
		{"filePath missing", `{"offset":1}`, "Invalid parameter: filePath must be a string", true},
		{"null is the default", `{"filePath":"hello.py","offset":null,"limit":null}`,
			"<path>R/hello.py</path>\n<type>file</type>\n<content>\n1: import os\n2: import sys\n3: def main():\n4: \n\n(End of file - total 4 lines)\n</content>", false},
		// Not found, with suggestions: the document's config.ts example.
		// config.js is not among them: neither name contains the other.
		{"did you mean", `{"filePath":"config.ts"}`,
			"File not found: R/config.ts\n\nDid you mean one of these?\n{R/config.tsx R/CONFIG.TS.orig}", true},
		{"no suggestion", `{"filePath":"nothing-like-it"}`, "File not found: R/nothing-like-it", true},
		{"missing parent", `{"filePath":"nodir/x.txt"}`, "[Errno 2] No such file or directory: 'R/nodir'", true},
		{"a file as a directory", `{"filePath":"R/hello.py/"}`, "[Errno 20] Not a directory: 'R/hello.py'", true},
		// Binary detection: the extension list, then the first 4096 bytes.
		{"binary by extension", `{"filePath":"x.pyc"}`, "Cannot read binary file: R/x.pyc", true},
		{"extensions are lowercased", `{"filePath":"archive.TAR"}`, "Cannot read binary file: R/archive.TAR", true},
		{"a name of dots has no extension", `{"filePath":"..pyc"}`,
			"<path>R/..pyc</path>\n<type>file</type>\n<content>\n1: only dots before the dot\n2: \n\n(End of file - total 2 lines)\n</content>", false},
		{"binary by a NUL byte", `{"filePath":"nul.txt"}`, "Cannot read binary file: R/nul.txt", true},
		{"30% control bytes is text", `{"filePath":"ctrl30.txt"}`,
			"<path>R/ctrl30.txt</path>\n<type>file</type>\n<content>\n1: \x01\x01\x01ttttttt\n\n(End of file - total 1 lines)\n</content>", false},
		{"more than 30% is binary", `{"filePath":"ctrl31.txt"}`, "Cannot read binary file: R/ctrl31.txt", true},
		// Directories: <entries>, str.lower order, a / after subdirectories.
		{"directory", `{"filePath":"src"}`,
			"<path>R/src</path>\n<type>directory</type>\n<entries>\na.txt\nB.txt\nfile1.py\nfile2.txt\nlink/\nsub/\nsubdir/\nZlink/\n\n(8 entries)\n</entries>", false},
		{"directory paged; abspath drops the slash", `{"filePath":"src/","offset":2,"limit":3}`,
			"<path>R/src</path>\n<type>directory</type>\n<entries>\nB.txt\nfile1.py\nfile2.txt\n\n(Showing 3 of 8 entries. Use 'offset' parameter to read beyond entry 5)\n</entries>", false},
		{"directory past its end", `{"filePath":"src","offset":20}`,
			"<path>R/src</path>\n<type>directory</type>\n<entries>\n\n\n(8 entries)\n</entries>", false},
		{"empty directory", `{"filePath":"src/subdir"}`,
			"<path>R/src/subdir</path>\n<type>directory</type>\n<entries>\n\n\n(0 entries)\n</entries>", false},
	} {
		t.Run(c.rule, func(t *testing.T) {
			args := strings.ReplaceAll(c.args, "R/", root+"/")
			res := readertest.Call(t, Profile, root, args)
			want := inDirOrder(t, strings.ReplaceAll(c.want, "R/", root+"/"))
			if res.Output != want || res.IsError != c.isError {
				t.Errorf("got (error %v)\n%q\nwant (error %v)\n%q", res.IsError, readertest.Shorten(res.Output), c.isError, readertest.Shorten(want))
			}
		})
	}
}

// TestDmccMetadata: metadata.preview is the first 20 lines shown (cut lines
// with their "..."), or the first 20 entries; title is the path relative to
// the project.
func TestDmccMetadata(t *testing.T) {
	root := dmccTree(t)
	for _, c := range []struct{ args, title, preview string }{
		{`{"filePath":"large.txt","offset":3}`, "large.txt", strings.TrimSuffix(rows(3, 22), "\n")},
		{`{"filePath":"long.txt"}`, "long.txt", strings.Repeat("é", 2000) + "...\nend"},
		{`{"filePath":"src","limit":2}`, "src", "a.txt\nB.txt"},
		{`{"filePath":"src/sub/inner.txt"}`, "src/sub/inner.txt", "inner\n"},
		{`{"filePath":"."}`, ".", "..pyc\narchive.TAR\nbom.txt\nconfig.js\nCONFIG.TS.orig\nconfig.tsx\nctrl30.txt\nctrl31.txt\nempty.txt\nendings.txt\nexact.txt\nhello.py\nlarge.txt\nlatin1.txt\nlong.txt\nmany.txt\nnul.txt\nsrc/\nwide.txt\nx.pyc"},
	} {
		res := readertest.Call(t, Profile, root, c.args)
		if !res.HasTitle || res.Title != c.title || !res.HasPreview || res.Preview != c.preview {
			t.Errorf("%s: title %q, preview %q; want %q, %q", c.args, res.Title, res.Preview, c.title, c.preview)
		}
	}
}

// inDirOrder replaces {p1 p2 ...} in want by the paths in the order their
// directory lists them: tools suggest names in readdir order, which differs
// between file systems.
func inDirOrder(t *testing.T, want string) string {
	t.Helper()
	i, j := strings.Index(want, "{"), strings.LastIndex(want, "}")
	if i < 0 || j < i {
		return want
	}
	paths := strings.Fields(want[i+1 : j])
	d, err := os.Open(filepath.Dir(paths[0]))
	if err != nil {
		t.Fatal(err)
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(paths, func(a, b string) int {
		return slices.Index(names, filepath.Base(a)) - slices.Index(names, filepath.Base(b))
	})
	return want[:i] + strings.Join(paths, "\n") + want[j+1:]
}

func rows(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "row %d\n", i)
	}
	return b.String()
}
