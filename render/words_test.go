package render

import (
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestWords: a part written inside a JSON string (Cline's answer,
// envelope's text) is read as its words, as JSON.stringify and Python's
// json.dumps escape them; any other part, and text that is no JSON
// string's inside, is taken as written.
func TestWords(t *testing.T) {
	for _, c := range []struct {
		text    string
		escaped bool
		want    string
	}{
		{`\n\n[Showing lines 1-2000 of 3000.]`, true, "\n\n[Showing lines 1-2000 of 3000.]"},
		{`say \"hi\" \\ \t é \u00e9 \u001b`, true, "say \"hi\" \\ \t é é \x1b"},
		{`\ud800 half`, true, "\ufffd half"}, // JSON.stringify's lone surrogate
		{`\n\n`, false, `\n\n`},
		{`a "quote" left raw`, true, `a "quote" left raw`},
		{`\x41`, true, `\x41`},
	} {
		if got := words(reader.Part{Kind: reader.PartNotice, Text: c.text, Escaped: c.escaped}); got != c.want {
			t.Errorf("words(%q, escaped %v) = %q, want %q", c.text, c.escaped, got, c.want)
		}
	}
}
