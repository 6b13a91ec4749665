package tokencount

import (
	"encoding/json"
	"os"
	"testing"
)

// TestCountIsTiktokens: readlens counts as OpenAI's tiktoken counts, on
// texts recorded from it (testdata/tiktoken.mjs): white space between line
// breaks, where github.com/tiktoken-go/tokenizer's generated pattern
// splits otherwise, long pieces of each kind, and 3,000 texts strung at
// random from the edges of the pattern's alternatives.
func TestCountIsTiktokens(t *testing.T) {
	b, err := os.ReadFile("testdata/tiktoken.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		Cases []struct {
			Text   string
			Cl100k int `json:"cl100k_base"`
			O200k  int `json:"o200k_base"`
		}
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if len(rec.Cases) < 3000 {
		t.Fatalf("%d cases", len(rec.Cases))
	}
	for _, c := range rec.Cases {
		// Twice: counted, then from the memory of pieces.
		for range 2 {
			if got := Cl100k.Count(c.Text); got != c.Cl100k {
				t.Errorf("cl100k_base %q: %d tokens, tiktoken %d", c.Text, got, c.Cl100k)
			}
			if got := O200k.Count(c.Text); got != c.O200k {
				t.Errorf("o200k_base %q: %d tokens, tiktoken %d", c.Text, got, c.O200k)
			}
		}
	}
}
