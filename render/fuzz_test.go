package render

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/theme"
)

// invisible reports a rune that must never reach the terminal as itself:
// controls, and the characters people cannot see but models read.
func invisible(r rune) bool {
	switch {
	case r < 0x20, r >= 0x7f && r < 0xa0:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true // bidi
	case r == 0x200b, r == 0x200c, r == 0xfeff, r == 0x2060, r == 0x2028, r == 0x2029, r == 0xad:
		return true
	}
	return false
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[2J\x1b]52;c;aGk=\x07", "\x1b]8;;x\x1b\\y", "\x9b31m\u009b", "\r\b\x07\x00\x7f",
		"a\u202eb\u200bc\ufeff", "tag\U000e0041", "🏴\U000e0067\U000e0062\U000e007f", "👨\u200d👩", "\xff\xfe", "\t x \t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Plain(s)
		if !utf8.ValidString(p) {
			t.Fatalf("Plain(%q) is not UTF-8", s)
		}
		if Plain(p) != p {
			t.Fatalf("Plain is not idempotent on %q", s)
		}
		checkNoControls(t, s, p, "")
		safe, _ := Safe(s)
		if strings.Count(safe, "\n") != strings.Count(s, "\n") {
			t.Fatalf("Safe(%q) changed the lines", s)
		}
		checkNoControls(t, s, safe, "\n\t")
	})
}

// checkNoControls fails if out keeps an invisible rune, except those in
// keep and the characters of a flag or emoji sequence the input allowed.
func checkNoControls(t *testing.T, in, out, keep string) {
	t.Helper()
	flag := false
	for _, r := range out {
		if flag && r >= 0xe0020 && r <= 0xe007f {
			continue
		}
		flag = r == 0x1f3f4 || (flag && r >= 0xe0020 && r <= 0xe007e)
		if invisible(r) && !strings.ContainsRune(keep, r) {
			t.Fatalf("%q: %U survived in %q", in, r, out)
		}
	}
}

// FuzzCard draws a card of any file content at any width, and of any
// arguments a model may send: the only escape sequences in it are
// readlens's own colours, and no row overflows. Empty args are the
// profile's own arguments for the file (opencode and pi); other args are the
// call's raw arguments, read and drawn for every profile, names and values
// alike from the model (issue 16: names reached the terminal raw).
func FuzzCard(f *testing.F) {
	f.Add([]byte("line\n\x1b]0;title\x07\n"), 40, true, []byte(nil))
	f.Add([]byte("\x00\x01\xff\xfe\r\n\t"), 1, false, []byte(nil))
	f.Add([]byte("漢字😀\u202e\n"), 3, true, []byte(nil))
	// The name that set tmux's pane title and clipboard through gemini-cli's
	// call line, with each profile's path argument beside it.
	for _, path := range []string{"file_path", "filePath", "path", "absolute_path"} {
		f.Add([]byte("inside\n"), 120, false, []byte(`{"`+path+`":"/fz/f.txt","\u001b]0;PWNED\u0007\u001b]52;c;cHduZWQ=\u0007":1}`))
	}
	f.Add([]byte("x"), 80, true, []byte(`{"files":[{"path":"/fz/f.txt"}],"\u001b[2J":"\u001b[2J","\u009b31m":true,"a\u202eb":null}`))
	f.Add([]byte("x"), 200, false, []byte(`{"filePath":"/fz/f.txt","offset":2,"\u009d0;t\u009c":[1],"\u200b":{"k":"v"}}`))
	f.Add([]byte("x"), 60, false, []byte("{\"path\":\"/fz/f.txt\",\"\x1b]0;raw\x07\":1}")) // not JSON: control bytes raw
	st := theme.New(true)
	f.Fuzz(func(t *testing.T, data []byte, width int, expanded bool, args []byte) {
		width = 1 + abs(width)%160
		fsys := reader.Mount(fstest.MapFS{"f.txt": {Data: data}}, "/fz")
		profiles := []string{"opencode", "pi"}
		if len(args) > 0 {
			profiles = all.Names()
		}
		for _, profile := range profiles {
			p, _ := all.Lookup(profile)
			raw := p.Args("/fz/f.txt", nil, nil)
			if len(args) > 0 {
				raw = args
			}
			res, err := reader.Read(context.Background(), reader.Request{
				Profile: p, Args: raw, Cwd: "/fz", Worktree: "/fz", FS: fsys})
			call := ToolCall{Profile: profile, Tool: p.Info().Tool, Args: raw, Cwd: "/fz"}
			switch {
			case err != nil && len(args) == 0:
				t.Fatal(err)
			case err != nil:
				// Arguments readlens cannot run: the inspector draws the
				// call failed, with readlens's error as its note.
				call.State, res = Failed, &reader.Result{Note: err.Error()}
			case len(args) > 0 && res.IsError:
				call.State = Failed
			case len(args) > 0:
				call.State = Done
			}
			for _, view := range []View{AgentView, PrettyView} {
				card := Card(st, width, call, res, Options{Expanded: expanded, View: view}, true)
				checkOnlySGR(t, card)
				checkWidth(t, card, width)
			}
			for _, s := range []State{Running, Done, Failed} {
				call.State = s
				line := Call(st, width, call)
				checkOnlySGR(t, line)
				checkWidth(t, line, width)
			}
		}
	})
}

func abs(n int) int {
	if n < 0 {
		if n == -n { // the smallest int
			return 0
		}
		return -n
	}
	return n
}

// checkOnlySGR fails on any escape sequence other than CSI ... m, and on
// any other control byte than a newline.
func checkOnlySGR(t *testing.T, s string) {
	t.Helper()
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0x1b:
			j := i + 1
			if j >= len(s) || s[j] != '[' {
				t.Fatalf("a non-CSI escape at %d: %q", i, s[i:min(i+12, len(s))])
			}
			for j++; j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':'); j++ {
			}
			if j >= len(s) || s[j] != 'm' {
				t.Fatalf("a CSI that is not SGR at %d: %q", i, s[i:min(i+12, len(s))])
			}
			i = j
		case c < 0x20 && c != '\n', c == 0x7f:
			t.Fatalf("control byte %#x at %d", c, i)
		}
	}
	for _, r := range s {
		if r >= 0x80 && r < 0xa0 {
			t.Fatalf("C1 control %U", r)
		}
	}
}

// TestGoldensHoldNoRawControls scans every rendered card golden: the only
// escape sequences in them are readlens's own colours; nothing from a
// fixture (the escape-sequence, binary and invisible-character files among
// them) reached a card raw.
func TestGoldensHoldNoRawControls(t *testing.T) {
	files, err := filepath.Glob("testdata/TestCards/*/*.golden")
	if err != nil || len(files) == 0 {
		t.Fatalf("no goldens: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(f, func(t *testing.T) { checkOnlySGR(t, string(b)) })
	}
}

// FuzzJSON: a string encoded as --json encodes it, made safe for a
// terminal, decodes to the same string and holds no invisible character
// raw; doing it twice changes nothing.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[2J", "\x9b31m\u009b\x7f", "a\u202eb\u200bc\ufeff", "tag\U000e0041",
		"🏴\U000e0067\U000e0062\U000e007f", "👨\u200d👩", "\xff\xfe", "\u2028\u2029", "nb\u00a0sp"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enc, err := json.Marshal(map[string]string{"s": s})
		if err != nil {
			t.Skip()
		}
		safe := JSON(enc)
		var back map[string]string
		if err := json.Unmarshal(safe, &back); err != nil {
			t.Fatalf("JSON(%q) = %q is not JSON: %v", enc, safe, err)
		}
		var want map[string]string
		json.Unmarshal(enc, &want)
		if back["s"] != want["s"] {
			t.Fatalf("JSON(%q) decodes to %q, want %q", enc, back["s"], want["s"])
		}
		for _, r := range string(safe) {
			if invisible(r) {
				t.Fatalf("JSON(%q) = %q leaves %U raw", enc, safe, r)
			}
		}
		if again := JSON(safe); string(again) != string(safe) {
			t.Fatalf("JSON is not idempotent: %q then %q", safe, again)
		}
	})
}
