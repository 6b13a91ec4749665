package render

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// sentence is a line of readlens's own words and its style.
type sentence struct {
	style lipgloss.Style
	text  string
}

// warnings say what the tool left out, from the result's facts, and which
// call continues. They are readlens's words, drawn apart from the output.
func warnings(st *theme.Styles, r *reader.Result) []sentence {
	t := r.Truncation
	next := continuation(r)
	if next != "" {
		next = " · continue with " + next
	}
	shown := ShownLines(t)
	var out []sentence
	warn := func(s string) { out = append(out, sentence{st.Warning, "⚠ " + s}) }
	if r.IsError {
		out = append(out, sentence{st.ErrorText.Bold(true), "✗ the tool answered with an error: this text is all the model got"})
	}
	switch {
	case t.Resumes > 0:
		// Codex's harness: the answer's head and tail, its middle gone.
		gap := fmt.Sprintf("lines %d–%d", t.LastLine+1, t.Resumes-1)
		if t.LastLine+1 == t.Resumes-1 {
			gap = fmt.Sprintf("line %d", t.Resumes-1)
		}
		warn(fmt.Sprintf("the answer was cut in the middle before the model saw it: %s not shown whole, it resumes at line %d", gap, t.Resumes) + next)
		if t.TotalKnown && t.Ends < t.TotalLines {
			warn(fmt.Sprintf("the model was not told: lines %d–%d of %d never shown", t.Ends+1, t.TotalLines, t.TotalLines))
		}
	case t.Silent && t.TotalKnown:
		// The loudest warning for the cut the model never hears of.
		warn(fmt.Sprintf("the model was not told: lines %d–%d of %d never shown", t.LastLine+1, t.TotalLines, t.TotalLines))
	case t.Silent:
		warn(fmt.Sprintf("the model was not told: the lines after %d were never shown", t.LastLine))
	}
	switch {
	case t.Silent:
	case t.Cap == reader.CapLines:
		warn("line cap: the tool showed " + shown + next)
	case t.Cap == reader.CapBytes:
		warn("byte cap: the tool showed " + or(shown, "no line") + next)
	case t.Cap == reader.CapFirstLine:
		warn("the first line alone is over the byte cap: the tool showed none of it" + next)
	case t.Cap == reader.CapEntries:
		warn("entry cap: the tool listed " + strings.Replace(shown, "lines", "entries", 1) + next)
	case t.Cap == reader.CapBinary:
		warn("refused as binary: the model saw none of the file")
	case t.Cap == reader.CapLimit:
		out = append(out, sentence{st.Hint, "more lines follow: " + or(shown, "no line shown") + next})
	}
	if r.Outside {
		out = append(out, sentence{st.Hint, "↗ outside the working directory: " + Plain(r.RealPath)})
	}
	if n := len(t.CutLines); n > 0 {
		nums := make([]string, 0, 5)
		for _, l := range t.CutLines[:min(n, 5)] {
			nums = append(nums, fmt.Sprint(l))
		}
		if n > 5 {
			nums = append(nums, "…")
		}
		warn(fmt.Sprintf("%d %s cut by the per-line cap: %s", n, Plural(n, "line"), strings.Join(nums, ", ")))
	}
	return out
}

// continuation names the arguments the continuing call changes, in the
// tool's own names: "offset=2001".
func continuation(r *reader.Result) string {
	if len(r.Truncation.Next) == 0 {
		return ""
	}
	was, err1 := reader.ParseArgs(r.Args)
	next, err2 := reader.ParseArgs(r.Truncation.Next)
	if err1 != nil || err2 != nil {
		return ""
	}
	before := map[string]string{}
	for _, l := range leaves(was) {
		before[l.at] = l.val
	}
	var kv []string
	for _, l := range leaves(next) {
		if v, ok := before[l.at]; !ok || v != l.val {
			kv = append(kv, Plain(l.key)+"="+l.val)
		}
	}
	return strings.Join(kv, ", ")
}

// Plural is word, with an s unless n is 1.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func or(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}
