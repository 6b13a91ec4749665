package render

import (
	"fmt"
	"strings"

	"github.com/readlens/readlens/reader"
)

// ShownLines are the lines a call shows whole, "lines 1–322, 1690–2000 of
// 3000": the head, and the tail of an answer cut in its middle; "" when
// it shows none. The minimap, the warnings and the TUI's status line all
// say it so.
func ShownLines(t reader.Truncation) string {
	var runs []string
	if t.FirstLine > 0 {
		runs = append(runs, fmt.Sprintf("%d–%d", t.FirstLine, t.LastLine))
	}
	if t.Resumes > 0 {
		runs = append(runs, fmt.Sprintf("%d–%d", t.Resumes, t.Ends))
	}
	if len(runs) == 0 {
		return ""
	}
	s := "lines " + strings.Join(runs, ", ")
	if t.TotalKnown {
		s += fmt.Sprintf(" of %d", t.TotalLines)
	}
	return s
}
