package cli

import (
	"io"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/render"
)

// startAuditProgress draws the audit's progress on a terminal's stderr:
// a bar, the files done of the total, the file begun last.
func startAuditProgress(w io.Writer, p *audit.Progress, width func() int) *liveLine {
	return startLiveLine(w, width, func(width int) string {
		return progressLine(int(p.Emitted.Load()), int(p.Total.Load()), p.Counted.Load(), p.Current(), width)
	})
}

// progressLine is the display's text, at most width columns: the bar and
// the count, then as much of the current path as fits. Until the files are
// counted there is no total and no bar.
func progressLine(done, total int, counted bool, current string, width int) string {
	s := render.Thousands(done) + " " + render.Plural(done, "file") + " audited"
	if counted {
		s = progressBar(done, total) + " " + render.Thousands(done) + " of " + render.Thousands(total) + " files"
	}
	if current != "" {
		s += " · " + render.Plain(current)
	}
	return fitLine(s, width)
}
