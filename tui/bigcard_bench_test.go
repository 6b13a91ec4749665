package tui

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/codex"
)

// bigCard is the inspector at 120x40 with one card: codex's read_file of a
// log of n lines with a limit past its end (the 2.38M-line case),
// drawn once, collapsed.
func bigCard(b *testing.B, n int) *Model {
	b.Helper()
	path := filepath.Join(b.TempDir(), "big.log")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i := range n {
		fmt.Fprintf(w, "2026-11-22T20:%02d:%02d.%06dZ INFO request served path=/api/v1/items/%d status=200\n", i/60%60, i%60, i, i)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	args := fmt.Appendf(nil, `{"file_path":%q,"limit":9999999}`, path)
	res, err := reader.Read(context.Background(), reader.Request{Profile: codex.Profile, Args: args, Cwd: filepath.Dir(path)})
	if err != nil || res.IsError {
		b.Fatal(err, res.Output[:min(len(res.Output), 200)])
	}
	m := New(Options{Cwd: filepath.Dir(path)})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m.tr.add(&card{id: 1, profile: "codex", tool: "read_file", args: args, path: path, res: res}, -1)
	m.focus = focusTranscript
	m.View()
	return m
}

func benchBig(b *testing.B, n int) {
	m := bigCard(b, n)
	b.Run("expand", func(b *testing.B) {
		for b.Loop() {
			m.tr.cards[0].expanded = false
			m.tr.cards[0].invalidate()
			press(m, "ctrl+e")
			m.View()
		}
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

// BenchmarkBigCard220k: a 220k-line expanded card, the realistic case of
// issue 11 (gemini-cli on a 19 MB file froze 2.3 s on expand); budget: a
// frame under 16 ms.
func BenchmarkBigCard220k(b *testing.B) { benchBig(b, 220_000) }

// BenchmarkBigCard2M: a 2.38M-line expanded card (200 MB), issue 11's
// worst case (18 s and 3.6 GB on expand before).
func BenchmarkBigCard2M(b *testing.B) { benchBig(b, 2_380_000) }
