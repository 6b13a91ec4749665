package reader

import (
	"context"
	"math/rand"
	"reflect"
	"testing"
)

// TestDecodedLinesAreDecoded: windows of a held file of bytes that are not
// UTF-8 give the same pages whether their lines are decoded each time or
// kept for the file's other agents, under each split, per-line cut and
// budget the agents use, in any order; the second agent finds the first
// one's lines kept.
func TestDecodedLinesAreDecoded(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	type call struct {
		split Split
		w     Window
	}
	calls := []call{
		{Split{}, Window{Limit: -1}},
		{Split{Universal: true}, Window{Limit: -1}}, // lines that start alike and end apart
		{Split{TrimCR: true}, Window{Limit: 50, Cut: LineCut{Max: 20, Unit: Bytes, Suffix: "…"}}},
		{Split{}, Window{Limit: -1, Cut: LineCut{Max: 10, Unit: UTF16}, Budget: Budget{Max: 400, Unit: Bytes, Sep: 1, Halt: true}, Count: true}},
		{Split{Phantom: true}, Window{Start: 3, Limit: 7, Cut: LineCut{Max: 5, Unit: Runes}}},
	}
	kept := 0
	for range 300 {
		data := make([]byte, r.Intn(3000))
		bytes := []byte("ab\n\r\xff\xc3\xa9\xe2\x82\xf0\x9f\x98\x80 ")
		for i := range data {
			data[i] = bytes[r.Intn(len(bytes))]
		}
		d := &decodedLines{}
		for _, i := range r.Perm(len(calls)) {
			c, w := calls[i], calls[i].w
			plain := heldScanner(context.Background(), data, c.split, false, false)
			want := window(plain, w)
			for agent := range 2 {
				s := heldScanner(context.Background(), data, c.split, false, false)
				s.decoded = d
				if got := window(s, w); !reflect.DeepEqual(got, want) {
					t.Fatalf("agent %d, %+v, % x:\n got %+v\nwant %+v", agent, w, data, got, want)
				}
			}
		}
		kept += len(d.lines)
	}
	if kept == 0 {
		t.Fatal("no line was kept")
	}
}

// TestDecodedLinesBounded: no more than decodedMax bytes of text are kept
// a file, and a line past it is decoded all the same.
func TestDecodedLinesBounded(t *testing.T) {
	line := make([]byte, 1<<20)
	for i := range line {
		line[i] = 0xff // each a U+FFFD: 3 MiB of text a line
	}
	var data []byte
	for range 4 {
		data = append(data, line...)
		data = append(data, '\n')
	}
	d := &decodedLines{}
	s := heldScanner(context.Background(), data, Split{}, false, false)
	s.decoded = d
	pg := window(s, Window{Limit: -1})
	if len(pg.Lines) != 4 || len(pg.Lines[3].Text) != 3<<20 || pg.Lines[3].Replaced != 1<<20 {
		t.Fatalf("%d lines", len(pg.Lines))
	}
	if d.bytes > decodedMax || len(d.lines) != 2 {
		t.Errorf("%d lines of %d bytes kept, want 2 within %d", len(d.lines), d.bytes, decodedMax)
	}
}
