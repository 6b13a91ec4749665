package codex

import (
	"testing"

	"github.com/readlens/readlens/internal/readertest"
)

// TestSilentCut: past its default limit codex stops without a word; the
// result says so, counts what the model never saw, and names the call a
// model would make next. A limit the model gave is its own choice.
func TestSilentCut(t *testing.T) {
	root := readertest.FixtureRoot(t)
	res := readertest.Call(t, Profile, root, `{"file_path":"`+root+`/lines_3000.txt"}`)
	tr := res.Truncation
	if !tr.Silent || tr.Cap != "lines" || tr.FirstLine != 1 || tr.LastLine != 2000 || tr.TotalLines != 3000 || !tr.TotalKnown ||
		string(tr.Next) != `{"file_path":"`+root+`/lines_3000.txt","offset":2001}` || tr.NextOffset != 0 {
		t.Errorf("default limit: %+v next %s", tr, tr.Next)
	}
	res = readertest.Call(t, Profile, root, `{"file_path":"`+root+`/lines_3000.txt","limit":10}`)
	if tr := res.Truncation; tr.Silent || tr.Cap != "limit" || tr.Next != nil {
		t.Errorf("the model's limit: %+v next %s", tr, tr.Next)
	}
}
