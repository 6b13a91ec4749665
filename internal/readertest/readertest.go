package readertest

// Helpers the profiles' tests share: one call through the engine, checked
// against the contract every renderer relies on.

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
)

// SteppingClock reads t0 first and t0+step on every later call: a call that
// reads it at its start and once more at its end took step.
func SteppingClock(step time.Duration) func() time.Time {
	t0 := time.Unix(1700000000, 0)
	calls := 0
	return func() time.Time {
		calls++
		if calls == 1 {
			return t0
		}
		return t0.Add(step)
	}
}

// Call runs profile on raw arguments in root (the working directory and the
// worktree), with a pinned clock.
func Call(t *testing.T, profile reader.Profile, root, args string) *reader.Result {
	t.Helper()
	return CallWith(t, reader.Request{Profile: profile, Args: []byte(args), Cwd: root, Worktree: root,
		Now: func() time.Time { return time.Unix(1700000000, 0) }})
}

func CallWith(t *testing.T, req reader.Request) *reader.Result {
	t.Helper()
	res, err := reader.Read(context.Background(), req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Profile.Info().Name, req.Args, err)
	}
	CheckContract(t, req.Profile.Info().Name+" "+string(req.Args), res)
	return res
}

func CheckContract(t *testing.T, what string, r *reader.Result) {
	t.Helper()
	var b strings.Builder
	for _, pt := range r.Parts {
		b.WriteString(pt.Text)
		if pt.Kind == reader.PartLine && (pt.Line < 1 || pt.Prefix > len(pt.Text)) {
			t.Errorf("%s: line part %+v", what, pt)
		}
	}
	if b.String() != r.Output {
		t.Errorf("%s: parts do not join to the output", what)
	}
	if r.IsError && len(r.Lines) > 0 {
		t.Errorf("%s: an error with source lines", what)
	}
	// The lines run from the first to the last shown, then, after a cut in
	// the middle, from where the tail resumes to its end.
	tr := r.Truncation
	head := r.Lines
	var tail []reader.Line
	if tr.Resumes > 0 {
		i := len(head)
		for i > 0 && head[i-1].N >= tr.Resumes {
			i--
		}
		head, tail = head[:i], head[i:]
		if len(tail) == 0 || tail[0].N != tr.Resumes || tail[len(tail)-1].N != tr.Ends {
			t.Errorf("%s: truncation says the tail shows lines %d-%d, shown %v", what, tr.Resumes, tr.Ends, lineRange(tail))
		}
	}
	for _, run := range [][]reader.Line{head, tail} {
		for i := 1; i < len(run); i++ {
			if run[i].N != run[i-1].N+1 {
				t.Errorf("%s: line %d follows line %d", what, run[i].N, run[i-1].N)
				break
			}
		}
	}
	if n := len(head); n > 0 && (tr.FirstLine != head[0].N || tr.LastLine != head[n-1].N) ||
		n == 0 && len(tail) > 0 && tr.LastLine != 0 {
		t.Errorf("%s: truncation says lines %d-%d, shown %v", what, tr.FirstLine, tr.LastLine, lineRange(head))
	}
	if tr.Cap != reader.CapNone && tr.Cap != reader.CapFirstLine && len(tr.Next) == 0 && tr.NextOffset != 0 {
		t.Errorf("%s: a next offset without the continuation call", what)
	}
}

// MiddleCut is a call whose answer what surrounds the tool may cut in its
// middle (Codex's harness, Cline's message builder): Args, $F the fixture
// root; the head's last line shown whole; the tail's first and last, 0
// when the answer is whole. (An alias of an unnamed struct, as SpecRow.)
type MiddleCut = struct {
	Args                string
	Last, Resumes, Ends int
}

// CheckMiddleCut reads c with its words and with its facts alone (an
// audit without tokens), and checks what each says of the cut: the lines
// shown whole, the cap cp, that the tool said nothing of it, the next
// call (its argument next, from the line after the head), the same facts
// both ways, and the lines kept, the head's and the tail's.
func CheckMiddleCut(t *testing.T, profile reader.Profile, root string, c MiddleCut, cp reader.Cap, next string) {
	t.Helper()
	args := strings.ReplaceAll(c.Args, "$F", root)
	var res [2]*reader.Result
	for i, noWords := range []bool{false, true} {
		r, err := reader.Read(context.Background(), reader.Request{Profile: profile, Args: json.RawMessage(args), Cwd: root, FactsOnly: noWords, NoWords: noWords})
		if err != nil {
			t.Fatal(err)
		}
		res[i] = r
	}
	tr := res[0].Truncation
	if tr.LastLine != c.Last || tr.Resumes != c.Resumes || tr.Ends != c.Ends {
		t.Errorf("%s: last %d, resumes %d, ends %d; want %d, %d, %d", args, tr.LastLine, tr.Resumes, tr.Ends, c.Last, c.Resumes, c.Ends)
	}
	if c.Resumes > 0 && (tr.Cap != cp || !tr.Silent || !strings.Contains(string(tr.Next), fmt.Sprintf(`"%s":%d`, next, c.Last+1))) {
		t.Errorf("%s: cap %q, silent %v, next %s; want %s, silent, %s %d", args, tr.Cap, tr.Silent, tr.Next, cp, next, c.Last+1)
	}
	if !reflect.DeepEqual(tr, res[1].Truncation) {
		t.Errorf("%s: facts alone %+v, with words %+v", args, res[1].Truncation, tr)
	}
	want := fmt.Sprintf("%d-%d", tr.FirstLine, c.Last)
	if c.Resumes > 0 {
		want += fmt.Sprintf(", %d-%d", c.Resumes, c.Ends)
	}
	if w, f := ShownLines(res[0].Lines), ShownLines(res[1].Lines); w != want || f != want {
		t.Errorf("%s: lines %s kept with words, %s without; want the head's and the tail's, %s", args, w, f, want)
	}
}

// ShownLines are the numbers of lines as runs, "1-206, 208-410": an
// answer cut in its middle shows two.
func ShownLines(lines []reader.Line) string {
	var runs []string
	for i := 0; i < len(lines); {
		j := i + 1
		for j < len(lines) && lines[j].N == lines[j-1].N+1 {
			j++
		}
		runs = append(runs, lineRange(lines[i:j]))
		i = j
	}
	return strings.Join(runs, ", ")
}

func lineRange(lines []reader.Line) string {
	if len(lines) == 0 {
		return "none"
	}
	return fmt.Sprintf("%d-%d", lines[0].N, lines[len(lines)-1].N)
}

// SpecRow is one rule of a spec with no oracle: the raw arguments ($F is
// the fixture root) and the exact text the model receives.
// (An alias of an unnamed struct, so the tables keep their unkeyed rows.)
type SpecRow = struct {
	Name, Args, Want string
	IsError          bool
}

func RunSpecTable(t *testing.T, profile reader.Profile, rows []SpecRow) {
	t.Helper()
	root, err := filepath.Abs(filepath.Join(oracle.Testdata(), "fixtures"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		t.Run(r.Name, func(t *testing.T) {
			args := strings.ReplaceAll(r.Args, "$F", root)
			res, err := reader.Read(context.Background(), reader.Request{Profile: profile, Args: []byte(args), Cwd: root, Worktree: root})
			if err != nil {
				t.Fatal(err)
			}
			want := strings.ReplaceAll(r.Want, "$F", root)
			if res.Output != want || res.IsError != r.IsError {
				t.Errorf("got %q (error %v)\nwant %q (error %v)", res.Output, res.IsError, want, r.IsError)
			}
		})
	}
}

func Shorten(s string) string {
	if len(s) > 400 {
		return s[:200] + " ... " + s[len(s)-200:]
	}
	return s
}
