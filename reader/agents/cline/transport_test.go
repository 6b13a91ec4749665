package cline

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
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
	for _, c := range []struct {
		file                string
		last, resumes, ends int
	}{
		{"cline/transport/over_8001.txt", 31, 33, 63},
		{"cline/transport/emoji.txt", 37, 39, 75},
		{"cline/transport/lone_tail.txt", 3, 10, 11},
		{"lines_3000.txt", 255, 1772, 2000},
		{"cline/transport/at_8000.txt", 63, 0, 0},
	} {
		args := json.RawMessage(`{"files":[{"path":"` + root + "/" + c.file + `"}]}`)
		var res [2]*reader.Result
		for i, noWords := range []bool{false, true} {
			r, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: args, Cwd: root, FactsOnly: noWords, NoWords: noWords})
			if err != nil {
				t.Fatal(err)
			}
			res[i] = r
		}
		tr := res[0].Truncation
		if tr.LastLine != c.last || tr.Resumes != c.resumes || tr.Ends != c.ends {
			t.Errorf("%s: last %d, resumes %d, ends %d; want %d, %d, %d", c.file, tr.LastLine, tr.Resumes, tr.Ends, c.last, c.resumes, c.ends)
		}
		if c.ends > 0 && (tr.Cap != reader.CapBytes || !tr.Silent || !strings.Contains(string(tr.Next), `"start_line":`+itoa(c.last+1))) {
			t.Errorf("%s: cap %q, silent %v, next %s", c.file, tr.Cap, tr.Silent, tr.Next)
		}
		if !reflect.DeepEqual(tr, res[1].Truncation) {
			t.Errorf("%s: facts alone %+v, with words %+v", c.file, res[1].Truncation, tr)
		}
		want := fmt.Sprintf("1-%d", c.last)
		if c.resumes > 0 {
			want += fmt.Sprintf(", %d-%d", c.resumes, c.ends)
		}
		if w, f := readertest.ShownLines(res[0].Lines), readertest.ShownLines(res[1].Lines); w != want || f != want {
			t.Errorf("%s: lines %s kept with words, %s without; want the head's and the tail's, %s", c.file, w, f, want)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

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
