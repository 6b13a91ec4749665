package render

import (
	"slices"
	"testing"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// TestHighlightMiddleCut: the tail of an answer cut in its middle is
// coloured as source of its own, not as the rest of a string the head
// opened; lines past max are left to be drawn plain.
func TestHighlightMiddleCut(t *testing.T) {
	st := theme.New(true)
	head := []string{"package p", "", "var s = `a raw string the cut leaves open"}
	tail := []string{"func f() {}", "var t = `"}
	r := &reader.Result{Path: "/x/f.go", Truncation: reader.Truncation{FirstLine: 1, LastLine: 3, Resumes: 90, Ends: 91}}
	for i, text := range head {
		r.Lines = append(r.Lines, reader.Line{N: i + 1, Text: text})
	}
	for i, text := range tail {
		r.Lines = append(r.Lines, reader.Line{N: 90 + i, Text: text})
	}
	want := append(Highlight(st, "f.go", head), Highlight(st, "f.go", tail)...)
	if got := HighlightResult(st, r, -1); !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if joined := Highlight(st, "f.go", append(slices.Clone(head), tail...)); joined[3] == want[3] {
		t.Fatalf("the tail lexed after the head is coloured alike: the test shows nothing")
	}
	if got := HighlightResult(st, r, 4); !slices.Equal(got, want[:4]) {
		t.Errorf("max 4: got %q, want %q", got, want[:4])
	}
	r.Truncation.Resumes, r.Truncation.Ends = 0, 0
	if got, all := HighlightResult(st, r, -1), Highlight(st, "f.go", append(slices.Clone(head), tail...)); !slices.Equal(got, all) {
		t.Errorf("no cut: got %q, want %q", got, all)
	}
}
