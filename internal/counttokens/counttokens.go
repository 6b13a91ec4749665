// Package counttokens asks Anthropic's count_tokens endpoint how many tokens
// a text is, the way Claude Code asks it while it reads a file, and keeps
// each answer on disk: with it, Claude Code's 25,000-token cap and its
// partial first page fall where Claude Code puts them (readlens read and
// compare --tokens api).
//
// The request is the one Claude Code 2.1.330 sends, recorded with its
// oracle (testdata/oracle/claude-code/count_tokens_request.json): the same
// path, query, version and beta headers, and a body of the model, the text
// as one user message, and no tools.
package counttokens

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DefaultBaseURL is Anthropic's API, which ANTHROPIC_BASE_URL replaces, as
// it does for Claude Code.
const DefaultBaseURL = "https://api.anthropic.com"

// DefaultModel is the model Claude Code's oracle runs with; the count
// depends on it. ANTHROPIC_MODEL replaces it, as it does for Claude Code.
const DefaultModel = "claude-sonnet-4-5"

// The headers Claude Code sends that say which API it speaks.
const (
	version = "2023-06-01"
	betas   = "claude-code-20250219,interleaved-thinking-2025-05-14,context-management-2025-06-27,token-counting-2024-11-01"
)

// ErrNoKey is FromEnv's answer when no key is set: nothing is sent.
var ErrNoKey = errors.New("--tokens api asks Anthropic's count_tokens endpoint, which needs ANTHROPIC_API_KEY: set it, or count locally (the default)")

// Client counts tokens with the endpoint. It is a reader.TokenCounter.
type Client struct {
	BaseURL string
	Key     string
	Model   string
	HTTP    *http.Client
	// Cache is the directory answers are kept in, by the model and the
	// text's SHA-256; "" keeps none.
	Cache string
}

// FromEnv is a client configured the way Claude Code is: ANTHROPIC_API_KEY,
// ANTHROPIC_BASE_URL and ANTHROPIC_MODEL, its answers kept under cache.
func FromEnv(getenv func(string) string, cache string) (*Client, error) {
	c := &Client{BaseURL: getenv("ANTHROPIC_BASE_URL"), Key: getenv("ANTHROPIC_API_KEY"), Model: getenv("ANTHROPIC_MODEL"), Cache: cache}
	if c.Key == "" {
		return nil, ErrNoKey
	}
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	if c.Model == "" {
		c.Model = DefaultModel
	}
	return c, nil
}

// Name says what counted, for the result's tokenizer field.
func (c *Client) Name() string { return "count_tokens " + c.Model }

// CountTokens is the endpoint's input_tokens for text sent as Claude Code
// sends a read's text, from the cache when it was asked before.
func (c *Client) CountTokens(text string) (int, error) {
	key := c.key(text)
	if n, ok := c.cached(key); ok {
		return n, nil
	}
	n, err := c.ask(text)
	if err != nil {
		return 0, err
	}
	c.keep(key, n)
	return n, nil
}

// Body is the request's body: Claude Code's, field for field.
func Body(model, text string) []byte {
	type message struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // as JSON.stringify writes <, > and &
	enc.Encode(struct {
		Model    string     `json:"model"`
		Messages []message  `json:"messages"`
		Tools    []struct{} `json:"tools"`
	}{model, []message{{"user", text}}, []struct{}{}})
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func (c *Client) ask(text string) (int, error) {
	req, err := http.NewRequest(http.MethodPost, strings.TrimSuffix(c.BaseURL, "/")+"/v1/messages/count_tokens?beta=true", bytes.NewReader(Body(c.Model, text)))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Anthropic-Version", version)
	req.Header.Set("Anthropic-Beta", betas)
	req.Header.Set("X-Api-Key", c.Key)
	req.Header.Set("X-App", "cli")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, err
	}
	var answer struct {
		InputTokens *int `json:"input_tokens"`
		Error       struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	jsonErr := json.Unmarshal(data, &answer)
	switch {
	case resp.StatusCode != http.StatusOK && answer.Error.Message != "":
		return 0, fmt.Errorf("count_tokens: %s: %s", resp.Status, answer.Error.Message)
	case resp.StatusCode != http.StatusOK:
		return 0, fmt.Errorf("count_tokens: %s", resp.Status)
	case jsonErr != nil || answer.InputTokens == nil:
		return 0, fmt.Errorf("count_tokens: an answer without input_tokens: %.200q", data)
	}
	return *answer.InputTokens, nil
}

func (c *Client) key(text string) string {
	sum := sha256.Sum256([]byte(c.Model + "\x00" + text))
	return hex.EncodeToString(sum[:])
}

func (c *Client) cached(key string) (int, bool) {
	if c.Cache == "" {
		return 0, false
	}
	data, err := os.ReadFile(filepath.Join(c.Cache, key))
	if err != nil {
		return 0, false
	}
	n, err := strconv.Atoi(string(data))
	return n, err == nil && n >= 0
}

// keep writes an answer where a later run finds it; a cache that cannot be
// written only costs a request next time.
func (c *Client) keep(key string, n int) {
	if c.Cache == "" || os.MkdirAll(c.Cache, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(c.Cache, key+".*")
	if err != nil {
		return
	}
	_, werr := tmp.WriteString(strconv.Itoa(n))
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(c.Cache, key)) != nil {
		os.Remove(tmp.Name())
	}
}
