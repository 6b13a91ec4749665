package opencodelegacy

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestOpencodeLegacyDocumentExamples replays design document 003's own
// scenarios. The recorded oracle cases (testdata/oracle/opencode-legacy)
// cover every rule; these check the document's examples where the release
// agrees with them. Where it does not, the release is right:
//   - scenario 1 prints the end-of-file footer after </file>; 1.1.58 puts it
//     inside, before </file>;
//   - the not-found example suggests file_backup.ts for file.ts, which the
//     substring rule it quotes cannot match;
//   - its errors are the tool's messages; the model receives String(error),
//     "Error: " and the message.
func TestOpencodeLegacyDocumentExamples(t *testing.T) {
	var app strings.Builder
	app.WriteString("import express from 'express'\nimport bodyParser from 'body-parser'\n")
	for i := 3; i < 150; i++ {
		fmt.Fprintf(&app, "// line %d\n", i)
	}
	app.WriteString("export default app")
	root := fixtures.Tree(t, map[string]string{
		"src/app.ts":      app.String(),
		"assets/logo.png": "\x89PNG\r\n\x1a\n",
		"file.exe":        "MZ",
		"src/config.tsx":  "",
	})
	// Scenario 1: the whole file.
	res := readertest.Call(t, Profile, root, `{"filePath":"`+root+`/src/app.ts"}`)
	if !strings.HasPrefix(res.Output, "<file>\n00001| import express from 'express'\n00002| import bodyParser from 'body-parser'\n00003| // line 3\n") ||
		!strings.HasSuffix(res.Output, "\n00150| export default app\n\n(End of file - total 150 lines)\n</file>") || res.Title != "src/app.ts" {
		t.Errorf("scenario 1: %q, title %q", readertest.Shorten(res.Output), res.Title)
	}
	// Scenario 2: offset 100, limit 50 is lines 101 to 150.
	res = readertest.Call(t, Profile, root, `{"filePath":"src/app.ts","offset":100,"limit":50}`)
	if res.Truncation.FirstLine != 101 || res.Truncation.LastLine != 150 || !strings.HasPrefix(res.Output, "<file>\n00101| // line 101\n") {
		t.Errorf("scenario 2: %q", readertest.Shorten(res.Output))
	}
	// Scenario 3: an image is an attachment.
	res = readertest.Call(t, Profile, root, `{"filePath":"assets/logo.png"}`)
	if res.Output != "Image read successfully" || res.Preview != "Image read successfully" || len(res.Attachments) != 1 || res.Attachments[0].Mime != "image/png" || res.Title != "assets/logo.png" {
		t.Errorf("scenario 3: %q %q %+v", res.Output, res.Preview, res.Attachments)
	}
	// Errors.
	res = readertest.Call(t, Profile, root, `{"filePath":"file.exe"}`)
	if want := "Error: Cannot read binary file: " + root + "/file.exe"; res.Output != want || !res.IsError {
		t.Errorf("binary: %q", res.Output)
	}
	res = readertest.Call(t, Profile, root, `{"filePath":"src/config.ts"}`)
	if want := "Error: File not found: " + root + "/src/config.ts\n\nDid you mean one of these?\n" + root + "/src/config.tsx"; res.Output != want {
		t.Errorf("not found: %q", res.Output)
	}
}

// TestOpencodeLegacySiblingInstructions: 1.1.58's InstructionPrompt.resolve
// walks up while current.startsWith(root), a plain prefix test, so a
// directory beside the session directory whose name extends it counts as
// inside (read from the release's bundled source; the recorder's fixture
// root has no such sibling).
func TestOpencodeLegacySiblingInstructions(t *testing.T) {
	base := fixtures.Tree(t, map[string]string{"root/": "", "root-evil/AGENTS.md": "evil rules\n", "root-evil/f.txt": "f\n"})
	res := readertest.CallWith(t, reader.Request{Profile: Profile, Args: []byte(`{"filePath":"` + base + `/root-evil/f.txt"}`),
		Cwd: base + "/root", Worktree: base + "/root"})
	want := "<file>\n00001| f\n00002| \n\n(End of file - total 2 lines)\n</file>\n\n<system-reminder>\nInstructions from: " +
		base + "/root-evil/AGENTS.md\nevil rules\n\n</system-reminder>"
	if res.Output != want {
		t.Errorf("got %q\nwant %q", res.Output, want)
	}
}

// TestProcFileReadFailsEmpty: a file that reports size 0 is empty for
// Bun, which reads none of it, even one whose read fails: 1.1.58 shows
// /proc/self/mem as an empty file (its oracle), where readlens's own read
// meets EIO.
func TestProcFileReadFailsEmpty(t *testing.T) {
	const mem = "/proc/self/mem"
	if fi, err := os.Stat(mem); err != nil || fi.Size() != 0 {
		t.Skip("no", mem, "of size 0 here")
	}
	root := t.TempDir()
	res := readertest.Call(t, Profile, root, `{"filePath":"`+mem+`"}`)
	if want := "<file>\n00001| \n\n(End of file - total 1 lines)\n</file>"; res.Output != want || res.IsError {
		t.Errorf("%s: %q (error %v), want %q", mem, res.Output, res.IsError, want)
	}
}
