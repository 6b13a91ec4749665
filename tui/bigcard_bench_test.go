package tui

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/codex"
	"github.com/readlens/readlens/reader/agents/gemini"
	"github.com/readlens/readlens/render"
)

// The budgets of issue 11, for a card of any length: a key answered
// within one 60 Hz frame (16 ms), and what the inspector holds with the
// card expanded under three times the output plus 64 MiB (heap-MiB
// against budget-MiB). "measure" is the pass over the whole result that
// readCmd makes off the UI loop before the card arrives: it delays the
// card, never a frame.

// logLine is the 200 MB log: plain ASCII, no tabs.
func logLine(i int) string {
	return fmt.Sprintf("2026-11-22T20:%02d:%02d.%06dZ INFO request served path=/api/v1/items/%d status=200\n", i/60%60, i%60, i, i)
}

// goLine is Go source: tab-indented, the rows whose width takes building.
func goLine(i int) string {
	return fmt.Sprintf("\t\tif err := handle%d(ctx, req); err != nil {\n\t\t\treturn fmt.Errorf(\"step %d: %%w\", err)\n\t\t}\n", i, i)
}

// bigRead reads a file of n generated lines with the tool's own call
// for all of it: codex's read_file with a limit past the end, or
// gemini-cli's read_file with end_line past it.
func bigRead(b *testing.B, n int, line func(int) string, profile reader.Profile, args string) *reader.Result {
	b.Helper()
	path := filepath.Join(b.TempDir(), "big.txt")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := range n {
		w.WriteString(line(i))
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	res, err := reader.Read(context.Background(), reader.Request{Profile: profile, Args: fmt.Appendf(nil, args, path), Cwd: filepath.Dir(path)})
	if err != nil || res.IsError {
		b.Fatal(err, res.Output[:min(len(res.Output), 200)])
	}
	return res
}

// bigCard is the inspector at 120x40 with res as its one card, measured
// as readCmd measures it, drawn once, collapsed.
func bigCard(res *reader.Result) *Model {
	m := New(Options{Cwd: filepath.Dir(res.Path)})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m.tr.add(&card{id: 1, profile: res.Profile, tool: res.Tool, args: res.Args, path: res.Path, res: res, measure: render.Measured(m.st, res)}, -1)
	m.focus = focusTranscript
	m.View()
	return m
}

func benchBig(b *testing.B, res *reader.Result) {
	m := bigCard(res)
	b.Run("measure", func(b *testing.B) {
		for b.Loop() {
			render.Measured(m.st, res)
		}
	})
	b.Run("expand", func(b *testing.B) {
		for b.Loop() {
			m.tr.cards[0].expanded = false
			m.tr.cards[0].invalidate()
			press(m, "ctrl+e")
			m.View()
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MiB")
		b.ReportMetric(float64(3*len(res.Output)+64<<20)/(1<<20), "budget-MiB")
	})
	b.Run("scroll", func(b *testing.B) {
		for b.Loop() {
			drive(m, tea.MouseWheelMsg{X: 60, Y: 20, Button: tea.MouseWheelDown})
			m.View()
		}
	})
	b.Run("G", func(b *testing.B) {
		for b.Loop() {
			m.tr.top = 0
			press(m, "G")
			m.View()
		}
	})
}

const codexAll = `{"file_path":%q,"limit":9999999}`

// BenchmarkBigCard220k: a 220k-line expanded card (issue 11: gemini-cli on
// a 19 MB file froze 2.3 s on expand).
func BenchmarkBigCard220k(b *testing.B) {
	benchBig(b, bigRead(b, 220_000, logLine, codex.Profile, codexAll))
}

// BenchmarkBigCard2M: a 2.38M-line expanded card (200 MB), issue 11's
// worst case (18 s and 3.6 GB on expand before).
func BenchmarkBigCard2M(b *testing.B) {
	benchBig(b, bigRead(b, 2_380_000, logLine, codex.Profile, codexAll))
}

// BenchmarkBigCardGo219k: gemini-cli's read_file of 219k lines of
// tab-indented Go, every row of which has to be built to be measured.
func BenchmarkBigCardGo219k(b *testing.B) {
	benchBig(b, bigRead(b, 73_000, goLine, gemini.Profile, `{"file_path":%q,"end_line":999999}`))
}
