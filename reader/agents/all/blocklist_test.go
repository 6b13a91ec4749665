package all

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/opencode"
)

// blocklistTree holds a file of each kind the policy tells apart.
func blocklistTree(t *testing.T) string {
	// A whole 1×1 PNG: one that does not decode, opencode's session drops.
	png := "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde" +
		"\x00\x00\x00\x0cIDATx\xdac\xf8\xcf\xc0\x00\x00\x03\x01\x01\x00\xf7\x03AC\x00\x00\x00\x00IEND\xaeB`\x82"
	return fixtures.Tree(t, map[string]string{
		"tool.exe":    "MZ but text\n",
		"song.mp3":    "ID3 but text\n",
		"notes.zip":   "text in a zip\n",
		".DS_Store":   "text\n",
		"pic.png":     png,
		"notes.txt":   "plain\n",
		"folder.zip/": "",
	})
}

// TestBlocklistEveryProfile: with Request.Blocklist every profile refuses
// a blocked extension with an error that names the file and the extension,
// lets images and PDFs its tool attaches through, and reads text as before.
func TestBlocklistEveryProfile(t *testing.T) {
	root := blocklistTree(t)
	read := func(profile, name string, block bool) *reader.Result {
		p, _ := Lookup(profile)
		return readertest.CallWith(t, reader.Request{Profile: must(profile), Args: p.Args(root+"/"+name, nil, nil), Cwd: root, Worktree: root,
			Blocklist: block, Now: func() time.Time { return time.Unix(1700000000, 0) }})
	}
	p := func(name string) reader.Profile { p, _ := Lookup(name); return p }
	for _, profile := range Names() {
		for _, name := range []string{"tool.exe", "song.mp3", "notes.zip", ".DS_Store"} {
			res := read(profile, name, true)
			named := strings.Contains(res.Output, name) && strings.Contains(res.Output, "is restricted")
			// A tool that reads several files in one call (Cline) reports
			// a refused file inside a result that is not an error.
			refused := res.IsError
			if _, several := p(profile).(reader.Several); several {
				refused = !res.IsError && strings.Contains(res.Output, `"success":false`)
			}
			// A tool that refuses the file while it checks the path, before
			// media detection, keeps its own words: the blocklist comes later.
			earlier := func() bool { r := read(profile, name, false); return r.IsError && r.Output == res.Output }
			if !refused || !named && !earlier() {
				t.Errorf("%s %s: error %v, %q; want an error naming the file and the restricted extension", profile, name, res.IsError, res.Output)
			}
		}
		for _, name := range []string{"notes.txt", "pic.png", "folder.zip"} {
			with, without := read(profile, name, true), read(profile, name, false)
			if with.Output != without.Output || with.IsError != without.IsError {
				t.Errorf("%s %s: the blocklist changed the result:\n%q\nwas\n%q", profile, name, with.Output, without.Output)
			}
		}
	}
}

// TestBlocklistWording: the exact text of a hit, and the order of the checks
// (path, then media, then the blocklist, then binary detection).
func TestBlocklistWording(t *testing.T) {
	root := blocklistTree(t)
	for _, c := range []struct{ profile, args, want string }{
		{"opencode", `{"filePath":"R/tool.exe"}`, `Cannot read R/tool.exe: extension ".exe" is restricted`},
		// Before the blocklist opencode's own binary rule would refuse it in its words.
		{"opencode", `{"filePath":"R/notes.zip"}`, `Cannot read R/notes.zip: extension ".zip" is restricted`},
		{"opencode", `{"filePath":"R/.DS_Store"}`, `Cannot read R/.DS_Store: extension ".ds_store" is restricted`},
		{"pi", `{"path":"song.mp3"}`, `Cannot read R/song.mp3: extension ".mp3" is restricted`},
		{"opencode-legacy", `{"filePath":"R/song.mp3"}`, `Cannot read R/song.mp3: extension ".mp3" is restricted`},
		{"dmcc", `{"filePath":"tool.exe"}`, `Cannot read R/tool.exe: extension ".exe" is restricted`},
		// envelope words it in its envelope, as a BINARY_FILE error.
		{"envelope", `{"path":"tool.exe"}`, `{"status": "error", "text": "File 'tool.exe' cannot be read: extension '.exe' is restricted.", ` +
			`"stats": {"time_ms": 0}, "context": {"cwd": ".", "params_input": {"path": "tool.exe"}, "path_resolved": "tool.exe"}, ` +
			`"error": {"code": "BINARY_FILE", "message": "File 'tool.exe' cannot be read: extension '.exe' is restricted."}}`},
		{"envelope", `{"path":"pic.png"}`, `{"status": "error", "text": "File 'pic.png' appears to be binary.", ` +
			`"stats": {"time_ms": 0}, "context": {"cwd": ".", "params_input": {"path": "pic.png"}, "path_resolved": "pic.png"}, ` +
			`"error": {"code": "BINARY_FILE", "message": "File 'pic.png' appears to be binary."}}`},
		// Path validation comes first: a missing file is not found, not blocked.
		{"opencode", `{"filePath":"R/gone.exe"}`, `File not found: R/gone.exe`},
		{"dmcc", `{"filePath":"R/gone.exe"}`, `File not found: R/gone.exe`},
		// Media comes before: an image still reads.
		{"opencode", `{"filePath":"R/pic.png"}`, `Image read successfully`},
	} {
		res := readertest.CallWith(t, reader.Request{Profile: must(c.profile), Args: json.RawMessage(strings.ReplaceAll(c.args, "R/", root+"/")),
			Cwd: root, Worktree: root, Blocklist: true, Now: func() time.Time { return time.Unix(1700000000, 0) }})
		if want := strings.ReplaceAll(c.want, "R/", root+"/"); res.Output != want {
			t.Errorf("%s %s: %q, want %q", c.profile, c.args, res.Output, want)
		}
	}
}

// blocklisted is a profile that turns the blocklist on by itself.
type blocklisted struct{ reader.Profile }

func (b blocklisted) Info() reader.Info {
	i := b.Profile.Info()
	i.Name = "test-blocklisted"
	return i
}

func (b blocklisted) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	p, o := b.Profile.Plan(env, a)
	if p != nil {
		p.Blocklist = true
	}
	return p, o
}

var testBlocklisted = blocklisted{opencode.Profile}

func TestBlocklistByProfile(t *testing.T) {
	root := blocklistTree(t)
	res := readertest.Call(t, testBlocklisted, root, `{"filePath":"tool.exe"}`)
	if want := `Cannot read ` + root + `/tool.exe: extension ".exe" is restricted`; !res.IsError || res.Output != want {
		t.Errorf("%q, want %q", res.Output, want)
	}
	if res := readertest.Call(t, testBlocklisted, root, `{"filePath":"notes.txt"}`); res.IsError {
		t.Errorf("notes.txt: %q", res.Output)
	}
}
