package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/render"
)

// describe is a finding in readlens's words, one line, for people: the
// text form and the annotations. Names and the tool's words are made
// terminal-safe by the caller.
func describe(x audit.Finding) string {
	var parts []string
	switch x.Kind {
	case audit.KindCut:
		s := "cut by its " + x.Cap + " cap"
		if x.Cap == compare.CapSize {
			s = "cut by its size cap: nothing shown, offset and limit asked for"
		}
		parts = append(parts, s)
		if x.LastLine > 0 {
			parts = append(parts, "shows "+linesText(x))
		}
	case audit.KindRefused:
		if x.Cap == compare.ReasonIgnored && x.Note != "" {
			parts = append(parts, "refused: "+x.Note) // which rule, in readlens's words
		} else {
			parts = append(parts, "refused: "+x.Cap)
		}
	case audit.KindError:
		if x.Cap == compare.ReasonNoAnswer {
			parts = append(parts, "error: the agent would never return")
		} else {
			parts = append(parts, "error")
		}
	case audit.KindUnseen:
		u := x.Unseen
		var hid []string
		if u.LinesCut > 0 {
			hid = append(hid, fmt.Sprintf("%s %s cut by the per-line cap (%s chars lost)", render.Thousands(u.LinesCut), render.Plural(u.LinesCut, "line"), render.Thousands(int(u.CharsLost))))
		}
		if u.CRLFToLF > 0 {
			hid = append(hid, fmt.Sprintf("%s CRLF %s shown as LF", render.Thousands(u.CRLFToLF), render.Plural(u.CRLFToLF, "line")))
		}
		if u.BytesReplaced > 0 {
			hid = append(hid, fmt.Sprintf("%s invalid UTF-8 %s shown as U+FFFD", render.Thousands(u.BytesReplaced), render.Plural(u.BytesReplaced, "byte")))
		}
		parts = append(parts, "unseen: "+strings.Join(hid, ", "))
	}
	switch {
	case x.Message != "":
		parts = append(parts, "“"+x.Message+"”")
	case x.Note != "" && x.Kind == audit.KindError:
		parts = append(parts, "readlens: "+x.Note)
	}
	if x.Tokenizer != "" && (x.Kind == audit.KindCut || x.Kind == audit.KindUnseen) {
		parts = append(parts, "first call "+render.Thousands(x.Tokens)+" tok")
	}
	return strings.Join(parts, " · ")
}

func linesText(x audit.Finding) string {
	s := "lines " + render.Thousands(x.FirstLine)
	if x.LastLine != x.FirstLine {
		s += "–" + render.Thousands(x.LastLine)
	}
	if x.TotalKnown {
		s += " of " + render.Thousands(x.TotalLines)
	}
	return s
}

// sortFindings orders a file's findings worst first, keeping the
// profiles' order among equals.
func sortFindings(xs []audit.Finding) []audit.Finding {
	s := append([]audit.Finding(nil), xs...)
	sort.SliceStable(s, func(i, j int) bool { return audit.Rank(s[i].Kind) < audit.Rank(s[j].Kind) })
	return s
}

// auditText: a file's name, then one line per finding, worst first; the
// skipped entries as they come; a summary at the end. Everything from the
// file system or a tool goes through render.Plain, whatever the output.
type auditText struct {
	w        io.Writer
	profiles []string
	counts   map[string]map[audit.Kind]int
	findings int
	largest  []largeRead // at most largestShown, most tokens first
}

// largeRead is a file's largest first call among its findings.
type largeRead struct {
	path, profile string
	tokens        int
}

// largestShown is how many files the summary lists by tokens.
const largestShown = 5

// noteLargest keeps the file's largest first call if it is among the
// largest seen: a fixed handful, whatever the tree.
func (t *auditText) noteLargest(f audit.File) {
	var top *audit.Finding
	for i, x := range f.Findings {
		if x.Tokenizer != "" && (top == nil || x.Tokens > top.Tokens) {
			top = &f.Findings[i]
		}
	}
	if top == nil || top.Tokens == 0 {
		return
	}
	r := largeRead{path: f.Path, profile: top.Profile, tokens: top.Tokens}
	i := sort.Search(len(t.largest), func(i int) bool { return t.largest[i].tokens < r.tokens })
	if i >= largestShown {
		return
	}
	t.largest = append(t.largest[:i], append([]largeRead{r}, t.largest[i:]...)...)
	if len(t.largest) > largestShown {
		t.largest = t.largest[:largestShown]
	}
}

func (t *auditText) begin() error {
	t.counts = map[string]map[audit.Kind]int{}
	for _, p := range t.profiles {
		t.counts[p] = map[audit.Kind]int{}
	}
	return nil
}

func (t *auditText) file(f audit.File) error {
	if f.Skipped != "" {
		_, err := fmt.Fprintf(t.w, "%s\n  skipped: %s\n", render.Plain(f.Path), render.Plain(f.Skipped))
		return err
	}
	if len(f.Findings) == 0 {
		return nil
	}
	width := 0
	for _, x := range f.Findings {
		width = max(width, len(x.Profile))
	}
	t.noteLargest(f)
	var b strings.Builder
	b.WriteString(render.Plain(f.Path) + "\n")
	for _, x := range sortFindings(f.Findings) {
		t.counts[x.Profile][x.Kind]++
		t.findings++
		fmt.Fprintf(&b, "  %-*s  %s\n", width, x.Profile, render.Plain(describe(x)))
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}

func (t *auditText) end(st audit.Stats, elapsed time.Duration) error {
	var b strings.Builder
	if st.Files > 0 || st.Skipped > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%s %s audited, %s skipped, %s %s\n", render.Thousands(st.Files), render.Plural(st.Files, "file"), render.Thousands(st.Skipped),
		render.Thousands(t.findings), render.Plural(t.findings, "finding"))
	width := len("agent")
	for _, p := range t.profiles {
		width = max(width, len(p))
	}
	fmt.Fprintf(&b, "%-*s", width, "agent")
	for _, k := range audit.Kinds {
		fmt.Fprintf(&b, "  %8s", k)
	}
	b.WriteString("\n")
	for _, p := range t.profiles {
		fmt.Fprintf(&b, "%-*s", width, p)
		for _, k := range audit.Kinds {
			fmt.Fprintf(&b, "  %8s", render.Thousands(t.counts[p][k]))
		}
		b.WriteString("\n")
	}
	if len(t.largest) > 0 {
		// Only findings have their tokens counted: a file every agent
		// reads whole is not among these.
		b.WriteString("\nlargest first calls among the findings, by tokens (estimated)\n")
		w, pw := len(render.Thousands(t.largest[0].tokens)), 0
		for _, r := range t.largest {
			pw = max(pw, len(r.profile))
		}
		for _, r := range t.largest {
			fmt.Fprintf(&b, "  %*s  %-*s  %s\n", w, render.Thousands(r.tokens), pw, r.profile, render.Plain(r.path))
		}
	}
	_, err := io.WriteString(t.w, b.String())
	return err
}
