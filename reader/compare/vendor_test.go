package compare_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/readlens/readlens/internal/counttokens"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader/agents/claude"
	"github.com/readlens/readlens/reader/compare"
)

// TestClaudeRowCountedByEndpoint: with Claude Code's count_tokens endpoint
// on the request (--tokens api) the claude-code row's figures are the
// endpoint's, marked exact, and its cap falls where that count puts it; an
// endpoint that fails leaves them estimated.
func TestClaudeRowCountedByEndpoint(t *testing.T) {
	var asked atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		var body struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		json.NewDecoder(r.Body).Decode(&body)
		fmt.Fprintf(w, `{"input_tokens":%d}`, len(body.Messages[0].Content)/3)
	}))
	defer srv.Close()
	root := readertest.FixtureRoot(t)
	path := filepath.Join(root, "claude", "tokens.txt")
	req := request(root)
	req.Profile = claude.Profile
	req.Tokens = &counttokens.Client{BaseURL: srv.URL, Key: "k", Model: "claude-sonnet-4-5"}
	row, err := compare.Agent(context.Background(), path, req, compare.Options{KeepResults: true})
	if err != nil {
		t.Fatal(err)
	}
	if row.Tokens != (compare.TokenMethod{Tokenizer: "count_tokens claude-sonnet-4-5", Estimated: false}) {
		t.Errorf("tokens %+v, want the endpoint's, exact", row.Tokens)
	}
	first := row.First.Result
	if want := len(first.Output) / 3; row.First.Tokens != want {
		t.Errorf("first call: %d tokens, the endpoint says %d", row.First.Tokens, want)
	}
	if row.Verdict != compare.Cut || row.Cap != compare.CapTokens || first.Tokens == nil || first.Tokens.Estimated {
		t.Errorf("verdict %s cap %s, engine tokens %+v: want cut by the endpoint's count", row.Verdict, row.Cap, first.Tokens)
	}
	if asked.Load() < int64(len(row.Plan.Calls)) {
		t.Errorf("the endpoint was asked %d times for %d calls", asked.Load(), len(row.Plan.Calls))
	}

	srv.Close() // now every request fails
	req.Tokens = &counttokens.Client{BaseURL: srv.URL, Key: "k", Model: "claude-sonnet-4-5"}
	row, err = compare.Agent(context.Background(), path, req, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if row.Tokens != (compare.TokenMethod{Tokenizer: "cl100k_base", Estimated: true}) {
		t.Errorf("with the endpoint down: tokens %+v, want cl100k_base, estimated", row.Tokens)
	}
}
