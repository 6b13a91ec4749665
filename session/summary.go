package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
)

// Summary is what a session's reads brought in, summed: the header of a
// session, in the inspector, the text listing and --json alike.
type Summary struct {
	Calls int   `json:"calls"` // every tool call
	Reads int   `json:"reads"` // reads, shell reads included
	Shell int   `json:"shell"`
	Bytes int64 `json:"bytes"`
	// Tokens estimates the reads' text in the vendor's table (o200k_base
	// for Codex, cl100k_base for the others), as compare counts; images
	// are not counted.
	Tokens    int    `json:"tokens"`
	Tokenizer string `json:"tokenizer"`
	Cut       int    `json:"cut"`
	Repeats   int    `json:"repeats"`
	Errors    int    `json:"errors"`
	Stubs     int    `json:"unchanged_stubs"`
}

// Summarize sums the session's reads. Counting tokens reads every result's
// text: on a long session it is the slow part, so it runs off any UI loop.
func Summarize(s *Session) Summary { return SumCalls(s.Agent, s.Calls, true) }

// SumCalls sums the reads among calls, an agent's; without tokens, the
// token count is left at 0 (a session still being read shows the rest).
func SumCalls(agent string, calls []*Call, tokens bool) Summary {
	sum := Summary{Calls: len(calls)}
	_, sum.Tokenizer = compare.Tokens(agent, "")
	for _, c := range calls {
		if c.Kind == KindOther {
			continue
		}
		sum.Reads++
		sum.Bytes += c.Bytes()
		if c.Result != nil && tokens {
			n, _ := compare.Tokens(agent, c.Result.Output.String())
			sum.Tokens += n
		}
		if c.Kind == KindShell {
			sum.Shell++
		}
		if c.Cut() {
			sum.Cut++
		}
		if c.RepeatOf > 0 {
			sum.Repeats++
		}
		if c.Result != nil && c.Result.IsError {
			sum.Errors++
		}
		if c.Stub {
			sum.Stubs++
		}
	}
	return sum
}

// Range is the lines a read got: "1999-2001 of 3001" from the tool's own
// account, a shell read's lines, an attachment's type, or "-".
func (c *Call) Range() string {
	r := c.Result
	switch {
	case c.Kind == KindShell:
		return c.Span.String()
	case r == nil || r.IsError:
		return "-"
	case r.File != nil && r.File.Lines == 0:
		return fmt.Sprintf("0 of %d", r.File.Total)
	case r.File != nil:
		return fmt.Sprintf("%d-%d of %d", r.File.Start, r.File.Start+r.File.Lines-1, r.File.Total)
	case len(r.Attachments) > 0:
		return r.Attachments[0].Mime
	}
	return "-"
}

// Status is what the session says of a read by agent (a profile's name):
// "whole", "cut", "refused: binary" (the agent's own words of a refusal,
// compare.Refusal), "error", "unchanged stub" or "unanswered", then
// "repeat of N" when it repeats read N.
func (c *Call) Status(agent string) string {
	var v []string
	refused := c.refusal(agent)
	switch {
	case c.Result == nil:
		v = append(v, "unanswered")
	case refused != "":
		v = append(v, "refused: "+refused)
	case c.Result.IsError:
		v = append(v, "error")
	case c.Stub:
		v = append(v, "unchanged stub")
	case c.Cut():
		v = append(v, "cut")
	default:
		v = append(v, "whole")
	}
	if c.RepeatOf > 0 {
		v = append(v, fmt.Sprintf("repeat of %d", c.RepeatOf))
	}
	return strings.Join(v, ", ")
}

// refusal is the reason the agent refused the read in its own words
// (compare.Refusal), or "". A refusal is one short line: a longer answer
// is not read back from the spill file to be asked.
func (c *Call) refusal(agent string) string {
	if c.Kind != KindRead || c.Result == nil || c.Result.Output.Len() > spillOver {
		return ""
	}
	return compare.Refusal(agent, c.Result.Output.String())
}

// Brief is a call in a few words, for one row: the file it reads or
// edits, else its command line, else its arguments as sent.
func (c *Call) Brief() string {
	switch {
	case c.Path != "":
		return c.Path
	case c.command() != "":
		return c.command()
	}
	var b bytes.Buffer
	if json.Compact(&b, c.Args) != nil {
		return string(c.Args)
	}
	return b.String()
}

// ReleaseDiffers is the release of the agent that readlens reproduces, and
// whether a session's version is not it (not in it, for a release that is
// a range; false when either is unknown).
func ReleaseDiffers(agent, version string) (string, bool) {
	p, err := all.Lookup(agent)
	if err != nil || version == "" {
		return "", false
	}
	release := p.Info().Release
	if covers, known := ReleaseCovers(release, version); known {
		return release, !covers // numbers, and a release that is a range
	}
	return release, version != release
}
