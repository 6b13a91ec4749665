package render

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestPlain: every control sequence and invisible character comes out as a
// visible symbol; printable text, wide characters and emoji pass.
func TestPlain(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"\x1b[2J\x1b[H", "␛[2J␛[H"},                                                 // CSI: clear screen, home
		{"\x1b]52;c;aGk=\x07", "␛]52;c;aGk=␇"},                                       // OSC 52 clipboard, BEL-terminated
		{"\x1b]0;title\x1b\\", "␛]0;title␛\\"},                                       // OSC title, ST-terminated
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "␛]8;;http://x␛\\link␛]8;;␛\\"}, // OSC 8 hyperlink
		{"\x1b]2;unterminated", "␛]2;unterminated"},
		{"\x1bP+q\x1b\\", "␛P+q␛\\"},     // DCS
		{"\x1b_Gi=1\x1b\\", "␛_Gi=1␛\\"}, // APC (kitty graphics)
		{"\u009b31m", "⟨U+009B⟩31m"},     // 8-bit CSI as UTF-8
		{"\x9b31m", "⟨9B⟩31m"},           // 8-bit CSI as a raw byte
		{"over\rwrite", "over␍write"},
		{"back\bspace\x07bell\x00nul\x7fdel", "back␈space␇bell␀nul␡del"},
		{"a\u202eevil\u202c", "a⟨RLO⟩evil⟨PDF⟩"},
		{"zero\u200bwidth\ufeff", "zero⟨ZWSP⟩width⟨BOM⟩"},
		{"tag\U000e0041\U000e0042", "tag⟨TAG A⟩⟨TAG B⟩"},
		{"🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f", "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"}, // England's flag
		{"👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"},                                                                                             // a ZWJ family stays one emoji
		{"👨\u200d\U0001faeb", "👨⟨ZWJ⟩⟨U+1FAEB⟩"},                                                                                           // found by FuzzSanitize: no emoji to join, so the ZWJ shows
		{"soft\u00adhyphen", "soft⟨SHY⟩hyphen"},
		{"no\u00a0break", "no⟨NBSP⟩break"},
		{"漢字 ok é", "漢字 ok é"},
		{"tab\there", "tab→here"},
	} {
		if got := Plain(c.in); got != c.want {
			t.Errorf("Plain(%q) = %q, want %q", c.in, got, c.want)
		}
		for _, r := range Plain(c.in) {
			if r < 0x20 || (r >= 0x7f && r < 0xa0) {
				t.Errorf("Plain(%q) kept control %U", c.in, r)
			}
		}
	}
}

func TestVisibleViews(t *testing.T) {
	join := func(runs []run) string {
		var b strings.Builder
		for _, r := range runs {
			b.WriteString(r.text)
		}
		return b.String()
	}
	runs, col := visible("a\tb  ", 0, agentShow)
	if got := join(runs); got != "a→  b··" || col != 7 {
		t.Errorf("agent view: %q at column %d", got, col)
	}
	runs, _ = visible("a\tb  ", 0, prettyShow)
	if got := join(runs); got != "a   b  " {
		t.Errorf("pretty view: %q", got)
	}
	// Tab stops count from the column the text starts at.
	runs, _ = visible("\tx", 6, agentShow)
	if got := join(runs); got != "→ x" {
		t.Errorf("tab from column 6: %q", got)
	}
}

// TestJSON: JSON for a terminal escapes what the sanitizer would show as a
// symbol and nothing else: it decodes to the same value, lays out the same,
// and no character a terminal acts on, or a reader cannot see, is left raw.
func TestJSON(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a": "plain é 漢字 😀"}`, `{"a": "plain é 漢字 😀"}`},
		{"{\n  \"o\": \"\u009b31m\u0085\u007f\"\n}\n", "{\n  \"o\": \"\\u009b31m\\u0085\\u007f\"\n}\n"},
		{"\"a\u202eevil\u202c zero\u200bwidth\ufeff nb\u00a0sp\"", `"a\u202eevil\u202c zero\u200bwidth\ufeff nb\u00a0sp"`},
		{"\"tag\U000e0041 soft\u00adhyphen\"", `"tag\udb40\udc41 soft\u00adhyphen"`},
		{"\"👨\u200d👩\u200d👧 🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f\"", "\"👨\u200d👩\u200d👧 🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f\""},
		{"\"bad \xff byte\"", `"bad \ufffd byte"`},
		{`"already \u001b escaped"`, `"already \u001b escaped"`},
	} {
		got := string(JSON([]byte(c.in)))
		if got != c.want {
			t.Errorf("JSON(%q)\n got %q\nwant %q", c.in, got, c.want)
			continue
		}
		var a, b any
		if json.Unmarshal([]byte(c.in), &a) != nil || json.Unmarshal([]byte(got), &b) != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("JSON(%q) does not decode to the same value: %v, %v", c.in, a, b)
		}
		if again := string(JSON([]byte(got))); again != got {
			t.Errorf("JSON is not idempotent on %q: %q", got, again)
		}
	}
}
