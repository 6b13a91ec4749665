package render

import (
	"testing"

	"github.com/readlens/readlens/theme"
)

// The TUI's budgets: a collapsed card under 1 ms, the first frame of an
// expanded 2000-line card within one 60 Hz frame (16 ms).

func BenchmarkCollapsedCard(b *testing.B) {
	st := theme.New(true)
	res := read(b, "opencode", "lines_3000.txt", nil, nil)
	call := ToolCall{Profile: "opencode", Tool: res.Tool, Args: res.Args, Cwd: fixtureRoot}
	for b.Loop() {
		Card(st, 100, call, res, Options{}, true)
	}
}

func BenchmarkExpandedCard2000(b *testing.B) {
	st := theme.New(true)
	res := read(b, "opencode", "lines_3000.txt", nil, nil)
	call := ToolCall{Profile: "opencode", Tool: res.Tool, Args: res.Args, Cwd: fixtureRoot}
	for b.Loop() {
		Card(st, 100, call, res, Options{Expanded: true}, true)
	}
}

func BenchmarkExpandedCard2000Highlighted(b *testing.B) {
	st := theme.New(true)
	res := read(b, "opencode", "lines_3000.txt", nil, nil)
	call := ToolCall{Profile: "opencode", Tool: res.Tool, Args: res.Args, Cwd: fixtureRoot}
	hl := Highlight(st, "x.go", lineTexts(res))
	for b.Loop() {
		Card(st, 100, call, res, Options{Expanded: true, View: PrettyView, Highlighted: hl}, true)
	}
}

func BenchmarkHighlight2000(b *testing.B) {
	st := theme.New(true)
	lines := lineTexts(read(b, "opencode", "lines_3000.txt", nil, nil))
	for b.Loop() {
		Highlight(st, "x.go", lines)
	}
}
