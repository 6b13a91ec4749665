package tui

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// bigSession writes a session of about mb megabytes: pi's recorded session
// (testdata/sessions/pi), its conversation repeated.
func bigSession(b testing.TB, mb int) string {
	b.Helper()
	data, err := os.ReadFile("../testdata/sessions/pi/reads.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(b.TempDir(), "big.jsonl")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for n := 0; n < mb<<20; n += len(data) {
		w.Write(data)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	return p
}

// BenchmarkSessionFirstScreen is the time from opening a long session to
// a drawn screen holding its first read card, while the rest of the file
// is still being read (READLENS_SESSION_MB sets its size, 500 MB by
// default; the budget is 1 s).
func BenchmarkSessionFirstScreen(b *testing.B) {
	mb := 500
	if s := os.Getenv("READLENS_SESSION_MB"); s != "" {
		mb, _ = strconv.Atoi(s)
	}
	p := bigSession(b, mb)
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		m := New(Options{Dir: b.TempDir(), Theme: "dark"})
		ctx, cancel := context.WithCancel(context.Background())
		m.ctx = ctx
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		cmd := m.openSession(SessionFile{Path: p})
		for len(m.sess.cards) == 0 || m.sess.cards[0].rec == nil {
			_, cmd = m.Update(cmd())
		}
		_ = m.View()
		b.ReportMetric(float64(time.Since(start).Milliseconds()), "ms-first-screen")
		b.ReportMetric(float64(m.sess.read)/float64(m.sess.size)*100, "%-read")
		cancel()
	}
}
