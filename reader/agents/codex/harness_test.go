package codex

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
)

// TestHarnessFacts: what the model gets of an answer over 48,000 bytes,
// told line by line, is the same whether the call keeps its words or only
// its facts (an audit without tokens), and the lines kept are the head's
// and the tail's.
func TestHarnessFacts(t *testing.T) {
	root := readertest.FixtureRoot(t)
	for _, c := range []readertest.MiddleCut{
		{`{"file_path":"$F/codex/harness/over_48001.txt"}`, 206, 208, 410},
		{`{"file_path":"$F/codex/harness/cjk.txt"}`, 208, 314, 519},
		{`{"file_path":"$F/codex/harness/rows_3000.txt"}`, 322, 1690, 2000},
		{`{"file_path":"$F/codex/harness/rows_3000.txt","offset":1500,"limit":1000}`, 1810, 2189, 2499},
		{`{"file_path":"$F/codex/harness/block.py","mode":"indentation","indentation":{"anchor_line":2}}`, 373, 1145, 1502},
		{`{"file_path":"$F/codex/harness/at_48000.txt"}`, 410, 0, 0},
		{`{"file_path":"$F/claude/big_300k.txt","offset":2500}`, 2806, 4193, 4499},
	} {
		readertest.CheckMiddleCut(t, Profile, root, c, reader.CapTokens, "offset")
	}
}

// TestPlainBytes: the length of a plain page's answer, told from its
// line count and bytes, is the answer's own.
func TestPlainBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for range 200 {
		n := r.IntN(2500)
		lines, bytes := make([]reader.Line, n), 0
		for i := range lines {
			lines[i] = reader.Line{N: i + 1, Text: strings.Repeat("a", r.IntN(40))}
			bytes += len(lines[i].Text)
		}
		if got, want := cxPlainBytes(n, bytes), cxAnswerBytes(lines); got != want {
			t.Fatalf("%d lines of %d bytes: %d, want %d", n, bytes, got, want)
		}
	}
}

// TestModelView: a read_file answer cut as the harness cuts it, told from
// its text alone (a rollout's record), is what Codex sent the model.
func TestModelView(t *testing.T) {
	root := readertest.FixtureRoot(t)
	for name, file := range map[string]string{
		"harness_at_48000": "at_48000.txt", "harness_over_48001": "over_48001.txt",
		"harness_cjk": "cjk.txt", "harness_emoji": "emoji.txt", "harness_rows_3000": "rows_3000.txt",
	} {
		b, err := os.ReadFile(filepath.Join(root, "codex", "harness", file))
		if err != nil {
			t.Fatal(err)
		}
		var answer []string
		for i, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")[:min(2000, strings.Count(string(b), "\n"))] {
			answer = append(answer, "L"+strconv.Itoa(i+1)+": "+l)
		}
		rec, err := oracle.Load("codex", name)
		if err != nil {
			t.Fatal(err)
		}
		if got := ModelView(strings.Join(answer, "\n")); got != rec.Output {
			t.Errorf("%s: %d bytes, the recording %d", name, len(got), len(rec.Output))
		}
	}
}
