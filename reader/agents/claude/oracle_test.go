package claude

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

func TestMain(m *testing.M) {
	readertest.AsTool() // the fake pdftoppm, when started as one
	os.Exit(m.Run())
}

// TestOracle compares every recorded Claude Code case with the engine's
// answer. The known differences (README, ### claude-code): the token count
// is readlens's estimate. PDF pages are rendered by a pdftoppm that hands
// out what poppler rendered (readertest.FakePdftoppm), or by none for the
// cases recorded without poppler-utils.
func TestOracle(t *testing.T) {
	readertest.FakePdftoppm(t)
	knownDiffs := map[string]readertest.Known{}
	for _, name := range []string{"tokens", "tokens_offset0", "tokens_offset1", "tokens_offset2", "tokens_limit_all",
		"tokens_pages", "one_long_line", "data_json", "big_300k_limit_all", "line_100k", "bytes_cap", "nb_tokens", "tokens_ws", "utf16le_2m_limit_all"} {
		knownDiffs[name] = claudeTokenDiff
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
