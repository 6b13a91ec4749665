package claude

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/readlens/readlens/internal/counttokens"
	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
)

// TestClaudeTokenCapThroughCountTokens: with a counter (--tokens api) the
// count comes from the endpoint, and the cap and the partial page follow
// it. The endpoint here is the oracle's fake, which counted for the
// recordings, so every token case must come out byte for byte as recorded,
// each count marked exact.
func TestClaudeTokenCapThroughCountTokens(t *testing.T) {
	var asked atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		var body struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || len(body.Messages) != 1 {
			http.Error(w, `{"error":{"message":"bad body"}}`, 400)
			return
		}
		fmt.Fprintf(w, `{"input_tokens":%d}`, oracleTokenCount(body.Messages[0].Content))
	}))
	defer srv.Close()
	counter := &counttokens.Client{BaseURL: srv.URL, Key: "k", Model: counttokens.DefaultModel}
	root, err := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
	if err != nil {
		t.Fatal(err)
	}
	cases, err := oracle.Cases("claude-code")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]oracle.Case{}
	for _, c := range cases {
		byName[c.Name] = c
	}
	counted := 0
	for _, name := range ccTokenCases {
		rec, err := oracle.Load("claude-code", name)
		if err != nil {
			t.Fatal(err)
		}
		args := strings.ReplaceAll(string(byName[name].Args), oracle.RootVar, root)
		before := asked.Load()
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: json.RawMessage(args), Cwd: root, Tokens: counter})
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(rec.Output, oracle.RootVar, root)
		if res.Output != want || res.IsError != rec.IsError {
			t.Errorf("%s: differs from the recording\n got: %q\nwant: %q", name, clipped(res.Output), clipped(want))
		}
		if asked.Load() > before {
			counted++
			if tok := res.Tokens; tok == nil || tok.Estimated || tok.Tokenizer != "count_tokens claude-sonnet-4-5" || res.Note != "" {
				t.Errorf("%s: counted by the endpoint, but the result says %+v, note %q", name, tok, res.Note)
			}
		}
	}
	if counted < 5 {
		t.Fatalf("the endpoint counted %d cases; the token cases should mostly pass the cap/4 gate", counted)
	}
}

// TestClaudeCountTokensFailure: an endpoint that fails leaves the count to
// the local tokenizer, and the result says so.
func TestClaudeCountTokensFailure(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(401)
		w.Write([]byte(`{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`))
	}))
	defer srv.Close()
	root, _ := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
	args, _ := json.Marshal(map[string]string{"file_path": filepath.Join(root, "claude", "tokens.txt")})
	res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: args, Cwd: root,
		Tokens: &counttokens.Client{BaseURL: srv.URL, Key: "bad", Model: "claude-sonnet-4-5"}})
	if err != nil {
		t.Fatal(err)
	}
	want := "the token count was asked of count_tokens claude-sonnet-4-5 and failed (count_tokens: 401 Unauthorized: invalid x-api-key): counted with cl100k_base instead, so the cap and the page may fall elsewhere than in Claude Code"
	if res.Note != want || res.Tokens == nil || !res.Tokens.Estimated || res.Tokens.Tokenizer != TokenizerName || res.Tokens.Count == 0 {
		t.Fatalf("note %q, tokens %+v", res.Note, res.Tokens)
	}
}
