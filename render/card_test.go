package render

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/theme"
)

// fixtureRoot is where the goldens see the fixtures: a fixed path, so that
// paths in outputs, and so wrapping, are the same on every machine.
const fixtureRoot = "/fixtures"

func fixtureFS() reader.FS {
	return pinnedTimes{reader.Mount(os.DirFS("../testdata/fixtures"), fixtureRoot)}
}

// pinnedTimes gives every file one modification time: envelope prints it,
// and a fresh checkout's files are as new as the checkout.
type pinnedTimes struct{ reader.FS }

type pinnedFile struct{ reader.File }

type pinnedInfo struct{ fs.FileInfo }

var pinnedTime = time.Unix(1700000000, 0)

func (pinnedInfo) ModTime() time.Time { return pinnedTime }

func pin(fi fs.FileInfo, err error) (fs.FileInfo, error) {
	if err != nil {
		return nil, err
	}
	return pinnedInfo{fi}, nil
}

func (p pinnedTimes) Stat(name string) (fs.FileInfo, error)  { return pin(p.FS.Stat(name)) }
func (p pinnedTimes) Lstat(name string) (fs.FileInfo, error) { return pin(p.FS.Lstat(name)) }
func (p pinnedTimes) Open(name string) (reader.File, error) {
	f, err := p.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return pinnedFile{f}, nil
}
func (f pinnedFile) Stat() (fs.FileInfo, error) { return pin(f.File.Stat()) }

// read runs a profile on a fixture with its convenience arguments.
func read(t testing.TB, profile, path string, offset, limit *int) *reader.Result {
	t.Helper()
	p, err := all.Lookup(profile)
	if err != nil {
		t.Fatal(err)
	}
	res, err := reader.Read(context.Background(), reader.Request{
		Profile: p, Args: p.Args(fixtureRoot+"/"+path, offset, limit),
		Cwd: fixtureRoot, Worktree: fixtureRoot, FS: fixtureFS(),
		Now:      func() time.Time { return pinnedTime }, // envelope prints the time a read took
		Pictures: true,                                   // image cards draw the image, as in the inspector
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func intp(n int) *int { return &n }

// cardInputs are the results every profile's cards are drawn for: a window
// that more lines follow, a cut line, invisible characters, line endings,
// an error, a binary file and an image.
var cardInputs = []struct {
	name, path    string
	offset, limit *int
}{
	{"window", "lines_3000.txt", intp(1995), intp(10)},
	{"cut", "long_2001.txt", nil, nil},
	{"tabs", "tabs.txt", nil, nil},
	{"escapes", "ansi.txt", nil, nil},
	{"unicode", "unicode.txt", nil, nil},
	{"crlf", "crlf.txt", nil, nil},
	{"missing", "sampl.txt", nil, nil},
	{"binary", "prog.exe", nil, nil},
	{"image", "media/pic.png", nil, nil},
}

// TestCards draws every profile's cards in every state, view and theme at
// widths 20, 40, 80 and 120, checks that no row is wider than its width,
// and compares them with the goldens.
func TestCards(t *testing.T) {
	for _, profile := range all.Names() {
		for _, in := range cardInputs {
			t.Run(profile+"/"+in.name, func(t *testing.T) {
				res := read(t, profile, in.path, in.offset, in.limit)
				call := ToolCall{Profile: profile, Tool: res.Tool, Args: res.Args, Cwd: fixtureRoot, State: Done}
				if res.IsError {
					call.State = Failed
				}
				var b strings.Builder
				for _, dark := range []bool{true, false} {
					st := theme.New(dark)
					for _, view := range []View{AgentView, PrettyView} {
						opts := Options{View: view}
						if view == PrettyView {
							opts.Highlighted = Highlight(st, res.Path, lineTexts(res))
						}
						for _, expanded := range []bool{false, true} {
							opts.Expanded = expanded
							for _, width := range []int{20, 40, 80, 120} {
								card := Card(st, width, call, res, opts, true)
								checkWidth(t, card, width)
								fmt.Fprintf(&b, "=== %s, %s view, expanded %v, width %d\n%s\n", themeName(dark), view, expanded, width, card)
							}
						}
					}
				}
				golden.RequireEqual(t, b.String())
			})
		}
	}
}

func lineTexts(r *reader.Result) []string {
	out := make([]string, len(r.Lines))
	for i, l := range r.Lines {
		out[i] = l.Text
	}
	return out
}

func themeName(dark bool) string {
	if dark {
		return "dark"
	}
	return "light"
}

func checkWidth(t *testing.T, s string, width int) {
	t.Helper()
	for i, row := range strings.Split(s, "\n") {
		if w := ansi.StringWidth(row); w > width {
			t.Fatalf("row %d is %d cells wide, more than %d: %q", i, w, width, ansi.Strip(row))
		}
	}
}

// TestNarrowWidths sweeps every width from 1 to 130 over the trickiest
// cards: nothing panics and no row overflows.
func TestNarrowWidths(t *testing.T) {
	st := theme.New(true)
	for _, in := range cardInputs {
		res := read(t, all.Default, in.path, in.offset, in.limit)
		call := ToolCall{Profile: all.Default, Tool: res.Tool, Args: res.Args, Cwd: fixtureRoot}
		for width := 1; width <= 130; width++ {
			for _, expanded := range []bool{false, true} {
				checkWidth(t, Card(st, width, call, res, Options{Expanded: expanded}, width%2 == 0), width)
			}
		}
	}
}

// TestCollapsedHint: a collapsed card shows ten lines of the result and
// says how many more there are; expanded, it shows them all.
func TestCollapsedHint(t *testing.T) {
	st := theme.New(true)
	res := read(t, "pi", "lines_3000.txt", nil, nil)
	collapsed := ansi.Strip(Result(st, 80, res, Options{}))
	rows := strings.Split(collapsed, "\n")
	want := []string{"line 1", "line 10", "... (1992 more lines, ctrl+e to expand)",
		"⚠ line cap: the tool showed lines 1–2000 of 3001 · continue with offset=2001"}
	for i, w := range []int{0, 9, 10, 11} {
		if rows[w] != want[i] {
			t.Errorf("row %d = %q, want %q", w, rows[w], want[i])
		}
	}
	expanded := strings.Split(ansi.Strip(Result(st, 80, res, Options{Expanded: true})), "\n")
	if len(expanded) != 2000+2+2 || expanded[1999] != "line 2000" || !strings.HasSuffix(expanded[2002], " lines 1–2000 of 3001") {
		t.Errorf("expanded: %d rows, row 1999 %q", len(expanded), expanded[1999])
	}
}

// TestSilentCutWarning: the cut the model is never told of gets the
// loudest warning, with what it never saw (issue 11, defect 4: codex's
// default limit showed a dim "more lines follow: lines 1–2000").
func TestSilentCutWarning(t *testing.T) {
	st := theme.New(true)
	res := read(t, "codex", "lines_3000.txt", nil, nil)
	rows := strings.Split(ansi.Strip(Result(st, 80, res, Options{})), "\n")
	if got, want := rows[len(rows)-1], "⚠ the model was not told: lines 2001–3000 of 3000 never shown"; got != want {
		t.Errorf("last row %q, want %q", got, want)
	}
}

// TestErrorRows: every row of a wrapped error is in the error style, and a
// marker says the card is an error (issue 11, defect 9: rows after the first
// lost their colour, and nothing but colour told an error apart).
func TestErrorRows(t *testing.T) {
	st := theme.New(true)
	r := &reader.Result{IsError: true, Output: "The read tool was called with invalid arguments: SchemaError(Expected string, got 5\n  at [\"filePath\"])."}
	rows := strings.Split(Result(st, 30, r, Options{}), "\n")
	errStyle := st.ErrorText.Render("x")
	prefix := errStyle[:strings.Index(errStyle, "x")]
	marker := len(rows)
	for i, row := range rows {
		if strings.HasPrefix(ansi.Strip(row), "✗") {
			marker = i
			break
		}
		if !strings.HasPrefix(row, prefix) {
			t.Errorf("row %d is not in the error style: %q", i, row)
		}
	}
	if marker < 3 || marker == len(rows) || ansi.Strip(strings.Join(rows[marker:], " ")) != "✗ the tool answered with an error: this text is all the model got" {
		t.Errorf("no error marker after the wrapped error (row %d of %d)", marker, len(rows))
	}
}

// TestTabsFromContent: a leading tab lands at the same column whatever the
// width of the line number before it, and a tab in the number prefix shows
// as one (issue 11, defect 10: "8: →if" against "11: →   }").
func TestTabsFromContent(t *testing.T) {
	st := theme.New(true)
	r := &reader.Result{Output: "8: \tif\n11: \t}\n     9\tx", Parts: []reader.Part{
		{Kind: reader.PartLine, Text: "8: \tif", Line: 8, Prefix: 3}, {Kind: reader.PartFrame, Text: "\n"},
		{Kind: reader.PartLine, Text: "11: \t}", Line: 11, Prefix: 4}, {Kind: reader.PartFrame, Text: "\n"},
		{Kind: reader.PartLine, Text: "     9\tx", Line: 9, Prefix: 7},
	}}
	got := strings.Split(ansi.Strip(Result(st, 40, r, Options{Expanded: true})), "\n")
	want := []string{"8: →   if", "11: →   }", "     9→ x"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestPrettyGutterOnlyWhereNumbered: the pretty view numbers lines as the
// tool did: pi sends no numbers, so its cards have no gutter (issue 11,
// defect 14), while opencode's keep theirs.
func TestPrettyGutterOnlyWhereNumbered(t *testing.T) {
	st := theme.New(true)
	pi := ansi.Strip(Result(st, 80, read(t, "pi", "small.txt", nil, nil), Options{View: PrettyView}))
	oc := ansi.Strip(Result(st, 80, read(t, "opencode", "small.txt", nil, nil), Options{View: PrettyView}))
	if first := strings.SplitN(pi, "\n", 2)[0]; first != "Hello, world!" {
		t.Errorf("pi's first pretty row %q, want the line alone", first)
	}
	if first := strings.SplitN(oc, "\n", 2)[0]; first != "1 │ Hello, world!" {
		t.Errorf("opencode's first pretty row %q, want it numbered", first)
	}
}

// TestPrettyMiddleCut: the pretty view of an answer cut in its middle
// draws the head's lines, the notice that marks the cut in the text's
// column, then the tail's lines; the notice is not drawn again below.
func TestPrettyMiddleCut(t *testing.T) {
	st := theme.New(true)
	for _, c := range []struct {
		profile, path string
		want          []string
	}{
		{"codex", "codex/harness/rows_3000.txt", []string{
			" 322 │ row 322 " + strings.Repeat("r", 60), "       …25947 tokens truncated…", "1690 │ row 1690 " + strings.Repeat("r", 60)}},
		{"cline", "lines_3000.txt", []string{
			" 255 │ line 255", "       ...[truncated 25007 chars]...", "1772 │ line 1772"}}, // the words inside cline's JSON string
	} {
		res := read(t, c.profile, c.path, nil, nil)
		rows := strings.Split(ansi.Strip(Result(st, 100, res, Options{Expanded: true, View: PrettyView})), "\n")
		at := slices.Index(rows, c.want[0])
		if at < 0 || !slices.Equal(rows[at:min(at+3, len(rows))], c.want) {
			t.Errorf("%s: rows %q, want %q", c.profile, rows[max(at, 0):min(max(at, 0)+3, len(rows))], c.want)
		}
		marker := strings.TrimSpace(c.want[1])
		if n := strings.Count(strings.Join(rows, "\n"), marker); n != 1 {
			t.Errorf("%s: the cut's notice drawn %d times", c.profile, n)
		}
	}
}

// TestMinimap: an expanded card that holds part of the file draws a bar of
// which part (issue 12: "█████░░ lines 1–2000 of 2709"); a card of the
// whole file draws none.
func TestMinimap(t *testing.T) {
	st := theme.New(true)
	for _, c := range []struct {
		tr   reader.Truncation
		want string
	}{
		{reader.Truncation{FirstLine: 1, LastLine: 2000, TotalLines: 2709, TotalKnown: true}, "███████████████░░░░░ lines 1–2000 of 2709"},
		{reader.Truncation{FirstLine: 2001, LastLine: 2709, TotalLines: 2709, TotalKnown: true}, "░░░░░░░░░░░░░░██████ lines 2001–2709 of 2709"},
		// Codex's harness: the head's lines, then the tail's.
		{reader.Truncation{FirstLine: 1, LastLine: 322, TotalLines: 3000, TotalKnown: true, Resumes: 1690, Ends: 2000}, "███░░░░░░░░███░░░░░░ lines 1–322, 1690–2000 of 3000"},
		{reader.Truncation{FirstLine: 1, LastLine: 5, TotalLines: 5, TotalKnown: true}, ""},
		{reader.Truncation{FirstLine: 1, LastLine: 5}, ""},
	} {
		got := strings.Join(minimap(st, 80, c.tr), "\n")
		if ansi.Strip(got) != c.want {
			t.Errorf("%+v: %q, want %q", c.tr, ansi.Strip(got), c.want)
		}
	}
}
