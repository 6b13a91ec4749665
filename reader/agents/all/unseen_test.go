package all

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestUnseen: what a window left out, read as the tool reads the file: the
// lines after opencode's 2000-line cap, the tails of the lines its
// 2000-character cap cut, and nothing for a call that showed all it asked.
func TestUnseen(t *testing.T) {
	root := readertest.FixtureRoot(t)
	p, err := Lookup("opencode")
	if err != nil {
		t.Fatal(err)
	}
	read := func(name string, extra string) (*reader.Result, *reader.Unseen) {
		t.Helper()
		args, _ := json.Marshal(map[string]any{"filePath": filepath.Join(root, name)})
		if extra != "" {
			args = []byte(strings.TrimSuffix(string(args), "}") + "," + extra + "}")
		}
		req := reader.Request{Profile: p, Args: args, Cwd: root}
		res, err := reader.Read(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		u, err := reader.ReadUnseen(context.Background(), req, res)
		if err != nil {
			t.Fatal(err)
		}
		return res, u
	}

	_, u := read("lines_3000.txt", "")
	if u == nil || len(u.Next) != reader.UnseenLines || u.Next[0].N != 2001 || u.Next[0].Text != "line 2001" || !u.More || u.Tails != nil {
		t.Errorf("past opencode's line cap: %+v", u)
	}

	// A line of 5,000 characters: 2,000 shown, the next 2,048 bytes here.
	res, u := read("long_5000.txt", "")
	if u == nil || u.Next != nil || len(res.Truncation.CutLines) != 1 || u.Tails[2] != strings.Repeat("x", reader.UnseenTail) || !u.Longer[2] {
		t.Errorf("long_5000.txt: cut %v, %+v", res.Truncation.CutLines, u)
	}
	// 2,001 CJK characters: the one past the cut is the whole tail, in full.
	res, u = read("long_cjk.txt", "")
	if u == nil || u.Tails[1] != "漢" || u.Longer[1] {
		t.Errorf("long_cjk.txt: cut %v, %+v", res.Truncation.CutLines, u)
	}

	if _, u := read("lines_3000.txt", `"limit":10`); u != nil {
		t.Errorf("a call's own limit left nothing unseen: %+v", u)
	}
	if _, u := read("small.txt", ""); u != nil {
		t.Errorf("a whole file: %+v", u)
	}
}
