package cli

import (
	"io"

	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
)

// startCompareProgress draws a compare's progress on a terminal's stderr
// while the agents' plans run (a large file's take thousands of calls):
// a bar of the agents answered, and the calls made so far.
func startCompareProgress(w io.Writer, p *compare.Progress, agents int, width func() int) *liveLine {
	return startLiveLine(w, width, func(width int) string {
		return compareProgressLine(int(p.Answered.Load()), agents, p.Calls.Load(), width)
	})
}

// compareProgressLine is the display's text, at most width columns.
func compareProgressLine(answered, agents int, calls int64, width int) string {
	s := progressBar(answered, agents) + " " + render.Thousands(min(answered, agents)) + " of " +
		render.Thousands(agents) + " " + render.Plural(agents, "agent") + " answered · " + render.Thousands(int(calls)) + " " + render.Plural(int(calls), "call") + " made"
	return fitLine(s, width)
}
