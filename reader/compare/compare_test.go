package compare_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/fixtures"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
	"github.com/tiktoken-go/tokenizer"
)

// pinned is the clock every call runs on: envelope reports its timing, and
// the calls are made again to check them.
func pinned() time.Time { return time.Unix(1700000000, 0) }

func request(root string) reader.Request {
	return reader.Request{Cwd: root, Worktree: root, Home: filepath.Join(root, "home"), Now: pinned}
}

// TestEveryFixturePlan runs the plan of every profile on every fixture file
// and checks it call by call: the first is the default call, each next one
// is the continuation the answer before it named, each answer is the
// engine's (made again, it is the same), the figures add up, and the last
// call ends at the file's last line, or the plan's end says why not.
func TestEveryFixturePlan(t *testing.T) {
	// The committed fixtures, read in the shared copy (whose extras, such
	// as the 2105 empty files of bigdir, add nothing here).
	root := readertest.FixtureRoot(t)
	committed := filepath.Join(oracle.Testdata(), "fixtures")
	var files []string
	err := filepath.WalkDir(committed, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() { // directories and links are the engine's business elsewhere
			rel, _ := filepath.Rel(committed, path)
			files = append(files, filepath.Join(root, rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 150 {
		t.Fatalf("only %d fixture files under %s", len(files), committed)
	}
	ctx := context.Background()
	var mu sync.Mutex
	ends := map[string]int{}
	t.Run("files", func(t *testing.T) { // returns when every file's test has
		for _, path := range files {
			rel, _ := filepath.Rel(root, path)
			t.Run(rel, func(t *testing.T) {
				t.Parallel()
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range all.Profiles {
					name := p.Info().Name
					req := request(root)
					req.Profile = p
					// Tokens are checked in TestVerdicts; counted here, they
					// would take as long as the calls.
					row, err := compare.Agent(ctx, path, req, compare.Options{KeepResults: true, NoTokens: true})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					checkPlan(t, name+" "+rel, req, row, p.Args(path, nil, nil), data)
					mu.Lock()
					ends[row.Plan.End]++
					mu.Unlock()
				}
			})
		}
	})
	// Every kind of ending is met somewhere, so each branch above ran.
	for _, end := range []string{compare.EndLastLine, compare.EndNoNext, compare.EndError} {
		if ends[end] == 0 {
			t.Errorf("no plan ended %s: %v", end, ends)
		}
	}
}

func checkPlan(t *testing.T, what string, req reader.Request, row *compare.Row, first json.RawMessage, data []byte) {
	t.Helper()
	calls := row.Plan.Calls
	if len(calls) == 0 || !bytes.Equal(calls[0].Args, first) {
		t.Fatalf("%s: the plan does not start with the default call %s", what, first)
	}
	sumBytes, sumTokens := 0, 0
	for i, c := range calls {
		res := c.Result
		if i > 0 {
			prev := calls[i-1].Result.Truncation
			if !bytes.Equal(c.Args, prev.Next) || c.Silent != prev.Silent {
				t.Fatalf("%s: call %d is %s, but the answer before it asked for %s", what, i+1, c.Args, prev.Next)
			}
		}
		if c.Bytes != len(res.Output) || c.LastLine != res.Truncation.LastLine || c.IsError != res.IsError || !bytes.Equal(c.Args, res.Args) {
			t.Fatalf("%s: call %d (%s) says other than its answer", what, i+1, c.Args)
		}
		if i == 0 || i == len(calls)-1 {
			// Made again, the call gets the same answer from the engine.
			again := req
			again.Args = c.Args
			res2, err := reader.Read(context.Background(), again)
			if err != nil {
				t.Fatal(err)
			}
			if res2.Output != res.Output {
				t.Fatalf("%s: call %d (%s) is not the engine's answer", what, i+1, c.Args)
			}
		}
		sumBytes += c.Bytes
		sumTokens += c.Tokens
	}
	if sumBytes != row.Plan.Bytes || sumTokens != row.Plan.Tokens {
		t.Errorf("%s: plan says %d bytes %d tokens, its calls add up to %d, %d", what, row.Plan.Bytes, row.Plan.Tokens, sumBytes, sumTokens)
	}
	last := calls[len(calls)-1].Result
	lt := last.Truncation
	switch row.Plan.End {
	case compare.EndLastLine:
		if row.Verdict != compare.Whole && row.Verdict != compare.Cut {
			t.Fatalf("%s: a %s row has a plan that reads the file", what, row.Verdict)
		}
		if len(lt.Next) != 0 || lt.Cap != reader.CapNone || last.IsError {
			t.Fatalf("%s: the plan ends at a call that goes on (cap %q, next %s)", what, lt.Cap, lt.Next)
		}
		want, phantom := lt.TotalLines, lt.TotalLines
		if !lt.TotalKnown {
			// The tools that do not count split on \n alone: Codex as
			// Rust's lines() does; crush (Go's ReadString) and Gemini
			// CLI's SVG text (split("\n")) make the empty text after a
			// final \n a line, which crush shows when its page has room.
			want, phantom = lfLines(data), lfLines(data)
			if len(data) > 0 && data[len(data)-1] == '\n' {
				phantom++
			}
		}
		// A result of no source lines (an image, a notebook's cells, an
		// empty file) has no window: Cap above says it is all there.
		if last.Facts.Kind == reader.KindFile && len(last.Lines) > 0 && lt.LastLine != want && lt.LastLine != phantom {
			t.Fatalf("%s: the plan ends at line %d, the file's last line is %d", what, lt.LastLine, want)
		}
	case compare.EndNoNext:
		if len(lt.Next) != 0 {
			t.Fatalf("%s: ends no_next but the last answer asks for %s", what, lt.Next)
		}
		if (row.Verdict == compare.Whole || row.Verdict == compare.Cut) && lt.Cap == reader.CapNone && !last.IsError {
			t.Fatalf("%s: ends no_next at a call that showed the rest", what)
		}
	case compare.EndNoProgress:
		if len(calls) < 2 || lt.LastLine > calls[len(calls)-2].LastLine {
			t.Fatalf("%s: ends no_progress after a call that went on to line %d", what, lt.LastLine)
		}
	case compare.EndError:
		if !last.IsError || len(calls) < 2 {
			t.Fatalf("%s: ends error at a call that succeeded", what)
		}
	default:
		t.Fatalf("%s: the plan ends %q", what, row.Plan.End)
	}
	if (row.Verdict == compare.Refused || row.Verdict == compare.Error) && len(calls) != 1 {
		t.Errorf("%s: a %s row made %d calls", what, row.Verdict, len(calls))
	}
}

// lfLines counts the lines of data split on \n, a final terminator adding none.
func lfLines(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// TestVerdicts: what compare says of chosen fixtures, agent by agent.
func TestVerdicts(t *testing.T) {
	root := readertest.FixtureRoot(t)
	type want struct {
		verdict     compare.Verdict
		cap, reason string
		message     string // its start; ROOT stands for the fixture root
		first       [3]int // first line, last line, total (-1: not counted)
		tail        [2]int // the tail a cut in the answer's middle shows
		calls       int
		modelAsked  bool
		end         string
		unseen      compare.Unseen
		size        int64
		tokenizer   string
		blocklist   bool
		worktree    string // relative to root, when not root
	}
	lastLine := compare.EndLastLine
	for _, c := range []struct {
		file, profile string
		want          want
	}{
		{"lines_3000.txt", "opencode", want{verdict: compare.Cut, cap: "lines", first: [3]int{1, 2000, 3000}, calls: 2, modelAsked: true, end: lastLine, size: 28893, tokenizer: "cl100k_base"}},
		{"lines_3000.txt", "codex", want{verdict: compare.Cut, cap: "lines", first: [3]int{1, 2000, 3000}, calls: 2, modelAsked: false, end: lastLine, size: 28893, tokenizer: "o200k_base"}},
		{"lines_3000.txt", "pi", want{verdict: compare.Cut, cap: "lines", first: [3]int{1, 2000, 3001}, calls: 2, modelAsked: true, end: lastLine, size: 28893}},
		{"lines_3000.txt", "claude-code", want{verdict: compare.Whole, first: [3]int{1, 3001, 3001}, calls: 1, modelAsked: true, end: lastLine, size: 28893}},
		{"lines_3000.txt", "crush", want{verdict: compare.Cut, cap: "lines", first: [3]int{1, 200, -1}, calls: 15, modelAsked: true, end: lastLine, size: 28893}},
		{"lines_3000.txt", "envelope", want{verdict: compare.Cut, cap: "lines", first: [3]int{1, 500, 3000}, calls: 6, modelAsked: true, end: lastLine, size: 28893}},
		{"lines_3000.txt", "opencode-legacy", want{verdict: compare.Cut, cap: "lines", first: [3]int{1, 2000, 3001}, calls: 2, modelAsked: true, end: lastLine, size: 28893}},
		// Codex's harness keeps the head and the tail of an answer over
		// 48,000 bytes: the plan reads on from the head's last line.
		{"codex/harness/rows_3000.txt", "codex", want{verdict: compare.Cut, cap: "tokens", first: [3]int{1, 322, 3000}, tail: [2]int{1690, 2000}, calls: 9, modelAsked: false, end: lastLine, size: 208893}},
		// Binary: refused by the engine's facts, or by Claude Code's words.
		{"prog.exe", "opencode", want{verdict: compare.Refused, reason: "binary", message: "Cannot read binary file: ROOT/prog.exe", calls: 1, modelAsked: true, end: "no_next", size: 1024}},
		{"prog.exe", "claude-code", want{verdict: compare.Refused, reason: "binary", message: "<tool_use_error>This tool cannot read binary files. The file appears to be a binary .exe file.", calls: 1, modelAsked: true, end: "no_next", size: -1}},
		{"prog.exe", "gemini-cli", want{verdict: compare.Refused, reason: "binary", message: "Cannot display content of binary file: prog.exe", calls: 1, modelAsked: true, end: "no_next", size: 1024}},
		{"prog.exe", "crush", want{verdict: compare.Refused, reason: "not_utf8", message: "File content is not valid UTF-8", calls: 1, modelAsked: true, end: "no_next", size: 1024}},
		{"prog.exe", "pi", want{verdict: compare.Whole, first: [3]int{1, 5, 5}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BytesReplaced: 512}, size: 1024}},
		{"text_named.zip", "pi", want{verdict: compare.Refused, reason: "blocklist", message: "Cannot read ROOT/text_named.zip: extension \".zip\" is restricted", calls: 1, modelAsked: true, end: "no_next", blocklist: true, size: 10}},
		// Line endings: \r\n shown as \n where the tool drops the \r.
		{"crlf.txt", "opencode", want{verdict: compare.Whole, first: [3]int{1, 3, 3}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{CRLFToLF: 3}, size: 9}},
		{"crlf.txt", "pi", want{verdict: compare.Whole, first: [3]int{1, 4, 4}, calls: 1, modelAsked: true, end: lastLine, size: 9}},
		{"crlf.txt", "claude-code", want{verdict: compare.Whole, first: [3]int{1, 4, 4}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{CRLFToLF: 3}, size: 9}},
		{"mixed_endings.txt", "opencode", want{verdict: compare.Whole, first: [3]int{1, 4, 4}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{CRLFToLF: 1}, size: 8}},
		{"broken_utf8.txt", "opencode", want{verdict: compare.Whole, first: [3]int{1, 6, 6}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BytesReplaced: 12}, size: 24}},
		// A byte order mark: dropped by the tools that strip it, kept (and
		// shown) by the ones that do not.
		{"bom_utf8.txt", "opencode", want{verdict: compare.Whole, first: [3]int{1, 2, 2}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BOMBytes: 3}, size: 15}},
		{"bom_utf8.txt", "gemini-cli", want{verdict: compare.Whole, first: [3]int{1, 3, 3}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BOMBytes: 3}, size: 15}},
		{"bom_utf8.txt", "pi", want{verdict: compare.Whole, first: [3]int{1, 3, 3}, calls: 1, modelAsked: true, end: lastLine, size: 15}},
		{"utf16le_bom.txt", "gemini-cli", want{verdict: compare.Whole, first: [3]int{1, 3, 3}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BOMBytes: 2}, size: 34}},
		// A UTF-16 file's unpaired surrogates (four, on one line): shown as
		// U+FFFD by the tools that decode UTF-16, 2 bytes of the file each.
		{"opencode-legacy/utf16/lone.txt", "claude-code", want{verdict: compare.Whole, first: [3]int{1, 1, 1}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BOMBytes: 2, BytesReplaced: 8}, size: 22}},
		{"opencode-legacy/utf16/lone.txt", "gemini-cli", want{verdict: compare.Whole, first: [3]int{1, 1, 1}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BOMBytes: 2, BytesReplaced: 8}, size: 22}},
		{"opencode-legacy/utf16/lone.txt", "opencode-legacy", want{verdict: compare.Whole, first: [3]int{1, 1, 1}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{BOMBytes: 2, BytesReplaced: 8}, size: 22}},
		// Long lines.
		{"long_5000.txt", "opencode", want{verdict: compare.Cut, cap: "per_line", first: [3]int{1, 3, 3}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{LinesCut: 1, CharsLost: 3000}, size: 5019}},
		{"long_5000.txt", "codex", want{verdict: compare.Cut, cap: "per_line", first: [3]int{1, 3, -1}, calls: 1, modelAsked: true, end: lastLine, unseen: compare.Unseen{LinesCut: 1, CharsLost: 4500}, size: 5019}},
		{"long_5000.txt", "pi", want{verdict: compare.Whole, first: [3]int{1, 4, 4}, calls: 1, modelAsked: true, end: lastLine, size: 5019}},
		{"line_100k.txt", "pi", want{verdict: compare.Cut, cap: "bytes", first: [3]int{0, 0, 3}, calls: 1, modelAsked: true, end: "no_next", size: 102413}},
		// pi shows line 1, then names offset=2, where a 60 KB line alone is
		// past its cap: that call shows nothing and names no call, and the
		// plan ends for that reason (the README's no_next).
		{"line_60k_second.txt", "pi", want{verdict: compare.Cut, cap: "bytes", first: [3]int{1, 1, 4}, calls: 2, modelAsked: true, end: "no_next", size: 60034}},
		{"line_100k.txt", "claude-code", want{verdict: compare.Cut, cap: "tokens", first: [3]int{1, 1, 3}, calls: 3, modelAsked: true, end: lastLine, unseen: compare.Unseen{LinesCut: 1, CharsLost: 17403}, size: 102413}},
		// Claude Code's whole-file size cap: cut, with nothing shown and no call named.
		{"claude/big_300k.txt", "claude-code", want{verdict: compare.Cut, cap: "size", message: "File content (310.9KB) exceeds maximum allowed size (256KB).", first: [3]int{0, 0, -1}, calls: 1, modelAsked: true, end: "no_next", size: 318393}},
		// Directories and missing paths: each agent's own answer.
		{"dir", "opencode", want{verdict: compare.Whole, first: [3]int{1, 12, 12}, calls: 1, modelAsked: true, end: lastLine, size: -1}},
		{"dir", "pi", want{verdict: compare.Error, message: "EISDIR: illegal operation on a directory, read", calls: 1, modelAsked: true, end: "no_next", size: -1}},
		{"dir", "cline", want{verdict: compare.Error, message: "Error reading file: Path is not a file: ROOT/dir", calls: 1, modelAsked: true, end: "no_next", size: -1}},
		{"nope.txt", "opencode", want{verdict: compare.Error, message: "File not found: ROOT/nope.txt", calls: 1, modelAsked: true, end: "no_next", size: -1}},
		// An image the tool reads and says the model will not get: pi
		// cannot fit 1×5000 in its box; opencode's session cannot decode
		// a bomb.
		{"images/thin.png", "pi", want{verdict: compare.Refused, reason: "media", message: "[Image omitted: could not be resized below the inline image size limit.]", calls: 1, modelAsked: true, end: "no_next", size: 272}},
		{"images/bomb.png", "opencode", want{verdict: compare.Refused, reason: "media", message: "[1 image omitted: could not be resized below the image size limit.]", first: [3]int{0, 0, -1}, calls: 1, modelAsked: true, end: "no_next", size: 65}},
		// Outside the workspace the tool allows.
		{"small.txt", "gemini-cli", want{verdict: compare.Refused, reason: "outside", message: "Path not in workspace: Attempted path \"ROOT/small.txt\" resolves outside", calls: 1, modelAsked: true, end: "no_next", worktree: "dir", size: -1}},
		{"small.txt", "envelope", want{verdict: compare.Refused, reason: "outside", message: "Access denied. Path must be within project root.", calls: 1, modelAsked: true, end: "no_next", worktree: "dir", size: -1}},
	} {
		t.Run(c.profile+"/"+c.file, func(t *testing.T) {
			p, err := all.Lookup(c.profile)
			if err != nil {
				t.Fatal(err)
			}
			req := request(root)
			req.Profile, req.Blocklist = p, c.want.blocklist
			if c.want.worktree != "" {
				req.Cwd = filepath.Join(root, c.want.worktree)
				req.Worktree = req.Cwd
			}
			row, err := compare.Agent(context.Background(), filepath.Join(root, c.file), req, compare.Options{})
			if err != nil {
				t.Fatal(err)
			}
			w := c.want
			msg := strings.ReplaceAll(w.message, "ROOT", root)
			total := row.First.TotalLines
			if !row.First.TotalKnown {
				total = -1
			}
			first := [3]int{row.First.FirstLine, row.First.LastLine, total}
			if w.first == ([3]int{}) && w.verdict != compare.Whole && w.verdict != compare.Cut {
				w.first = [3]int{0, 0, first[2]} // nothing shown: the total is the tool's business
			}
			if row.Verdict != w.verdict || row.Cap != w.cap || row.Reason != w.reason || !strings.HasPrefix(row.Message, msg) || (msg == "") != (row.Message == "") ||
				first != w.first || len(row.Plan.Calls) != w.calls || row.Plan.ModelAsked != w.modelAsked || row.Plan.End != w.end ||
				row.Unseen != w.unseen || row.Size != w.size || [2]int{row.First.Resumes, row.First.Ends} != w.tail {
				t.Errorf("got verdict %s cap %q reason %q message %q first %v tail %d-%d calls %d asked %v end %s unseen %+v size %d\nwant %+v",
					row.Verdict, row.Cap, row.Reason, row.Message, first, row.First.Resumes, row.First.Ends, len(row.Plan.Calls), row.Plan.ModelAsked, row.Plan.End, row.Unseen, row.Size, w)
			}
			if w.tokenizer != "" {
				// The first call again, counted here with the tokenizer named.
				again := req
				again.Args = row.First.Args
				res, err := reader.Read(context.Background(), again)
				if err != nil {
					t.Fatal(err)
				}
				codec, err := tokenizer.Get(tokenizer.Encoding(w.tokenizer))
				if err != nil {
					t.Fatal(err)
				}
				n, _ := codec.Count(res.Output)
				if row.Tokens.Tokenizer != w.tokenizer || !row.Tokens.Estimated || row.First.Tokens != n || n == 0 {
					t.Errorf("tokens %+v, first call %d; want %s, %d, estimated", row.Tokens, row.First.Tokens, w.tokenizer, n)
				}
			}
		})
	}
}

// TestFIFO: a FIFO with no writer gives every agent its own answer at once;
// none hangs, and each row is what that agent's read says.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := fixtures.Mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	rows, err := compare.All(context.Background(), fifo, request(dir), all.Profiles, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(all.Profiles) {
		t.Fatalf("%d rows for %d agents", len(rows), len(all.Profiles))
	}
	for i, r := range rows {
		want := compare.Row{Verdict: compare.Error, Reason: compare.ReasonNoAnswer}
		if r.Profile == "cline" { // Cline stats first and refuses what is not a file
			want = compare.Row{Verdict: compare.Error, Message: "Error reading file: Path is not a file: " + fifo}
		}
		if r.Profile != all.Profiles[i].Info().Name || r.Verdict != want.Verdict || r.Reason != want.Reason || r.Message != want.Message ||
			len(r.Plan.Calls) != 1 || (r.Reason == compare.ReasonNoAnswer) != (r.Note != "") {
			t.Errorf("%s: %s %q %q (note %q), want %s %q %q", r.Profile, r.Verdict, r.Reason, r.Message, r.Note, want.Verdict, want.Reason, want.Message)
		}
	}
}

// TestChanged: a file that changes between two calls ends the plan there.
func TestChanged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "grows.txt")
	var b strings.Builder
	for i := 1; i <= 3000; i++ {
		b.WriteString("line\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	req := request(dir)
	p, _ := all.Lookup("opencode")
	req.Profile = p
	req.FS = &growing{path: path}
	row, err := compare.Agent(context.Background(), path, req, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if row.Verdict != compare.Cut || row.Plan.End != compare.EndChanged || len(row.Plan.Calls) != 1 {
		t.Errorf("%s, %d calls, end %s; want cut, 1 call, end changed", row.Verdict, len(row.Plan.Calls), row.Plan.End)
	}
}

// growing is the disk, where path grows by a line once it has been opened.
type growing struct {
	reader.OS
	path   string
	opened bool
	grown  bool
}

func (g *growing) Open(name string) (reader.File, error) {
	if name == g.path {
		g.opened = true
	}
	return g.OS.Open(name)
}

func (g *growing) Stat(name string) (fs.FileInfo, error) {
	if name == g.path && g.opened && !g.grown {
		g.grown = true
		f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		f.WriteString("one more\n")
		f.Close()
	}
	return g.OS.Stat(name)
}

// TestSortWorstFirst: errors, then refusals, then cuts, then whole files,
// the profiles' order kept among equals.
func TestSortWorstFirst(t *testing.T) {
	rows := []*compare.Row{
		{Profile: "a", Verdict: compare.Whole}, {Profile: "b", Verdict: compare.Cut}, {Profile: "c", Verdict: compare.Error},
		{Profile: "d", Verdict: compare.Refused}, {Profile: "e", Verdict: compare.Cut}, {Profile: "f", Verdict: compare.Error},
	}
	compare.SortWorstFirst(rows)
	var got []string
	for _, r := range rows {
		got = append(got, r.Profile)
	}
	if strings.Join(got, "") != "cfdbea" {
		t.Errorf("order %v", got)
	}
}

// TestProgressCounts: Options.Progress counts every call of every plan and
// every agent answered, as All makes them.
func TestProgressCounts(t *testing.T) {
	root := filepath.Join(oracle.Testdata(), "fixtures")
	path := filepath.Join(root, "lines_3000.txt")
	var p compare.Progress
	rows, err := compare.All(context.Background(), path, request(root), all.Profiles, compare.Options{NoTokens: true, Progress: &p})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, r := range rows {
		calls += len(r.Plan.Calls)
	}
	if p.Answered.Load() != int64(len(all.Profiles)) || p.Calls.Load() != int64(calls) || calls <= len(all.Profiles) {
		t.Errorf("counted %d agents and %d calls; the rows hold %d agents and %d calls", p.Answered.Load(), p.Calls.Load(), len(rows), calls)
	}
}
