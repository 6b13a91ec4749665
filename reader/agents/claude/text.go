package claude

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330's text results: lines as N<TAB>text, the 256 KB and
// 3.2 MB caps, the 25,000-token cap with its partial first page, the notes on
// files that are not UTF-8, and the trimming of the result's end that the
// harness does when it appends its reminders.

const (
	ccEmpty = "<system-reminder>Warning: the file exists but the contents are empty.</system-reminder>"
	// ccRoom is the suffix for a file the context has room for (DEl).
	ccRoom        = " To read it anyway, up to what still fits in your context, call Read again with allow_large: true — only if you genuinely need all of it or the user asked for the whole file."
	ccNoRoom      = " Even with allow_large, this is more than fits in the context you have left this turn (other large reads in the same turn share that room)."
	ccTruncated   = "[Truncated: PARTIAL view — "
	ccNoteSuffix  = " Edit and Write will refuse it: change it with a shell command that keeps its encoding, or ask the user whether to convert it to UTF-8.]"
	ccNoteNotUTF8 = "[This file is not valid UTF-8: it uses a legacy encoding such as Windows-1252, Shift-JIS or GBK, or it is binary. Its undecodable bytes show above as U+FFFD." + ccNoteSuffix
	ccNoteNUL     = "[This file has NUL bytes in its first 8 KB: binary data, UTF-16/UTF-32 without a byte-order mark, or text with embedded NULs." + ccNoteSuffix
	ccNoteUTF16BE = "[This file is UTF-16 big-endian (it starts FE FF), which these tools cannot write." + ccNoteSuffix
)

// The context's room: past the caps Claude Code suggests allow_large when
// the file would fit what is left of the context, and says it would not
// otherwise. readlens cannot see a session, so it assumes the room a fresh
// session had in the oracle: files up to 1.30 MB were offered allow_large,
// from 1.35 MB they were not (raised.maxSizeBytes = room tokens × 4 × 3).
const (
	ccRoomBytes  = 1350000
	ccRoomTokens = ccRoomBytes / 12
)

func ccSuffix(fits bool) string {
	if fits {
		return ccRoom
	}
	return ccNoRoom
}

// WholeWhenPlain says whether a default read of a plain page the window
// left whole is worded whole: the engine has refused a file over 256 KB by
// its stat, and the page holds no cap but the tokens. Under the gate no
// token is counted; past it the count of the page's text decides, which
// for a plain page is the file itself (its lines joined). A count over the
// cap is kept for Format, which words the page; one within it is not made
// when a bound tells (tokencount's Within).
func (claudeCode) WholeWhenPlain(p *reader.Plan, pg reader.PlainPage) bool {
	c := p.Call.(*ccCall)
	if c.offset > 1 || c.hasLimit || c.hasPages || c.allowLarge || c.tokens != nil {
		return false
	}
	if !ccCounts(ccEstimate(pg.Units+pg.Lines-1, p.Path)) { // the lines' JavaScript length and the \n between them
		return true
	}
	n, exact := ccTokensWithin(pg.Text, ccMaxTokens)
	if !exact {
		return true // within the cap, and a whole read's count is never shown
	}
	c.counted = &n
	return n <= ccMaxTokens
}

func ccText(c *ccCall, p *reader.Plan, f *reader.Found) *reader.Outcome {
	if f.TooLarge {
		capped, suffix := int64(ccMaxSize), ccSuffix(f.Size <= ccRoomBytes)
		if c.allowLarge {
			capped, suffix = ccRoomBytes, ccNoRoom
		}
		return reader.Fail(fmt.Sprintf("File content (%s) exceeds maximum allowed size (%s). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.%s", ccSize(f.Size), ccSize(capped), suffix))
	}
	pg := f.Page
	if pg.Err != nil {
		return reader.Fail(node.Error(pg.Err, "read", p.Path))
	}
	if pg.Stop == reader.StopBudget {
		return reader.Fail("The requested line range contains over " + ccSize(MaxSelected) + " of text, more than a read can return. Use a smaller limit — or, if a single line is this large, no limit will fit it: search for specific content instead." + ccSuffix(MaxSelected <= ccRoomBytes))
	}
	texts := make([]string, len(pg.Lines))
	units := 0
	for i, l := range pg.Lines {
		texts[i] = l.Text
		units += utf16Len(l.Text)
	}
	if len(texts) > 1 {
		units += len(texts) - 1
	}
	whole := c.offset <= 1 && !c.hasLimit && !c.hasPages
	o := reader.OutcomeFor(pg)
	tok, note := ccCountTokens(texts, units, p.Path, c.tokens, c.counted)
	o.Tokens, o.Note = tok, note
	lines, start := pg.Lines, c.offset
	banner := ""
	if tok != nil && tok.Count > ccMaxTokens && !c.allowLarge {
		if !whole {
			e := reader.Fail(fmt.Sprintf("File content (%d tokens) exceeds maximum allowed tokens (%d). Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.%s", tok.Count, ccMaxTokens, ccSuffix(tok.Count <= ccRoomTokens)))
			e.Tokens, e.Note = tok, note
			return e
		}
		var shown []reader.Line
		shown, banner = ccPartial(p.Path, texts, units, tok.Count, pg)
		lines, start = shown, max(1, c.offset)
		o.Truncation.Cap = reader.CapTokens
	}

	// mapToolResultToToolResultBlockParam: the lines, numbered from the
	// offset as given (0 numbers the first line 0).
	t := &o.Truncation
	switch {
	case len(lines) > 0 && !(len(lines) == 1 && lines[0].Text == ""):
		for i, l := range lines {
			if i > 0 {
				o.Frame("\n")
			}
			l.Text = strings.TrimSuffix(l.Text, "\r") // the formatter drops one more \r
			o.NumberedLine(l, reader.LineNumber{N: start + i, Sep: "\t"}, "")
		}
	case len(lines) == 1 && pg.Total > 1:
		o.NumberedLine(lines[0], reader.LineNumber{N: start, Sep: "\t"}, "")
	case len(lines) == 1 || pg.Total == 0:
		o.Notice(ccEmpty)
	default:
		o.Notice(fmt.Sprintf("<system-reminder>Warning: the file exists but is shorter than the provided offset (%d). The file has %d lines.</system-reminder>", c.offset, pg.Total))
	}
	if note := ccNote(f, pg); note != "" {
		o.Notice("\n\n" + note)
	}
	trimEnd(o)
	if banner != "" {
		o.Notice("\n\n<system-reminder>\n" + banner + "\n</system-reminder>")
	}
	if n := len(lines); n > 0 {
		t.FirstLine, t.LastLine = lines[0].N, lines[n-1].N
	}
	t.TotalLines, t.TotalKnown = pg.Total, true
	switch {
	case t.Cap == reader.CapTokens:
		t.NextOffset = len(lines) + 1
		next, _ := reader.ParseArgs(c.args.With("offset", t.NextOffset))
		t.Next = next.With("limit", len(lines))
	case pg.Stop == reader.StopLimit:
		t.Cap = reader.CapLimit
		t.NextOffset = pg.Lines[len(pg.Lines)-1].N + 1
		t.Next = c.args.With("offset", t.NextOffset)
	}
	return o
}

// ccNote is the note on a file that is not UTF-8 text, judged on the whole
// file as read (files under 10 MB; larger ones stream and get none).
func ccNote(f *reader.Found, pg *reader.Page) string {
	s := f.Sample
	switch {
	case f.Size >= ccStreamSize || len(s) >= 2 && s[0] == 0xff && s[1] == 0xfe:
		return ""
	case len(s) >= 2 && s[0] == 0xfe && s[1] == 0xff:
		return ccNoteUTF16BE
	case strings.IndexByte(string(s[:min(len(s), ccNulWindow)]), 0) >= 0:
		return ccNoteNUL
	case pg.Invalid:
		return ccNoteNotUTF8
	}
	return ""
}

// ccPartial is the first page Claude Code returns for a whole-file read over
// the token cap: about 85% of the cap's share of the lines, shrunk by 0.7
// until its estimated tokens fit; a file whose lines are too long for that
// gives its first characters instead. units is the text's JavaScript length.
func ccPartial(path string, texts []string, units, tokens int, pg *reader.Page) ([]reader.Line, string) {
	prefix := make([]int, len(texts)+1) // JavaScript length of the first i lines joined
	for i, t := range texts {
		prefix[i+1] = prefix[i] + utf16Len(t)
		if i > 0 {
			prefix[i+1]++
		}
	}
	perToken := ccPerToken(units, tokens)
	n, fits := ccHeadLines(len(texts), tokens, perToken, func(n int) int { return prefix[n] })
	if fits && strings.TrimFunc(strings.Join(texts[:n], "\n"), node.IsSpace) != "" {
		shown := pg.Lines[:n]
		banner := fmt.Sprintf("%s%s: showing lines 1-%d of %d total (%d tokens, cap %d). Call Read with offset=%d limit=%d for the next page, or Grep to find a specific section.%s Do NOT answer from this page alone if the answer may be further in the file.]",
			ccTruncated, path, n, pg.Total, tokens, ccMaxTokens, n+1, n, ccSuffix(tokens <= ccRoomTokens))
		if n >= pg.Total {
			banner = ""
		}
		return shown, banner
	}
	// Very long lines: the first characters.
	content := strings.Join(texts, "\n")
	chars := max(1, int(math.Floor(ccMaxTokens*perToken*0.85)))
	head := ""
	for i := 0; i < 6; i++ {
		head = utf16Prefix(content, chars)
		if float64(utf16Len(head))/perToken <= ccMaxTokens {
			break
		}
		chars = max(1, int(math.Floor(float64(chars)*0.7)))
	}
	var shown []reader.Line
	for i, t := range strings.Split(head, "\n") {
		l := pg.Lines[i]
		l.Text, l.Cut = t, t != texts[i]
		if l.Cut {
			l.Lost = int64(utf8.RuneCountInString(texts[i]) - utf8.RuneCountInString(t))
		}
		shown = append(shown, l)
	}
	banner := fmt.Sprintf("%s%s: showing the first %d of %d characters (%d tokens, cap %d); this file has very long lines and cannot be paginated by line. Use Grep to find a specific section, or Read with offset/limit to page through it.%s Do NOT answer from this excerpt alone if the answer may be elsewhere in the file.]",
		ccTruncated, path, utf16Len(head), units, tokens, ccMaxTokens, ccSuffix(tokens <= ccRoomTokens))
	return shown, banner
}

// ccPerToken is the JavaScript length the partial page takes a token to
// be, from the whole text's length and count.
func ccPerToken(units, tokens int) float64 {
	return math.Max(0.5, float64(units)/float64(max(1, tokens)))
}

// ccHeadLines is how many of a text's lines Claude Code's partial page
// shows, from their number, the text's count and the JavaScript length of
// its first n lines joined (prefix); fits is false when even that many
// are estimated over the cap, and the page is then the text's first
// characters instead (or when they are blank: ccPartial).
func ccHeadLines(lines, tokens int, perToken float64, prefix func(n int) int) (n int, fits bool) {
	est := func(u int) float64 { return float64(u) / perToken }
	n = max(1, min(lines, int(math.Floor(float64(lines)*ccMaxTokens/float64(max(1, tokens))*0.85))))
	for i := 0; i < 6; i++ {
		if est(prefix(n)) <= ccMaxTokens || n <= 1 {
			break
		}
		n = max(1, int(math.Floor(float64(n)*0.7)))
	}
	return n, est(prefix(n)) <= ccMaxTokens
}

// ccSize is the tool's size wording (dn): bytes, then one decimal of KB,
// MB or GB without a trailing ".0".
func ccSize(n int64) string {
	f := float64(n) / 1024
	unit := "KB"
	switch {
	case f < 1:
		return fmt.Sprintf("%d bytes", n)
	case f >= 1024*1024:
		f, unit = f/1024/1024, "GB"
	case f >= 1024:
		f, unit = f/1024, "MB"
	}
	s := jsFixed1(f)
	return strings.TrimSuffix(s, ".0") + unit
}

// jsFixed1 is JavaScript's x.toFixed(1) for x >= 0: the exact binary value
// rounded to one decimal, a tie rounded up (Go's formatting rounds a tie
// to even, and float arithmetic would round 1.15 as if it were a tie).
func jsFixed1(x float64) string {
	exact := new(big.Float).SetFloat64(x).Text('f', 80) // a double's expansion ends well before
	whole, frac, _ := strings.Cut(exact, ".")
	tenths := frac[0] - '0'
	if frac[1] >= '5' {
		tenths++
	}
	if tenths == 10 {
		n, _ := new(big.Int).SetString(whole, 10)
		return n.Add(n, big.NewInt(1)).String() + ".0"
	}
	return whole + "." + string('0'+tenths)
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// utf16Prefix is s.slice(0, n) in UTF-16 units, without a final lone high
// surrogate (Claude Code drops it).
func utf16Prefix(s string, n int) string {
	head, _, _ := reader.UTF16Head(s, n)
	return head
}

// trimEnd drops the white space JavaScript's trimEnd drops from the end of
// the output: Claude Code's harness trims a text result before it appends
// its reminders, so a final empty line shows as a bare number.
func trimEnd(o *reader.Outcome) {
	for len(o.Parts) > 0 {
		pt := &o.Parts[len(o.Parts)-1]
		pt.Text = strings.TrimRightFunc(pt.Text, node.IsSpace)
		if pt.Kind == reader.PartLine {
			pt.Prefix = min(pt.Prefix, len(pt.Text))
			if n := len(o.Lines); n > 0 && o.Lines[n-1].N == pt.Line {
				o.Lines[n-1].Text = strings.TrimRightFunc(o.Lines[n-1].Text, node.IsSpace)
			}
		}
		if pt.Text != "" {
			return
		}
		o.Parts = o.Parts[:len(o.Parts)-1]
	}
}
