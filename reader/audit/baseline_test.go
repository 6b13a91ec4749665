package audit

import (
	"strings"
	"testing"
)

// TestBaselineRoundTrip: what BaselineWriter writes, ReadBaseline holds,
// whatever the names (an escape, a newline, bytes that are not UTF-8), and
// nothing else.
func TestBaselineRoundTrip(t *testing.T) {
	in := []Finding{
		{Path: "big.log", Profile: "opencode", Kind: KindCut, Cap: "lines", LastLine: 2000},
		{Path: "evil\x1b[31m\nname", Profile: "pi", Kind: KindUnseen, Cap: UnseenCRLF},
		{Path: "latin1-\xe9.txt", Profile: "crush", Kind: KindRefused, Cap: "not_utf8"},
		{Path: "<&>.txt", Profile: "codex", Kind: KindError},
	}
	var b strings.Builder
	w := NewBaselineWriter(&b)
	for _, f := range in {
		w.Add(f)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	base, err := ReadBaseline(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("%v in %s", err, b.String())
	}
	for _, f := range in {
		f.LastLine, f.Tokens = 3000, 99 // lines and tokens are not the key
		if !base.Has(f) {
			t.Errorf("lost %+v", f)
		}
	}
	for _, f := range []Finding{
		{Path: "big.log", Profile: "opencode", Kind: KindCut, Cap: "bytes"},
		{Path: "big.log", Profile: "pi", Kind: KindCut, Cap: "lines"},
		{Path: "other.log", Profile: "opencode", Kind: KindCut, Cap: "lines"},
	} {
		if base.Has(f) {
			t.Errorf("holds %+v", f)
		}
	}
	var empty strings.Builder
	if err := NewBaselineWriter(&empty).Close(); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadBaseline(strings.NewReader(empty.String())); err != nil || len(b) != 0 {
		t.Errorf("empty baseline: %v, %v", b, err)
	}
	if _, err := ReadBaseline(strings.NewReader(`{"version": 2, "findings": []}`)); err == nil {
		t.Error("version 2 read")
	}
}
