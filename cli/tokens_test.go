package cli

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// countTokensServer is a count_tokens endpoint answering a third of the
// text's length, and how often it was asked.
func countTokensServer(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var asked atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		var body struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		fmt.Fprintf(w, `{"input_tokens":%d}`, len(body.Messages[0].Content)/3)
	}))
	t.Cleanup(srv.Close)
	return srv, &asked
}

// TestTokensAPI: --tokens api asks the endpoint ANTHROPIC_BASE_URL names,
// marks the count exact, and keeps it in the user cache: the second run
// asks nothing. read and compare both.
func TestTokensAPI(t *testing.T) {
	root := fixtureRoot(t)
	srv, asked := countTokensServer(t)
	cache := t.TempDir()
	t.Setenv("ANTHROPIC_API_KEY", "k")
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	t.Setenv("ANTHROPIC_MODEL", "")
	t.Setenv("XDG_CACHE_HOME", cache)
	file := filepath.Join(root, "claude", "tokens.txt")
	args := []string{"read", file, "-p", "claude-code", "--cwd", root, "--tokens", "api", "--json"}
	for run := 1; run <= 2; run++ {
		code, out, errs := cli(t, args...)
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", run, code, errs)
		}
		var got struct {
			Tokens struct {
				Estimated bool   `json:"estimated"`
				Tokenizer string `json:"tokenizer"`
				Count     int    `json:"count"`
			} `json:"tokens"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile(file)
		if got.Tokens.Estimated || got.Tokens.Tokenizer != "count_tokens claude-sonnet-4-5" || got.Tokens.Count != len(data)/3 {
			t.Fatalf("run %d: tokens %+v, want the endpoint's %d, exact", run, got.Tokens, len(data)/3)
		}
		if n := asked.Load(); n != 1 {
			t.Fatalf("run %d: the endpoint was asked %d times, want once in all", run, n)
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(cache, "readlens", "count_tokens")); len(entries) != 1 {
		t.Fatalf("cache holds %d answers, want 1", len(entries))
	}
	code, out, errs := cli(t, "compare", file, "--profiles", "claude-code", "--cwd", root, "--tokens", "api", "--json")
	if code != 0 || !strings.Contains(out, `"tokenizer": "count_tokens claude-sonnet-4-5"`) || !strings.Contains(out, `"estimated": false`) {
		t.Fatalf("compare: exit %d, %s %s", code, out, errs)
	}
}

// TestTokensAPIWithoutKey: no key, no request: a usage error that says
// what to set.
func TestTokensAPIWithoutKey(t *testing.T) {
	root := fixtureRoot(t)
	srv, asked := countTokensServer(t)
	t.Setenv("ANTHROPIC_API_KEY", "")
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	for _, cmd := range []string{"read", "compare"} {
		code, out, errs := cli(t, cmd, filepath.Join(root, "claude", "tokens.txt"), "-p", "claude-code", "--tokens", "api")
		if cmd == "compare" {
			code, out, errs = cli(t, cmd, filepath.Join(root, "claude", "tokens.txt"), "--tokens", "api")
		}
		want := "readlens: --tokens api asks Anthropic's count_tokens endpoint, which needs ANTHROPIC_API_KEY: set it, or count locally (the default)\n"
		if code != 2 || out != "" || errs != want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", cmd, code, out, errs)
		}
	}
	if asked.Load() != 0 {
		t.Fatal("a request was sent without a key")
	}
}

// TestTokensAPIFails: an endpoint that fails leaves the count to
// cl100k_base, and both read and compare say so on stderr.
func TestTokensAPIFails(t *testing.T) {
	root := fixtureRoot(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, 529)
	}))
	t.Cleanup(srv.Close)
	t.Setenv("ANTHROPIC_API_KEY", "k")
	t.Setenv("ANTHROPIC_BASE_URL", srv.URL)
	t.Setenv("ANTHROPIC_MODEL", "")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	file := filepath.Join(root, "claude", "tokens.txt")
	_, _, readErrs := cli(t, "read", file, "-p", "claude-code", "--cwd", root, "--tokens", "api")
	code, _, errs := cli(t, "compare", file, "--profiles", "claude-code", "--cwd", root, "--tokens", "api")
	note := "the token count was asked of count_tokens claude-sonnet-4-5 and failed (count_tokens: 529 status code 529: Overloaded): counted with cl100k_base instead, so the cap and the page may fall elsewhere than in Claude Code\n"
	if code != 0 || readErrs != "readlens: "+note || errs != "readlens: claude-code: "+note {
		t.Errorf("exit %d; read's stderr %q, compare's %q", code, readErrs, errs)
	}
}
