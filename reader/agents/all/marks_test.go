package all

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// marksFiles are long enough to page through, in every way a resumed scan
// could go wrong: \r\n and lone \r (a page may stop between a \r and its
// \n), no final newline, a byte order mark, invalid UTF-8 past the first
// page (which the tools that check the whole file must still see), an
// empty line at the end, and long lines for the byte caps.
func marksFiles() map[string]string {
	var lf, crlf, mixed, long strings.Builder
	for i := range 4500 {
		fmt.Fprintf(&lf, "line %d of a file long enough to page through\n", i+1)
		fmt.Fprintf(&crlf, "line %d\r\n", i+1)
		fmt.Fprintf(&mixed, "line %d%s", i+1, []string{"\n", "\r\n", "\r", "\r\r\n"}[i%4])
		fmt.Fprintf(&long, "%d %s\n", i+1, strings.Repeat("x", i%700))
	}
	return map[string]string{
		"lf.txt":         lf.String(),
		"crlf.txt":       crlf.String(),
		"mixed.txt":      mixed.String(),
		"nofinal.txt":    strings.TrimSuffix(lf.String(), "\n"),
		"bom.txt":        "\ufeff" + lf.String(),
		"late_bad.txt":   lf.String() + "bad \xff\xfe byte\n",
		"blank_end.txt":  lf.String() + "\n\n",
		"long_lines.txt": long.String(),
	}
}

// TestMarksSameAnswers: every call of every plan, made with the Marks the
// calls before it left, answers exactly as the same call made afresh, on
// every profile, on the generated files and on the small text fixtures.
func TestMarksSameAnswers(t *testing.T) {
	root := readertest.FixtureRoot(t)
	gen := filepath.Join(root, "marks")
	if err := os.MkdirAll(gen, 0o755); err != nil {
		t.Fatal(err)
	}
	var files []string
	for name, data := range marksFiles() {
		if err := os.WriteFile(filepath.Join(gen, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(gen, name))
	}
	// And the fixtures of odd text: line endings, encodings, byte order
	// marks, long lines (TestEveryFixturePlan in reader/compare pages
	// through all of them with marks too).
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && info.Size() < 64<<10 && strings.HasSuffix(e.Name(), ".txt") {
			files = append(files, filepath.Join(root, e.Name()))
		}
	}
	now := func() time.Time { return time.Unix(1700000000, 0) }
	resumed := 0
	for _, p := range Profiles {
		for _, path := range files {
			marks := reader.NewMarks()
			check := func(args json.RawMessage) *reader.Result {
				req := reader.Request{Profile: p, Args: args, Cwd: root, Worktree: root, Home: filepath.Join(root, "home"), Now: now}
				fresh, err := reader.Read(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				req.Marks = marks
				got, err := reader.Read(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				sameAnswer(t, fmt.Sprintf("%s %s %s with marks", p.Info().Name, strings.TrimPrefix(path, root), args), got, fresh)
				if got.Stats.BytesRead < fresh.Stats.BytesRead {
					resumed++
				}
				return got
			}
			var plan []json.RawMessage
			for args := p.Args(path, nil, nil); len(args) > 0 && len(plan) < 400; {
				plan = append(plan, args)
				args = check(args).Truncation.Next
			}
			// The calls again, from the last: each starts where an earlier
			// call started (a mark left by its skip), not where one stopped.
			for i := len(plan) - 1; i >= 0; i-- {
				check(plan[i])
			}
			// Jumps a model makes, each twice: the first skips from a mark
			// into the middle of a page (past a \r whose \n follows, in
			// crlf.txt), the second starts at the mark that skip left.
			for _, off := range []int{2999, 1001, 4500, 2999, 1001, 4500} {
				check(p.Args(path, &off, nil))
			}
		}
	}
	if resumed < 100 {
		t.Fatalf("only %d calls read less with marks: the marks are not used", resumed)
	}
}

// sameAnswer fails the test unless got answers as want does: the same
// output, truncation, lines and facts. what names the call and how got
// was made.
func sameAnswer(t *testing.T, what string, got, want *reader.Result) {
	t.Helper()
	switch {
	case got.Output != want.Output || got.IsError != want.IsError:
		t.Fatalf("%s: output differs\n got: %q\nwant: %q", what, readertest.Shorten(got.Output), readertest.Shorten(want.Output))
	case !reflect.DeepEqual(got.Truncation, want.Truncation):
		t.Fatalf("%s: truncation %+v, want %+v", what, got.Truncation, want.Truncation)
	case !reflect.DeepEqual(got.Lines, want.Lines) || !reflect.DeepEqual(got.Facts, want.Facts):
		t.Fatalf("%s: lines or facts differ", what)
	}
}
