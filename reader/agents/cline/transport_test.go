package cline

import (
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestTransportFacts: what the model gets of a result over 8,000 units,
// told line by line, is the same whether the call keeps its words or only
// its facts (an audit without tokens), and the lines kept are the head's
// and the tail's.
// The lines are the recordings' (transport_*, lines_3000): the head's last
// line whole, the tail's first.
func TestTransportFacts(t *testing.T) {
	root := readertest.FixtureRoot(t)
	for _, c := range []readertest.MiddleCut{
		{`{"files":[{"path":"$F/cline/transport/over_8001.txt"}]}`, 31, 33, 63},
		{`{"files":[{"path":"$F/cline/transport/emoji.txt"}]}`, 37, 39, 75},
		{`{"files":[{"path":"$F/cline/transport/lone_tail.txt"}]}`, 3, 10, 11},
		{`{"files":[{"path":"$F/lines_3000.txt"}]}`, 255, 1772, 2000},
		{`{"files":[{"path":"$F/cline/transport/at_8000.txt"}]}`, 63, 0, 0},
	} {
		readertest.CheckMiddleCut(t, Profile, root, c, reader.CapBytes, "start_line")
	}
}

// TestUnitSlice: JavaScript's slice in UTF-16 units, a pair it splits
// leaving its half as WTF-8.
func TestUnitSlice(t *testing.T) {
	s := "a😀b"
	for _, c := range []struct {
		from, to int
		want     string
	}{
		{0, 4, s}, {0, 1, "a"}, {0, 2, "a\xed\xa0\xbd"}, {2, 4, "\xed\xb8\x80b"}, {1, 3, "😀"}, {2, 2, ""}, {3, 4, "b"},
	} {
		if got := unitSlice(s, c.from, c.to); got != c.want {
			t.Errorf("slice(%d, %d) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
}
