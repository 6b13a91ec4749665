package compare

import (
	"encoding/json"
	"strings"

	"github.com/readlens/readlens/reader"
)

// judge gives the first call's verdict, from its facts first.
func judge(row *Row, res *reader.Result) {
	t, f := res.Truncation, res.Facts
	row.Message = message(res)
	switch {
	case res.Note != "" && res.Output == "" && !res.IsError && len(res.Attachments) == 0:
		row.Verdict, row.Reason = Error, ReasonNoAnswer // as readlens read's exit 3
	case refusedByWords(row.Profile, row.Message) != "":
		// First: a profile may check a size before its binary rule's
		// verdict (Gemini CLI's 20 MB), and then its words are its answer.
		row.Verdict, row.Reason = Refused, refusedByWords(row.Profile, row.Message)
	case f.Binary || t.Cap == reader.CapBinary:
		row.Verdict, row.Reason = Refused, ReasonBinary
	case f.Blocked != "":
		row.Verdict, row.Reason = Refused, ReasonBlocklist
	case f.Escaped:
		row.Verdict, row.Reason = Refused, ReasonOutside
	case f.ImageOmitted && !res.IsError:
		// The tool answers, and its last words say the model gets no
		// image (its first are that it read one).
		row.Verdict, row.Reason = Refused, ReasonMedia
		row.Message = lastLine(res.Output)
	case f.TooLarge:
		// Claude Code's whole-file size cap: its text asks for offset and
		// limit, so the file can be read in parts, but it names no call.
		row.Verdict, row.Cap = Cut, CapSize
	case res.IsError || failed(res):
		row.Verdict = Error
	case t.Cap != reader.CapNone && t.Cap != reader.CapLimit:
		row.Verdict, row.Cap = Cut, capName(t.Cap)
	case len(t.CutLines) > 0:
		row.Verdict, row.Cap = Cut, CapPerLine
	default:
		row.Verdict = Whole
	}
	if row.Verdict == Whole || row.Verdict == Cut && !res.IsError {
		row.Message = ""
	}
}

// lastLine is the last line of text that is not blank.
func lastLine(text string) string {
	text = strings.TrimRight(text, "\n")
	return text[strings.LastIndexByte(text, '\n')+1:]
}

func capName(c reader.Cap) string {
	switch c {
	case reader.CapLines:
		return CapLines
	case reader.CapBytes, reader.CapFirstLine:
		return CapBytes
	case reader.CapTokens:
		return CapTokens
	case reader.CapEntries:
		return CapEntries
	}
	return string(c)
}

// message is the first line of the tool's error text: the first error part
// (a tool that wraps its error, such as envelope's JSON, says it twice; one
// that answers in JSON, such as Cline, quotes it: it is unquoted), or the
// output's first line when no part is an error.
func message(res *reader.Result) string {
	text := res.Output
	for _, p := range res.Parts {
		if p.Kind == reader.PartError {
			text = p.Text
			var s string
			if strings.HasPrefix(text, `"`) && json.Unmarshal([]byte(text), &s) == nil {
				text = s
			}
			break
		}
	}
	line, _, _ := strings.Cut(text, "\n")
	return line
}

// failed says an answer holds an error although the call succeeded: Cline's
// read_files reports each file's error inside its JSON list.
func failed(res *reader.Result) bool {
	for _, p := range res.Parts {
		if p.Kind == reader.PartError {
			return true
		}
	}
	return false
}
