package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"
)

// liveLine draws one line on a terminal's stderr while a long command
// runs (an audit's files, a compare's calls), redrawn every progressEvery
// from text. It is only ever started on a terminal, so a pipe or a CI log
// gets nothing extra; it erases itself before anything else is written
// to the terminal, and when the command ends. A command done before the
// first tick draws nothing.
type liveLine struct {
	mu    sync.Mutex
	w     io.Writer
	text  func(width int) string
	width func() int
	shown bool
	stop  chan struct{}
	done  chan struct{}
	ended sync.Once
}

const progressEvery = 100 * time.Millisecond

func startLiveLine(w io.Writer, width func() int, text func(width int) string) *liveLine {
	l := &liveLine{w: w, text: text, width: width, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-l.stop:
				return
			case <-t.C:
				l.draw()
			}
		}
	}()
	return l
}

func (l *liveLine) draw() {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprint(l.w, "\r"+l.text(l.width())+"\x1b[K")
	l.shown = true
}

// hold erases the line and keeps it off until the returned func is
// called: what is written meanwhile starts at the line's beginning. A nil
// line (none was started: not a terminal) holds nothing.
func (l *liveLine) hold() (resume func()) {
	if l == nil {
		return func() {}
	}
	l.mu.Lock()
	if l.shown {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.shown = false
	}
	return l.mu.Unlock
}

// end stops the display and erases it; again, or on a nil line, it does
// nothing.
func (l *liveLine) end() {
	if l == nil {
		return
	}
	l.ended.Do(func() {
		close(l.stop)
		<-l.done
		l.hold()()
	})
}

// progressBar is a bar of done of total: "[#####---------------]".
func progressBar(done, total int) string {
	const width = 20
	filled := 0
	if total > 0 {
		filled = max(0, min(width, done*width/total))
	}
	return "[" + strings.Repeat("#", filled) + strings.Repeat("-", width-filled) + "]"
}

// fitLine cuts a progress line to a terminal width columns wide, keeping
// its last column free: a line that fills the row would wrap on some
// terminals, and \r would no longer return to its start.
func fitLine(s string, width int) string {
	if width > 0 && ansi.StringWidth(s) > width-1 {
		return ansi.Truncate(s, width-2, "…")
	}
	return s
}

// terminalWidth is f's width in columns as it is now (0 when unknown),
// asked at each redraw: the terminal may be resized meanwhile.
func terminalWidth(f *os.File) func() int {
	return func() int {
		if cols, _, err := term.GetSize(f.Fd()); err == nil {
			return cols
		}
		return 0
	}
}
