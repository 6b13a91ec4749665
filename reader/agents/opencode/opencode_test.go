package opencode

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/readlens/readlens/reader"
)

// TestSortLocaleKeys: sorting by collation keys orders exactly as comparing
// strings with the collator does, and as comparing whole keys did, however
// little of each key the sort holds at once: names that tie on one chunk
// are ordered by the next, equal keys keep their order.
func TestSortLocaleKeys(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"a", "A", "b", "_", ".", "-", "1", "10", "9", "é", "E", "z", "Z", "~", " ", "ß", "ss", "e\u0301"}
	names := make([]string, 3000)
	for i := range names {
		var b strings.Builder
		if i%3 == 0 {
			b.WriteString("a shared prefix, longer than a chunk of key: ")
		}
		for n := 1 + r.Intn(5); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		names[i] = b.String()
	}
	col := collate.New(language.Und)
	want := slices.Clone(names)
	slices.SortStableFunc(want, col.CompareString)
	var kb1, kb2 collate.Buffer
	byKeys := slices.Clone(names)
	slices.SortStableFunc(byKeys, func(a, b string) int {
		kb1.Reset()
		kb2.Reset()
		return bytes.Compare(col.KeyFromString(&kb1, a), col.KeyFromString(&kb2, b))
	})
	if !slices.Equal(byKeys, want) {
		t.Fatal("whole-key order differs from CompareString order")
	}
	for _, k := range []int{1, 2, 3, 7, 16, 256} {
		got := slices.Clone(names)
		sortLocaleChunks(got, k)
		if !slices.Equal(got, want) {
			t.Fatalf("%d-byte chunks: order differs from CompareString order", k)
		}
	}
	got := slices.Clone(names)
	sortLocale(got)
	if !slices.Equal(got, want) {
		t.Fatal("sortLocale: order differs from CompareString order")
	}
}

// TestUndecodableLinks: a link whose name is not UTF-8 is looked up by its
// decoded name, as Bun has only that: opencode 1.18.33 listed "\xfflink", a
// link to a directory, with no slash (no "\ufffdlink" existed), and
// "\xfelink2" with none either, "\ufffdlink2" being a file.
func TestUndecodableLinks(t *testing.T) {
	dir := t.TempDir()
	for _, l := range []string{"\xfflink", "\xfelink2", "oklink"} {
		if err := os.Symlink(os.TempDir(), filepath.Join(dir, l)); err != nil {
			t.Skip(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "\ufffdlink2"), nil, 0o644); err != nil {
		t.Skip(err)
	}
	args, _ := json.Marshal(map[string]string{"filePath": dir})
	res, err := reader.Read(context.Background(), reader.Request{Profile: Profile, Args: args, Cwd: dir, Worktree: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := "<path>" + dir + "</path>\n<type>directory</type>\n<entries>\noklink/\n\ufffdlink\n\ufffdlink2\n\ufffdlink2\n\n(4 entries)\n</entries>"
	if res.Output != want {
		t.Fatalf("got %q\nwant %q", res.Output, want)
	}
}
