package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/render"
)

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
	for _, x := range render.WorstFirst(f.Findings) {
		t.counts[x.Profile][x.Kind]++
		t.findings++
		fmt.Fprintf(&b, "  %-*s  %s\n", width, x.Profile, render.Plain(render.AuditFinding(x)))
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
