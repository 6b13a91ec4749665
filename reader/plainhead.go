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
// first Stopped.Shown lines and says so. ok false has the page read, as
// an answer that is an error must be. The facts must be those of the read
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
	var st Stopped
	phantom := pg.Lines > pg.newlines // an empty line after the last \n, or a last line without one
	phantom = phantom && len(pg.Text) > 0 && pg.Text[len(pg.Text)-1] == '\n'
	rest := pg.Text
	for n := 0; ; n++ {
		switch {
		case w.Limit >= 0 && n == w.Limit:
			st.Stop = stopIfMore(n < pg.Lines, StopLimit)
		case w.MaxLines > 0 && n == w.MaxLines:
			st.Stop = stopIfMore(n < pg.Lines, StopMaxLines)
		case n == pg.Lines:
		default:
			st.Phantom = phantom && n+1 == pg.Lines
			if w.Budget.Max > 0 {
				line, after, _ := strings.Cut(rest, "\n")
				rest = after
				size := textSize{Bytes: int64(len(line)), UTF16: int64(len(line)), Runes: int64(len(line))}
				if !pg.ascii {
					size = SizeOf(line)
				}
				cost := w.cost(Line{}, size, n, 0)
				if st.Charged+cost > w.Budget.Max && !(w.Budget.First && n == 0) {
					st.Shown, st.Stop, st.Over = n, StopBudget, &Over{N: n + 1, Size: size, Cost: cost}
					st.Total = n + 1 // the lines the scanner passed, this one too
					if w.Budget.Halt && !w.Count {
						return st
					}
					break
				}
				st.Charged += cost
			}
			continue
		}
		if st.Stop != StopBudget {
			st.Shown, st.Total = n, n
		}
		break
	}
	if w.Count {
		st.Total, st.Counted = pg.Lines, true
	}
	return st
}

// stopIfMore is why a window that reached a cap ended: the cap when more
// lines follow, the file's end when none do.
func stopIfMore(more bool, cap Stop) Stop {
	if more {
		return cap
	}
	return StopEOF
}
