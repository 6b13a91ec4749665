package claude

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// oracleTokenCount is the count the Claude Code oracle's fake count_tokens
// endpoint returns: a quarter of the JSON request's JavaScript length,
// rounded up. With it, readlens's partial pages must match the recordings
// byte for byte; with the real tokenizer they end elsewhere (TestOracles
// lists those cases as known differences).
func oracleTokenCount(text string) int {
	body := `[{"role":"user","content":` + node.Quote(text) + `}]`
	return int(math.Ceil(float64(utf16Len(body)) / 4))
}

func TestClaudeTokenCapWithOracleCounts(t *testing.T) {
	saved := ccTokenCount
	ccTokenCount = oracleTokenCount
	defer func() { ccTokenCount = saved }()
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
	for _, name := range ccTokenCases {
		c, ok := byName[name]
		if !ok {
			t.Fatalf("no case %s", name)
		}
		rec, err := oracle.Load("claude-code", name)
		if err != nil {
			t.Fatal(err)
		}
		args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: json.RawMessage(args), Cwd: root})
		if err != nil {
			t.Fatal(err)
		}
		want := strings.ReplaceAll(rec.Output, oracle.RootVar, root)
		if res.Output != want || res.IsError != rec.IsError {
			t.Errorf("%s: differs from the recording\n got: %q\nwant: %q", name, clipped(res.Output), clipped(want))
		}
	}
}

// ccTokenCases are the recorded cases whose answer depends on the token count.
var ccTokenCases = []string{"tokens", "tokens_offset0", "tokens_offset1", "tokens_offset2", "tokens_limit_all",
	"tokens_pages", "one_long_line", "data_json", "big_300k_limit_all", "line_100k", "bytes_cap", "tokens_limit100", "chars_25000", "nb_tokens", "tokens_ws", "utf16le_2m_limit_all"}

func clipped(s string) string {
	if len(s) > 400 {
		return s[:200] + " ... " + s[len(s)-200:]
	}
	return s
}

// TestClaudeUnrecordable: calls the oracle script cannot make (it needs a
// non-empty file_path), worded as the 2.1.330 bundle words them.
func TestClaudeUnrecordable(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
	for _, c := range []struct{ args, want string }{
		{`{"file_path":""}`, "EISDIR: illegal operation on a directory, read '" + root + "'"},
		{`{"offset":1}`, "<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>"},
		{`{"file_path":null,"foo":1}`, "<tool_use_error>InputValidationError: Read failed due to the following issues:\nAn unexpected parameter `foo` was provided\nThe parameter `file_path` type is expected as `string` but provided as `null`</tool_use_error>"},
	} {
		res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: json.RawMessage(c.args), Cwd: root})
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || !res.IsError {
			t.Errorf("%s:\n got %q\nwant %q", c.args, res.Output, c.want)
		}
	}
}

// TestCCSize: Claude Code's size wording, JavaScript's toFixed included.
func TestCCSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1KB", 1126: "1.1KB",
		1178: "1.2KB", 1280: "1.3KB", 262144: "256KB", 318393: "310.9KB", 3200000: "3.1MB", 1048576*1024 - 1: "1024MB",
		1 << 30: "1GB", 20 << 20: "20MB"} {
		if got := ccSize(n); got != want {
			t.Errorf("ccSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestCCPlainExt pins the hand-written extension check to the regular
// expression it replaces, Claude Code's /^(\.[\p{L}\p{N}_+~#-]{1,32})?$/u.
func TestCCPlainExt(t *testing.T) {
	re := regexp.MustCompile(`^(\.[\p{L}\p{N}_+~#-]{1,32})?$`)
	for _, ext := range []string{"", ".", ".go", ".tar", ".c++", ".é", ".日本", ".a b", ".x.y", "go", ". ",
		"." + strings.Repeat("a", 32), "." + strings.Repeat("a", 33), "." + strings.Repeat("é", 32), "." + strings.Repeat("é", 33),
		".\xff", ".٣", ".Ⅻ", ".a\u0301", ".#~-_+"} {
		if got, want := ccPlainExt(ext), re.MatchString(ext); got != want {
			t.Errorf("ccPlainExt(%q) = %v, the regexp says %v", ext, got, want)
		}
	}
}
