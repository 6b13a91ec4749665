package counttokens

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
)

// recorded is the count_tokens request Claude Code 2.1.330 made reading
// tokens.txt whole, as its oracle's fake server logged it.
type recorded struct {
	Method   string            `json:"method"`
	URL      string            `json:"url"`
	Headers  map[string]string `json:"headers"`
	BodyJSON string            `json:"body_json"`
}

func loadRecorded(t *testing.T) recorded {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(oracle.Testdata(), "oracle", "claude-code", "count_tokens_request.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r recorded
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// fake is an endpoint that answers n and counts what it was asked.
func fake(t *testing.T, status int, answer string) (*httptest.Server, *atomic.Int64, *[]*http.Request, *[]string) {
	t.Helper()
	var asked atomic.Int64
	var reqs []*http.Request
	var bodies []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		body, _ := io.ReadAll(r.Body)
		reqs, bodies = append(reqs, r), append(bodies, string(body))
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, answer)
	}))
	t.Cleanup(srv.Close)
	return srv, &asked, &reqs, &bodies
}

// TestRequestIsClaudeCodes: the request is the recorded one, byte for byte
// in its body, header for header in what says which API is spoken.
func TestRequestIsClaudeCodes(t *testing.T) {
	rec := loadRecorded(t)
	text, err := os.ReadFile(filepath.Join(oracle.Testdata(), "fixtures", "claude", "tokens.txt"))
	if err != nil {
		t.Fatal(err)
	}
	srv, _, reqs, bodies := fake(t, 200, `{"input_tokens":33281}`)
	c := &Client{BaseURL: srv.URL, Key: rec.Headers["x-api-key"], Model: DefaultModel}
	n, err := c.CountTokens(string(text))
	if err != nil || n != 33281 {
		t.Fatalf("CountTokens = %d, %v; want 33281", n, err)
	}
	r := (*reqs)[0]
	if r.Method != rec.Method || r.URL.RequestURI() != rec.URL {
		t.Errorf("request %s %s, recorded %s %s", r.Method, r.URL.RequestURI(), rec.Method, rec.URL)
	}
	for name, want := range rec.Headers {
		if got := r.Header.Get(name); got != want {
			t.Errorf("header %s = %q, recorded %q", name, got, want)
		}
	}
	if (*bodies)[0] != rec.BodyJSON {
		t.Errorf("body differs from the recording:\n got: %.300s\nwant: %.300s", (*bodies)[0], rec.BodyJSON)
	}
}

// TestCache: an answer is asked once per model and text, then read back,
// by this client and by the next one.
func TestCache(t *testing.T) {
	srv, asked, _, _ := fake(t, 200, `{"input_tokens":7}`)
	dir := filepath.Join(t.TempDir(), "cache")
	c := &Client{BaseURL: srv.URL, Key: "k", Model: "m1", Cache: dir}
	for range 3 {
		if n, err := c.CountTokens("same text"); n != 7 || err != nil {
			t.Fatalf("CountTokens = %d, %v", n, err)
		}
	}
	again := &Client{BaseURL: srv.URL, Key: "k", Model: "m1", Cache: dir}
	again.CountTokens("same text")
	if got := asked.Load(); got != 1 {
		t.Fatalf("asked %d times for one text, want 1", got)
	}
	other := &Client{BaseURL: srv.URL, Key: "k", Model: "m2", Cache: dir}
	other.CountTokens("same text")
	c.CountTokens("other text")
	if got := asked.Load(); got != 3 {
		t.Fatalf("asked %d times for three model and text pairs, want 3", got)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		status int
		answer string
		want   string
	}{
		{401, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`, "count_tokens: 401 Unauthorized: invalid x-api-key"},
		{529, `overloaded`, "count_tokens: 529 status code 529"},
		{200, `{"tokens":3}`, `count_tokens: an answer without input_tokens: "{\"tokens\":3}"`},
	} {
		srv, _, _, _ := fake(t, tc.status, tc.answer)
		dir := t.TempDir()
		c := &Client{BaseURL: srv.URL, Key: "k", Model: "m", Cache: dir}
		_, err := c.CountTokens("x")
		if err == nil || err.Error() != tc.want {
			t.Errorf("status %d: error %v, want %q", tc.status, err, tc.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("status %d: a failed count was cached", tc.status)
		}
	}
}

// TestFromEnv: without a key nothing is made, so nothing can be sent; the
// base URL and the model are Claude Code's environment variables.
func TestFromEnv(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	if _, err := FromEnv(get, ""); err != ErrNoKey {
		t.Fatalf("no key: %v, want ErrNoKey", err)
	}
	env["ANTHROPIC_API_KEY"] = "k"
	c, err := FromEnv(get, "")
	if err != nil || c.BaseURL != DefaultBaseURL || c.Model != DefaultModel || c.Name() != "count_tokens claude-sonnet-4-5" {
		t.Fatalf("defaults: %+v, %v", c, err)
	}
	env["ANTHROPIC_BASE_URL"], env["ANTHROPIC_MODEL"] = "http://127.0.0.1:9", "claude-opus-4-1"
	c, _ = FromEnv(get, "")
	if c.BaseURL != "http://127.0.0.1:9" || c.Model != "claude-opus-4-1" {
		t.Fatalf("from the environment: %+v", c)
	}
	if !strings.HasPrefix(ErrNoKey.Error(), "--tokens api") {
		t.Fatal(ErrNoKey)
	}
}
