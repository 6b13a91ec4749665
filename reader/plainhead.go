package reader

import "strings"

// A plain page past a window's line or byte cap shows its head: the first
// lines, each whole, since no line reaches the per-line cap. Which lines,
// and why the window stopped, follow from the lines' lengths alone, and a
// profile's facts of such a page follow from how the window stopped. An
// audit that counts no tokens reads a few hundred such pages of Go's tree
// for each agent, up to 2000 lines each, only to learn where they end.

// Stopped is how a window ended, apart from its lines' text: what a
// profile's facts of a page are made of.
type Stopped struct {
	Shown   int  // the lines shown, numbered from Window.Start+1
	Stop    Stop // why the window ended
	Total   int  // as Page.Total
	Counted bool // as Page.Counted
	Phantom bool // as Page.Phantom
	Charged int  // as Page.Charged
	Over    *Over
}

// Stopped is how pg's window ended.
func (pg *Page) Stopped() Stopped {
	return Stopped{Shown: len(pg.Lines), Stop: pg.Stop, Total: pg.Total, Counted: pg.Counted,
		Phantom: pg.Phantom, Charged: pg.Charged, Over: pg.Over}
}

// PlainHeadCut is implemented by a profile that can tell its answer's
// facts on a plain page its window cuts from how the window stopped, when
// no one wants the words (Request.NoWords): the answer shows the page's
// first lines, to Truncation.LastLine (crush reads one more than it
// shows), and says so. ok false has the page read, as an answer that is
// an error must be. The facts must be those of the read
// (TestPlainWholeIsWhole reads every case both ways).
type PlainHeadCut interface {
	HeadWhenPlain(p *Plan, pg PlainPage, w Stopped) (t Truncation, ok bool)
}

// plainHead is how window(s, w) stops on the plain page pg from its first
// line, found from the lines' lengths: no line passes the per-line cap or
// the hold (the caller checked Longest), so each costs the budget its
// whole size. Only a budget looks at the lines, and only at those it
// charges and the one past them.
func plainHead(w Window, pg *PlainPage) Stopped {
	st := Stopped{Shown: pg.Lines}
	// At a line both caps reach, the window asks the call's limit first.
	if w.Limit >= 0 && w.Limit < st.Shown {
		st.Shown, st.Stop = w.Limit, StopLimit
	}
	if w.MaxLines > 0 && w.MaxLines < st.Shown {
		st.Shown, st.Stop = w.MaxLines, StopMaxLines
	}
	read := st.Shown // the lines the scanner handed out
	if w.Budget.Max > 0 {
		rest := pg.Text
		for n := range st.Shown {
			line, after, _ := strings.Cut(rest, "\n")
			rest = after
			size := textSize{Bytes: int64(len(line)), UTF16: int64(len(line)), Runes: int64(len(line))}
			if !pg.ascii {
				size = SizeOf(line)
			}
			cost := w.cost(Line{}, size, n, 0)
			if st.Charged+cost > w.Budget.Max && !(w.Budget.First && n == 0) {
				// The line that did not fit was read; a budget that halts
				// stops the scan there as one that does not.
				st.Shown, st.Stop, st.Over = n, StopBudget, &Over{N: n + 1, Size: size, Cost: cost}
				read = n + 1
				break
			}
			st.Charged += cost
		}
	}
	st.Total = read
	// The split's empty line after a final \n, when it makes one, is the
	// page's last.
	st.Phantom = read > 0 && read == pg.Lines && pg.Lines > pg.newlines && strings.HasSuffix(pg.Text, "\n")
	if w.Count {
		st.Total, st.Counted = pg.Lines, true
	}
	return st
}
