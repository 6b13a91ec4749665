package audit_test

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/compare"
)

// plainShape is a plain file to make: lines of width characters each (the
// last one last), ending in a newline or not, opening with head. A wide
// shape draws some of its characters from beyond ASCII: two, three and
// four bytes each, one or two UTF-16 units.
type plainShape struct {
	lines, width, last int
	newline, wide      bool
	head               string
}

const asciiAlphabet = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ\t0123456789{}()[];:.,<>=+-*/&|!?\"'`~@#$%^_\\"

var wideAlphabet = []rune(asciiAlphabet + "éßπЖ中日本語€😀𝄞\u00a0\u0080\u009f\ufffd")

func (s plainShape) bytes(rng *rand.Rand) []byte {
	var b strings.Builder
	b.WriteString(s.head)
	for i := range s.lines {
		w := s.width
		if i == s.lines-1 {
			w = s.last
		}
		if i == 0 {
			w = max(0, w-len(s.head))
		}
		for range w {
			if s.wide {
				b.WriteRune(wideAlphabet[rng.IntN(len(wideAlphabet))])
			} else {
				b.WriteByte(asciiAlphabet[rng.IntN(len(asciiAlphabet))])
			}
		}
		if i < s.lines-1 || s.newline {
			b.WriteByte('\n')
		}
	}
	return []byte(b.String())
}

// plainShapes are files at and around every cap of the ten agents: line
// counts, line widths, and sizes in bytes (with each tool's prefixes and
// separators the caps count) and Claude Code's token gate.
func plainShapes(rng *rand.Rand) []plainShape {
	var out []plainShape
	add := func(lines, width int) {
		for _, nl := range []bool{false, true} {
			out = append(out, plainShape{lines: lines, width: width, last: width, newline: nl})
		}
	}
	for _, n := range []int{1, 2, 198, 199, 200, 201, 202, 498, 499, 500, 501, 1998, 1999, 2000, 2001, 2002} {
		add(n, 3)
	}
	for _, w := range []int{0, 1, 498, 499, 500, 501, 1998, 1999, 2000, 2001, 2002} {
		add(3, w)
	}
	// Sizes: Cline's 48,000 characters, the 50 KB budgets, Claude Code's
	// gate near 25,000 (12,500 for JSON) units, crush's 200 KB section.
	for _, total := range []int{12_400, 12_500, 12_600, 24_900, 25_000, 25_100, 47_000, 48_000, 49_000, 50_000, 51_200, 52_000, 204_000, 204_800, 205_600} {
		for _, w := range []int{9, 99, 1999} {
			n := total / (w + 1)
			for _, d := range []int{-1, 0, 1} {
				out = append(out, plainShape{lines: n, width: w, last: max(0, total-(n-1)*(w+1)+d), newline: d == 0})
			}
		}
	}
	for range 120 {
		n := 1 + rng.IntN(2100)
		w := rng.IntN(120)
		if rng.IntN(4) == 0 {
			w = rng.IntN(2200)
			n = 1 + rng.IntN(40)
		}
		out = append(out, plainShape{lines: n, width: w, last: rng.IntN(w + 1), newline: rng.IntN(2) == 0, wide: rng.IntN(3) == 0})
	}
	// Wide lines at the caps in characters, which are more bytes.
	for _, w := range []int{249, 250, 499, 500, 666, 667, 999, 1000, 1999, 2000, 2001} {
		out = append(out, plainShape{lines: 3, width: w, last: w, newline: true, wide: true})
	}
	for _, n := range []int{199, 200, 201, 1999, 2000, 2001} {
		out = append(out, plainShape{lines: n, width: 3, last: 3, wide: true})
	}
	// Past Claude Code's token cap, a partial page of blank lines gives
	// the file's first characters instead.
	out = append(out, plainShape{lines: 1500, width: 99, last: 99, newline: true, head: strings.Repeat(" \t \n", 2500)})
	return out
}

// TestPlainWholeIsWhole: a read the engine answers from a plain file's
// shape (Request.FactsOnly, reader/plain.go) is one the tool itself shows
// whole with nothing hidden, and any other read asking only for facts is
// the read, word for word. Every profile reads files at and around its
// caps, under names the agents treat apart (images, PDFs, notebooks, SVG,
// JSON, binary extensions) and with plain bytes that look like media, both
// ways; the shortcut must never claim a file the full read cuts, refuses
// or fails on, and must answer for every profile somewhere.
func TestPlainWholeIsWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 29))
	dir := t.TempDir()
	type file struct {
		path string
		data []byte
	}
	var files []file
	put := func(name string, data []byte) {
		p := filepath.Join(dir, fmt.Sprintf("%04d", len(files)), name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, file{p, data})
	}
	for i, s := range plainShapes(rng) {
		names := []string{"f.go", "f.json", "F.JSONL", "Makefile"}
		put(names[i%len(names)], s.bytes(rng))
	}
	small := plainShape{lines: 12, width: 40, last: 40, newline: true}
	for _, name := range []string{"a.txt", "a.png", "a.jpg", "a.pdf", "a.ipynb", "a.svg", "a.exe", "a.zip", "a.ts", "a.mp3", "a.wav", "a.class", ".env", "noext", "a.tar.gz", "a.bin"} {
		put(name, small.bytes(rng))
	}
	for _, head := range []string{"GIF89a", "%PDF-1.4\n", "<svg xmlns=\"http://www.w3.org/2000/svg\">", "<?xml version=\"1.0\"?>\n", "#!/bin/sh\n", "{\"cells\": []}\n", "PK", "RIFF"} {
		for _, name := range []string{"noext", "h.txt", "h.svg"} {
			s := small
			s.head = head
			put(name, s.bytes(rng))
		}
	}
	// Characters a runtime may end a line at or drop, in text that is
	// otherwise plain: the engine must leave these to the tools.
	for _, odd := range []string{"\u2028", "\u2029", "\u0085", "\ufeff", "\r", "\x0b", "\x0c", "\x1c", "\x00", "\x7f", "\xff", "\xed\xa0\x80"} {
		for _, at := range []string{"start", "middle"} {
			body := small.bytes(rng)
			if at == "start" {
				put("odd.txt", append([]byte(odd), body...))
			} else {
				put("odd.txt", append(append(body[:len(body)/2:len(body)/2], odd...), body[len(body)/2:]...))
			}
		}
	}
	bigSVG := plainShape{lines: 1000, width: 1100, last: 1100, newline: true}
	put("big.svg", bigSVG.bytes(rng))

	stats := &reader.StatCache{}
	defer stats.Close()
	shaped := map[string]int{}
	for _, f := range files {
		factsBothWays(t, f.path, dir, stats, all.Profiles, shaped, true)
	}
	for _, p := range all.Profiles {
		if shaped[p.Info().Name] == 0 {
			t.Errorf("%s: never answered from a plain file's shape", p.Info().Name)
		}
		_, cuts := p.(reader.PlainCut)
		_, heads := p.(reader.PlainHeadCut)
		if (cuts || heads) && shaped[p.Info().Name+" cut"] == 0 {
			t.Errorf("%s: never told a cut from a plain file's shape", p.Info().Name)
		}
	}
	t.Logf("answered from the shape: %v of %d files, twice each", shaped, len(files))
}

// TestPlainCutAtItsEdges: the cut in the middle the engine tells from a
// plain page's shape (reader.PlainCut) is the read's, for pages of even
// lines whose ends fall on, just before and just after the head's end and
// the tail's start, in turn, as the line width and count vary.
func TestPlainCutAtItsEdges(t *testing.T) {
	dir := t.TempDir()
	stats := &reader.StatCache{}
	defer stats.Close()
	var cutters reader.Profiles
	for _, p := range all.Profiles {
		if _, ok := p.(reader.PlainCut); ok {
			cutters = append(cutters, p)
		}
	}
	shaped := map[string]int{}
	i := 0
	page := func(lines, width, first, last int, newline bool, fill string) {
		body := strings.Repeat("f", first) + "\n" + strings.Repeat(strings.Repeat(fill, width)+"\n", lines-2) + strings.Repeat("l", last)
		if newline {
			body += "\n"
		}
		path := filepath.Join(dir, fmt.Sprintf("%04d.txt", i))
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		factsBothWays(t, path, dir, stats, cutters, shaped, false)
		i++
	}
	// A line more on the first and the last line moves the head's end and
	// the tail's start by a byte: a whole line's worth of such steps puts
	// each on a line's end, and either side of it.
	for _, lines := range []int{170, 701, 1999} {
		for _, width := range []int{9, 23, 57, 89} {
			for more := range width + 9 {
				page(lines, width, width+more, width+more, more%2 == 0, "x")
			}
		}
	}
	// Characters of more bytes than units, and of two units.
	for _, fill := range []string{"é", "中", "😀"} {
		for _, width := range []int{11, 40} {
			for more := range 2*width + 9 {
				page(333, width, width+more, width+more, more%2 == 0, fill)
			}
		}
	}
	for _, p := range cutters {
		if shaped[p.Info().Name+" cut"] < 100 {
			t.Errorf("%s: told %d cuts from the shape", p.Info().Name, shaped[p.Info().Name+" cut"])
		}
	}
}

// cutFromShape says the engine answered short, a cut read without words,
// from the page's shape (reader.PlainCut, reader.PlainHeadCut): its
// head's lines are numbered, without the text the read's lines have.
func cutFromShape(short, read *reader.Result) bool {
	if !short.Unworded || len(short.Lines) == 0 || len(short.Lines) != len(read.Lines) {
		return false
	}
	text := false
	for i, l := range short.Lines {
		if l.Text != "" {
			return false
		}
		text = text || read.Lines[i].Text != ""
	}
	return text
}

// TestFactsOfTheFixtures: the fixtures (binary junk, CRLF, invalid UTF-8,
// long lines, images, notebooks) read for their facts alone, with and
// without words, give every agent's verdict, caps, lines and errors as
// the plain read does.
func TestFactsOfTheFixtures(t *testing.T) {
	root := filepath.Join(oracle.Testdata(), "fixtures")
	stats := &reader.StatCache{}
	defer stats.Close()
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		n++
		factsBothWays(t, path, root, stats, all.Profiles, map[string]int{}, false)
		return nil
	})
	if err != nil || n < 100 {
		t.Fatalf("%d fixtures: %v", n, err)
	}
}

// factsBothWays reads path with each of profiles as an audit does (held, in
// a snapshot) three ways: for its words, for its facts (Request.FactsOnly)
// and for its facts without words (Request.NoWords). A read answered from
// the file's shape must be one the tool shows whole with nothing hidden;
// every other must be the read's own facts, and its words too unless it
// was asked for none. shaped counts the shape's answers by profile.
func factsBothWays(t *testing.T, path, cwd string, stats *reader.StatCache, profiles reader.Profiles, shaped map[string]int, noImagesToo bool) {
	t.Helper()
	now := func() time.Time { return time.Unix(1e9, 0) } // envelope's text says how long it took
	data, info, ok := reader.ReadOnce(reader.OS{}, path, 8<<20, nil)
	if !ok {
		return // read from the disk by every call, as the audit leaves it
	}
	for _, noImages := range []bool{false, true} {
		if noImages && !noImagesToo {
			break
		}
		for _, p := range profiles {
			name := p.Info().Name
			read := func(facts, noWords bool) *compare.Row {
				req := reader.Request{Profile: p, Cwd: cwd, Worktree: cwd, NoImages: noImages, Now: now, FactsOnly: facts, NoWords: noWords}
				req.FS = reader.Snapshot(reader.OS{}, stats, path, data, info)
				row, err := compare.First(context.Background(), path, req, compare.Options{NoTokens: true, KeepResults: true})
				if err != nil {
					t.Fatal(err)
				}
				return row
			}
			full := read(false, false)
			if full.First.Result.Unworded {
				t.Fatalf("%s on %s: unworded without asking", name, path)
			}
			if len(full.First.Result.Attachments) > 0 {
				continue // media: never a page, and the slowest reads here
			}
			shape := false
			for _, noWords := range []bool{false, true} {
				short := read(true, noWords)
				s, l := short.First, full.First
				if !noWords && s.Result.Unworded {
					// Words were asked for: only the shape leaves them out.
					shape = true
					shaped[name]++
					if full.Verdict != compare.Whole || full.Unseen != (compare.Unseen{}) || short.Verdict != compare.Whole ||
						short.Size != full.Size || s.LastLine != l.LastLine {
						t.Errorf("%s on %s (%d bytes, no images %v): answered whole from its shape to line %d; read: %s %s%s to line %d, unseen %+v",
							name, path, len(data), noImages, s.LastLine, full.Verdict, full.Cap, full.Reason, l.LastLine, full.Unseen)
					}
					continue
				}
				if shape {
					if !s.Result.Unworded || s.Result.Lines != nil || short.Verdict != compare.Whole || s.LastLine != l.LastLine {
						t.Errorf("%s on %s: answered from its shape, then not without words", name, path)
					}
					continue
				}
				// Read after all: what a profile learnt asking (Claude
				// Code's count) must not change the answer, and without
				// words only the words go.
				same := short.Verdict == full.Verdict && short.Cap == full.Cap && short.Reason == full.Reason &&
					short.Message == full.Message && short.Note == full.Note && short.Unseen == full.Unseen &&
					s.FirstLine == l.FirstLine && s.LastLine == l.LastLine && s.TotalLines == l.TotalLines &&
					s.TotalKnown == l.TotalKnown && s.IsError == l.IsError && len(s.Result.Lines) == len(l.Result.Lines) &&
					reflect.DeepEqual(s.Result.Truncation.CutLines, l.Result.Truncation.CutLines) &&
					s.Resumes == l.Resumes && s.Ends == l.Ends && s.Result.Truncation.Silent == l.Result.Truncation.Silent &&
					string(s.Result.Truncation.Next) == string(l.Result.Truncation.Next) &&
					s.Result.Truncation.NextOffset == l.Result.Truncation.NextOffset
				switch {
				case !s.Result.Unworded:
					same = same && s.Result.Output == l.Result.Output
				case !s.IsError && s.Result.Output != "":
					t.Errorf("%s on %s: asked for no words, got %q", name, path, s.Result.Output)
				}
				if noWords && cutFromShape(s.Result, l.Result) {
					shaped[name+" cut"]++
				}
				if !same {
					t.Errorf("%s on %s (no words %v): asked for facts: %s %s%s %q lines %d-%d of %d, tail %d-%d, next %s; read: %s %s%s %q lines %d-%d of %d, tail %d-%d, next %s",
						name, path, noWords, short.Verdict, short.Cap, short.Reason, short.Message, s.FirstLine, s.LastLine, s.TotalLines, s.Resumes, s.Ends, s.Result.Truncation.Next,
						full.Verdict, full.Cap, full.Reason, full.Message, l.FirstLine, l.LastLine, l.TotalLines, l.Resumes, l.Ends, l.Result.Truncation.Next)
				}
			}
		}
	}
}
