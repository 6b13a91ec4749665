package render

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// hostileKey is an argument name that, printed raw, sets a terminal's
// title and its clipboard (issue 16: it did so in tmux through
// `read --render` for gemini-cli).
const hostileKey = "\x1b]0;PWNED\x07\x1b]52;c;cHduZWQ=\x07"

// TestCallSanitizesArgNames: an argument's name reaches the terminal
// through the sanitizer like its value, for every profile whose call line
// shows names, and the tool's name with them.
func TestCallSanitizesArgNames(t *testing.T) {
	key, _ := json.Marshal(hostileKey)
	args := json.RawMessage(`{"file_path":"/w/inside.txt",` + string(key) + `:1,"x\u009b2J":"\u001b[2J"}`)
	shown := "␛]0;PWNED␇␛]52;c;cHduZWQ=␇=1, x⟨U+009B⟩2J=␛[2J"
	for _, tc := range []struct{ profile, tool, want string }{
		{"gemini-cli", "read_file", "✓ read_file inside.txt (" + shown + ")"},
		{"claude-code", "Read", "✓ Read inside.txt (" + shown + ")"},
		{"codex", "read_file", "✓ read_file inside.txt (" + shown + ")"},
		{"cline", "read_files", "✓ read_files inside.txt (" + shown + ")"},
		{"envelope", "Read", "✓ Read inside.txt (" + shown + ")"},
		{"opencode", "read", "→ Read inside.txt [file_path=/w/inside.txt, " + shown + "]"},
		{"opencode-legacy", "read", "→ Read inside.txt [file_path=/w/inside.txt, " + shown + "]"},
		{"dmcc", "read", "→ Read inside.txt [file_path=/w/inside.txt, " + shown + "]"},
		// A tool's name is the profile's, but it reaches the terminal too.
		{"codex", "read\x1b[2J", "✓ read␛[2J inside.txt (" + shown + ")"},
	} {
		t.Run(tc.profile, func(t *testing.T) {
			line := Call(theme.New(true), 200, ToolCall{Profile: tc.profile, Tool: tc.tool, Args: args, Cwd: "/w", State: Done})
			if got := ansi.Strip(line); got != tc.want {
				t.Errorf("call line\n got %q\nwant %q", got, tc.want)
			}
			checkOnlySGR(t, line)
		})
	}
}

// TestContinuationSanitizesArgNames: the "continue with" hint names the
// arguments the next call changes; a name from the model is shown safe.
func TestContinuationSanitizesArgNames(t *testing.T) {
	key, _ := json.Marshal(hostileKey)
	r := &reader.Result{
		Args:       json.RawMessage(`{"path":"a"}`),
		Truncation: reader.Truncation{Next: json.RawMessage(`{"path":"a",` + string(key) + `:2}`)},
	}
	want := "␛]0;PWNED␇␛]52;c;cHduZWQ=␇=2"
	if got := continuation(r); got != want {
		t.Errorf("continuation = %q, want %q", got, want)
	}
}

// TestCardNamesItsAgent: agents whose TUIs draw the same call line still
// get cards that say whose they are, at the call line's right end (issue
// 11, defect 3).
func TestCardNamesItsAgent(t *testing.T) {
	st := theme.New(true)
	for _, profile := range []string{"opencode", "dmcc", "opencode-legacy", "claude-code", "envelope"} {
		call := ToolCall{Profile: profile, Tool: "Read", Args: []byte(`{"filePath":"/p/notes/hidden.md","file_path":"/p/notes/hidden.md","path":"/p/notes/hidden.md"}`), Cwd: "/p", State: Done}
		first := ansi.Strip(strings.SplitN(Card(st, 60, call, &reader.Result{Output: "x"}, Options{}, true), "\n", 2)[0])
		if !strings.HasSuffix(first, " "+profile+" ") || ansi.StringWidth(first) != 60 {
			t.Errorf("%s: call row %q does not end in the agent's name at width 60", profile, first)
		}
	}
	narrow := ansi.Strip(Card(st, 12, ToolCall{Profile: "opencode", Tool: "Read"}, nil, Options{}, false))
	if strings.Contains(narrow, "opencode") {
		t.Errorf("a 12-cell card has no room for the badge: %q", narrow)
	}
}

// TestNestedArguments: Cline's ranges sit inside its files array; the call
// line shows them and a continuation names the field that changes (issue
// 11, defect 5: "continue with files=" and nothing after). A window of no
// line says so.
func TestNestedArguments(t *testing.T) {
	st := theme.New(true)
	args := []byte(`{"files":[{"path":"/p/src/server.go","start_line":1843}]}`)
	line := ansi.Strip(Call(st, 100, ToolCall{Profile: "cline", Tool: "read_files", Args: args, Cwd: "/p", State: Done}))
	if want := "✓ read_files src/server.go (start_line=1843)"; line != want {
		t.Errorf("call line %q, want %q", line, want)
	}
	r := &reader.Result{Args: []byte(`{"files":[{"path":"/p/src/server.go"}]}`),
		Truncation: reader.Truncation{Cap: reader.CapBytes, FirstLine: 1, LastLine: 1842, Next: args}}
	if got, want := continuation(r), "start_line=1843"; got != want {
		t.Errorf("continuation %q, want %q", got, want)
	}
	r = &reader.Result{Args: []byte(`{"filePath":"/p/a","limit":0}`),
		Truncation: reader.Truncation{Cap: reader.CapLimit, Next: []byte(`{"filePath":"/p/a","offset":1}`)}}
	if got, want := ansi.Strip(Result(st, 80, r, Options{})), "more lines follow: no line shown · continue with offset=1"; got != want {
		t.Errorf("limit 0: %q, want %q", got, want)
	}
}

// TestArgumentsNotAnObject: arguments that are JSON but not an object
// (Codex reads an array as its fields in order) are shown whole, compact,
// with what a terminal would act on made visible.
func TestArgumentsNotAnObject(t *testing.T) {
	st := theme.New(true)
	for args, want := range map[string]string{
		`[ "/p/src/server.go", 10 ]`: `✓ read_file ["/p/src/server.go",10]`,
		`"/p/a\u001b[2J"`:            `✓ read_file "/p/a\u001b[2J"`,
		"[\"\u009b2J\"]":             "✓ read_file [\"" + Plain("\u009b") + "2J\"]",
	} {
		line := ansi.Strip(Call(st, 100, ToolCall{Profile: "codex", Tool: "read_file", Args: []byte(args), Cwd: "/p", State: Done}))
		if line != want {
			t.Errorf("%s: call line %q, want %q", args, line, want)
		}
		line = ansi.Strip(Call(st, 100, ToolCall{Profile: "crush", Tool: "view", Args: []byte(args), Cwd: "/p", State: Failed}))
		if want := "× View" + strings.TrimPrefix(want, "✓ read_file"); line != want {
			t.Errorf("crush %s: call line %q, want %q", args, line, want)
		}
	}
}

// TestLongPathKeepsItsName: a path too long for the call line loses its
// directories from the left, never its file name (issue 11, defect 12).
func TestLongPathKeepsItsName(t *testing.T) {
	st := theme.New(true)
	args := []byte(`{"filePath":"/p/deep/very_long_directory_name_01/very_long_directory_name_02/server.go"}`)
	for width, want := range map[int]string{
		50: "→ Read …/very_long_directory_name_02/server.go ",
		40: "→ Read …/server.go ",
	} {
		if got := ansi.Strip(Call(st, width, ToolCall{Profile: "opencode", Tool: "read", Args: args, Cwd: "/p", State: Done})); got != want {
			t.Errorf("width %d: %q, want %q", width, got, want)
		}
	}
}
