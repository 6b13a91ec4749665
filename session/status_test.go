package session

import (
	"strings"
	"testing"
)

// TestStatusRefused: a read the agent refused says so, and why, in the
// agent's own words; the same words from another agent, or from a shell
// command's output, are an error or a result like any other.
func TestStatusRefused(t *testing.T) {
	binary := &Result{Output: TextOf("Cannot read binary file: /w/app.bin"), IsError: true}
	for _, c := range []struct {
		agent string
		call  Call
		want  string
	}{
		{"opencode", Call{Kind: KindRead, Result: binary}, "refused: binary"},
		{"opencode", Call{Kind: KindRead, Result: binary, RepeatOf: 2}, "refused: binary, repeat of 2"},
		{"pi", Call{Kind: KindRead, Result: binary}, "error"},
		{"opencode", Call{Kind: KindShell, Result: binary}, "error"},
		{"gemini-cli", Call{Kind: KindRead, Result: &Result{Output: TextOf("Cannot display content of binary file: app.bin")}}, "refused: binary"},
		{"gemini-cli", Call{Kind: KindRead, Result: &Result{Output: TextOf("File path 'dist/a.js' is ignored by configured ignore patterns."), IsError: true}}, "refused: ignored"},
		{"opencode", Call{Kind: KindRead, Result: &Result{Output: TextOf("File not found: /w/a.txt"), IsError: true}}, "error"},
		{"opencode", Call{Kind: KindRead}, "unanswered"},
		// An answer too long to be a refusal is not read back to be asked.
		{"opencode", Call{Kind: KindRead, Result: &Result{Output: TextOf("Cannot read binary file: " + strings.Repeat("x", spillOver)), IsError: true}}, "error"},
	} {
		if got := c.call.Status(c.agent); got != c.want {
			t.Errorf("%s %+v: %q, want %q", c.agent, c.call.Result, got, c.want)
		}
	}
}
