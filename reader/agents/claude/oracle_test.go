package claude

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestOracle compares every recorded Claude Code case with the engine's
// answer. The known differences (README, ### claude-code): the token count
// is readlens's estimate, large images are attached as they are, PDF pages
// are not rendered.
func TestOracle(t *testing.T) {
	knownDiffs := map[string]readertest.Known{}
	for _, name := range []string{"tokens", "tokens_offset0", "tokens_offset1", "tokens_offset2", "tokens_limit_all",
		"tokens_pages", "one_long_line", "data_json", "big_300k_limit_all", "line_100k", "bytes_cap", "nb_tokens", "tokens_ws", "utf16le_2m_limit_all"} {
		knownDiffs[name] = claudeTokenDiff
	}
	for _, name := range []string{"pdf_12pages_pages", "pdf_pages_one", "pdf_pages_20", "pdf_pages_spaces"} {
		knownDiffs[name] = func(t *testing.T, want string, res *reader.Result) {
			got := res.Output
			if got != want || len(res.Attachments) != 0 || !strings.Contains(res.Note, "does not render") {
				t.Errorf("want Claude Code's text block, no page images and a note; got %q, %+v, note %q", got, res.Attachments, res.Note)
			}
		}
	}
	readertest.Oracle(t, Profile, knownDiffs)
}

var (
	claudeTokenCount = regexp.MustCompile(`\((\d+) tokens`)
	claudeBanner     = "\n\n<system-reminder>\n[Truncated: PARTIAL view — "
)

// claudeTokenDiff checks a case decided by the token count: readlens counts
// with its tokenizer where the oracle's fake API counted a quarter of the
// request's length, so the cap and the partial page's end may fall
// elsewhere. What must hold: the count is reported as an estimate; an error
// is the recorded error with readlens's count; a page is the recorded page
// cut elsewhere, or the whole file when readlens's count is under the cap.
func claudeTokenDiff(t *testing.T, want string, res *reader.Result) {
	got := res.Output
	tok := res.Tokens
	if tok == nil || !tok.Estimated || tok.Tokenizer == "" || tok.Count == 0 {
		t.Fatalf("want a token estimate in --json, got %+v", tok)
	}
	if !strings.Contains(want, claudeBanner) && strings.HasPrefix(want, "File content (") {
		if tok.Count > 25000 {
			if fixed := claudeTokenCount.ReplaceAllString(want, "("+itoa(tok.Count)+" tokens"); got != fixed {
				t.Errorf("want the recorded error with readlens's count\n got: %q\nwant: %q", got, fixed)
			}
		} else if res.IsError {
			t.Errorf("readlens counts %d tokens, under the cap, but returned an error: %q", tok.Count, got)
		}
		return
	}
	wantPage, _, _ := strings.Cut(want, claudeBanner)
	gotPage, banner, partial := strings.Cut(got, claudeBanner)
	switch {
	case partial != (tok.Count > 25000):
		t.Errorf("count %d, partial view %v", tok.Count, partial)
	case partial && !strings.Contains(banner, "("+itoa(tok.Count)+" tokens, cap 25000)"):
		t.Errorf("the banner does not give readlens's count %d: %q", tok.Count, banner)
	case !strings.HasPrefix(wantPage, gotPage) && !strings.HasPrefix(gotPage, strings.TrimRight(wantPage, " \t\n")):
		t.Errorf("the page is not the recorded one cut elsewhere\n got: %q\nwant: %q", readertest.Shorten(gotPage), readertest.Shorten(wantPage))
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
