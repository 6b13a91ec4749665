package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

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
		{"args not an object", []string{"read", "--args", `[1]`}, "must be a JSON object"},
		{"args not json", []string{"read", "--args", `{filePath:`}, "--args"},
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
	} {
		base := []string{"read", "--profile", c.profile, "--cwd", root, "--json"}
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
