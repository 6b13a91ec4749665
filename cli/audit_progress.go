package cli

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/render"
)

// auditProgress draws one line on a terminal's stderr while the audit
// runs: a bar, the files done of the total, the file begun last.
// It is only ever started on a terminal, so a pipe or a CI log gets nothing
// extra; and it erases itself before anything else is written to the
// terminal (the text form's findings) and when the audit ends.
type auditProgress struct {
	mu    sync.Mutex
	w     io.Writer
	p     *audit.Progress
	width func() int
	shown bool
	stop  chan struct{}
	done  chan struct{}
	ended sync.Once
}

const progressEvery = 100 * time.Millisecond

func startAuditProgress(w io.Writer, p *audit.Progress, width func() int) *auditProgress {
	a := &auditProgress{w: w, p: p, width: width, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(a.done)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-a.stop:
				return
			case <-t.C:
				a.draw()
			}
		}
	}()
	return a
}

func (a *auditProgress) draw() {
	a.mu.Lock()
	defer a.mu.Unlock()
	line := progressLine(int(a.p.Emitted.Load()), int(a.p.Total.Load()), a.p.Counted.Load(), a.p.Current(), a.width())
	fmt.Fprint(a.w, "\r"+line+"\x1b[K")
	a.shown = true
}

// hold erases the line and keeps it off until the returned func is
// called: what is written meanwhile starts at the line's beginning.
func (a *auditProgress) hold() (resume func()) {
	a.mu.Lock()
	if a.shown {
		fmt.Fprint(a.w, "\r\x1b[K")
		a.shown = false
	}
	return a.mu.Unlock
}

// end stops the display and erases it; again, it does nothing.
func (a *auditProgress) end() {
	a.ended.Do(func() {
		close(a.stop)
		<-a.done
		a.hold()()
	})
}

// progressLine is the display's text, at most width columns: the bar and
// the count, then as much of the current path as fits. Until the files are
// counted there is no total and no bar.
func progressLine(done, total int, counted bool, current string, width int) string {
	const barWidth = 20
	s := render.Thousands(done) + " " + render.Plural(done, "file") + " audited"
	if counted {
		filled := 0
		if total > 0 {
			filled = min(barWidth, done*barWidth/total)
		}
		s = "[" + strings.Repeat("#", filled) + strings.Repeat("-", barWidth-filled) + "] " +
			render.Thousands(done) + " of " + render.Thousands(total) + " files"
	}
	if current != "" {
		s += " · " + render.Plain(current)
	}
	if width > 0 && ansi.StringWidth(s) > width-1 {
		s = ansi.Truncate(s, width-2, "…")
	}
	return s
}
