package cli

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/readlens/readlens/reader/audit"
)

// TestProgressLine: the bar and the count once the files are counted, the
// count alone before; names terminal-safe; never wider than the terminal.
func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		done, total int
		counted     bool
		current     string
		width       int
		want        string
	}{
		{3, 0, false, "a.go", 80, "3 files audited · a.go"},
		{1, 0, false, "", 80, "1 file audited"},
		{5, 10, true, "dir/b.go", 80, "[##########----------] 5 of 10 files · dir/b.go"},
		{1234, 1234, true, "", 80, "[####################] 1,234 of 1,234 files"},
		{0, 0, true, "", 80, "[--------------------] 0 of 0 files"},
		{2, 4, true, "evil\x1b[2Jname", 80, "[##########----------] 2 of 4 files · evil␛[2Jname"},
		{5, 10, true, "a/very/long/path/name.go", 40, "[##########----------] 5 of 10 files …"},
	} {
		got := progressLine(c.done, c.total, c.counted, c.current, c.width)
		if got != c.want {
			t.Errorf("progressLine(%d, %d, %v, %q, %d) = %q, want %q", c.done, c.total, c.counted, c.current, c.width, got, c.want)
		}
	}
}

// TestProgressHoldAndEnd: the line is drawn with \r and erased before
// anything else is written, and erased for good at the end.
func TestProgressHoldAndEnd(t *testing.T) {
	var buf syncBuffer
	p := &audit.Progress{}
	p.Total.Store(2)
	p.Counted.Store(true)
	p.Emitted.Store(1)
	bar := startAuditProgress(&buf, p, func() int { return 80 })
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(buf.String(), "1 of 2 files") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	resume := bar.hold()
	if !strings.HasSuffix(buf.String(), "\r\x1b[K") {
		t.Errorf("hold did not erase the line: %q", buf.String())
	}
	buf.WriteString("finding\n")
	resume()
	bar.end()
	bar.end() // twice is harmless
	out := buf.String()
	if !strings.HasPrefix(out, "\r[##########----------] 1 of 2 files\x1b[K") || !strings.Contains(out, "\r\x1b[Kfinding\n") {
		t.Errorf("output %q", out)
	}
	if n := len(out); n > 0 && !strings.HasSuffix(out, "\r\x1b[K") && !strings.HasSuffix(out, "finding\n") {
		t.Errorf("the line was left on the screen: %q", out)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) WriteString(x string) { s.Write([]byte(x)) }

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestCompareProgressLine: the agents answered of those asked, and the
// calls made; never wider than the terminal.
func TestCompareProgressLine(t *testing.T) {
	for _, c := range []struct {
		answered, agents int
		calls            int64
		width            int
		want             string
	}{
		{0, 10, 0, 80, "[--------------------] 0 of 10 agents answered · 0 calls made"},
		{4, 10, 12345, 80, "[########------------] 4 of 10 agents answered · 12,345 calls made"},
		{1, 1, 1, 80, "[####################] 1 of 1 agent answered · 1 call made"},
		{11, 10, 7, 80, "[####################] 10 of 10 agents answered · 7 calls made"},
		{4, 10, 12345, 40, "[########------------] 4 of 10 agents…"},
	} {
		if got := compareProgressLine(c.answered, c.agents, c.calls, c.width); got != c.want {
			t.Errorf("compareProgressLine(%d, %d, %d, %d) = %q, want %q", c.answered, c.agents, c.calls, c.width, got, c.want)
		}
	}
}
