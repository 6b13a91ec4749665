package audit

import "github.com/readlens/readlens/reader/compare"

// What an unseen finding's Cap names: the first that applies.
const (
	UnseenPerLine  = compare.CapPerLine // lines cut by the per-line cap
	UnseenCRLF     = "crlf"             // lines ending \r\n shown ending \n
	UnseenReplaced = "replaced"         // invalid UTF-8, or a UTF-16 unpaired surrogate, shown as U+FFFD
)

// findings are what a row of compare's says, as audit kinds: a verdict
// other than whole, and what the first call's lines hide. A cut by the
// per-line cap alone is unseen, not cut: every line is shown, in part.
func findings(path string, row *compare.Row, tokens func(profile, text string) (int, string)) []Finding {
	c := row.First
	base := Finding{
		Path: path, Profile: row.Profile, FirstLine: c.FirstLine, LastLine: c.LastLine,
		TotalLines: c.TotalLines, TotalKnown: c.TotalKnown, Resumes: c.Resumes, Ends: c.Ends,
		Message: row.Message, Note: row.Note, Line: 1,
	}
	var out []Finding
	switch row.Verdict {
	case compare.Error:
		f := base
		f.Kind, f.Cap = KindError, row.Reason
		out = append(out, f)
	case compare.Refused:
		f := base
		f.Kind, f.Cap = KindRefused, row.Reason
		out = append(out, f)
	case compare.Cut:
		if row.Cap != compare.CapPerLine {
			f := base
			f.Kind, f.Cap = KindCut, row.Cap
			f.Line = c.LastLine + 1
			out = append(out, f)
		}
	}
	if u := row.Unseen; u.LinesCut > 0 || u.CRLFToLF > 0 || u.BytesReplaced > 0 {
		f := base
		f.Kind, f.Message, f.Unseen = KindUnseen, "", u
		switch {
		case u.LinesCut > 0:
			f.Cap = UnseenPerLine
		case u.CRLFToLF > 0:
			f.Cap = UnseenCRLF
		default:
			f.Cap = UnseenReplaced
		}
		if c.Result != nil {
			for _, l := range c.Result.Lines {
				if l.Cut || l.CRLF || l.Replaced > 0 {
					f.Line = l.N
					break
				}
			}
		}
		out = append(out, f)
	}
	if len(out) > 0 && c.Result != nil && tokens != nil {
		n, tok := tokens(row.Profile, c.Result.Output)
		for i := range out {
			out[i].Tokens, out[i].Tokenizer = n, tok
		}
	}
	return out
}
