package codex

import (
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestOracle compares every recorded case with Codex CLI 0.105.0's own
// read_file answer (internal/record/codex.go). The known differences
// (README, ### codex) answer as pinned here: readlens sees a line only up
// to the 500-byte cut, so a line whose first 500 bytes are blank counts as
// blank (the tool measures the whole line, and long_indent.txt's first has
// 600 spaces before "deep"); and indentation mode reads 64 lines above the
// block's reach, so a blank line with only blank lines above it that far
// takes no indent from further up (far_blank.py's line 2, "deep").
func TestOracle(t *testing.T) {
	readertest.Oracle(t, Profile, map[string]readertest.Known{
		"ind_long_indent":         answers("L2: shallow"), // the tool: L1 (500 of its spaces), L2
		"ind_long_indent_anchor1": answers("L2: shallow"), // the tool: L1 alone
		// The tool stops at L85: blank L82 takes indent 8 and the fourth line.
		"ind_far_blank": answers("L83:     def f(self):\nL84:         return 1\nL85:         more = 2\nL86:         more = 3"),
	})
}

// answers pins what readlens answers to a case it knowingly answers
// otherwise than the tool.
func answers(out string) readertest.Known {
	return func(t *testing.T, want string, res *reader.Result) {
		if res.Output == want {
			t.Fatalf("readlens now answers as the tool: drop the known difference")
		}
		if res.Output != out || res.IsError {
			t.Errorf("got %q (error %v), want %q", res.Output, res.IsError, out)
		}
	}
}
