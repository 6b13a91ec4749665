package render

import (
	"fmt"
	"sort"
	"strings"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/reader/compare"
)

// readlens audit's findings in words: the text form, the annotations, the
// SARIF messages and the inspector's audit view say them alike.

// AuditFinding is a finding in readlens's words, one line, for people: the
// text form and the annotations. Names and the tool's words are made
// terminal-safe by the caller.
func AuditFinding(x audit.Finding) string {
	var parts []string
	switch x.Kind {
	case audit.KindCut:
		s := "cut by its " + x.Cap + " cap"
		if x.Cap == compare.CapSize {
			s = "cut by its size cap: nothing shown" // the tool's words say what it asks for
		}
		parts = append(parts, s)
		if x.LastLine > 0 {
			parts = append(parts, "shows "+auditLines(x))
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
			hid = append(hid, fmt.Sprintf("%s %s cut by the per-line cap (%s chars lost)", Thousands(u.LinesCut), Plural(u.LinesCut, "line"), Thousands(int(u.CharsLost))))
		}
		if u.CRLFToLF > 0 {
			hid = append(hid, fmt.Sprintf("%s CRLF %s shown as LF", Thousands(u.CRLFToLF), Plural(u.CRLFToLF, "line")))
		}
		if u.BytesReplaced > 0 {
			hid = append(hid, fmt.Sprintf("%s undecodable %s shown as U+FFFD", Thousands(u.BytesReplaced), Plural(u.BytesReplaced, "byte")))
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
		parts = append(parts, "first call "+Thousands(x.Tokens)+" tok")
	}
	return strings.Join(parts, " · ")
}

func auditLines(x audit.Finding) string {
	s := "lines " + span(x.FirstLine, x.LastLine)
	if x.Resumes > 0 {
		s += " and " + span(x.Resumes, x.Ends)
	}
	if x.TotalKnown {
		s += " of " + Thousands(x.TotalLines)
	}
	return s
}

// span is lines first to last: "12", "1–2,000".
func span(first, last int) string {
	if last == first {
		return Thousands(first)
	}
	return Thousands(first) + "–" + Thousands(last)
}

// WorstFirst orders a file's findings worst first, keeping the
// profiles' order among equals.
func WorstFirst(xs []audit.Finding) []audit.Finding {
	s := append([]audit.Finding(nil), xs...)
	sort.SliceStable(s, func(i, j int) bool { return audit.Rank(s[i].Kind) < audit.Rank(s[j].Kind) })
	return s
}
