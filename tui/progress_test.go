package tui

import (
	"image/color"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/theme"
)

// TestProgressOfASlowRead: a running card says how much its read has read
// and for how long, and how to stop it; the spinner stops ticking once no
// read runs (issue 11, defect 6: an 8 GB read showed nothing for 6.7 s).
func TestProgressOfASlowRead(t *testing.T) {
	m := New(Options{})
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 30})
	t0 := time.Unix(1700000000, 0)
	m.now = func() time.Time { return t0.Add(2500 * time.Millisecond) }
	c := &card{profile: "pi", tool: "read", args: []byte(`{"path":"/big.dat"}`), path: "/big.dat", began: t0}
	c.progress.Store(12900 << 10)
	m.tr.add(c, -1)
	m.focus = focusTranscript
	if s := screen(m); !strings.Contains(s, "reading: 12.6 MiB in 2.5 s · x stops it") {
		t.Fatalf("no progress on the running card:\n%s", s)
	}
	m.spinning = true
	if _, cmd := m.Update(spinner.TickMsg{}); cmd == nil || !m.spinning {
		t.Fatal("the spinner stopped while a read runs")
	}
	c.res = &reader.Result{Output: "x"}
	if _, cmd := m.Update(spinner.TickMsg{}); cmd != nil || m.spinning {
		t.Fatal("the spinner still ticks with no read running")
	}
}

// TestChosenTheme: --theme fixes the theme: the terminal's answer does not
// change it (issue 11, defect 14: the inspector had no --theme).
func TestChosenTheme(t *testing.T) {
	m := New(Options{Theme: "light"})
	if m.st.Dark {
		t.Fatal("light asked, dark given")
	}
	m.Update(tea.BackgroundColorMsg{Color: color.Black})
	if m.st.Dark {
		t.Fatal("the terminal's background overrode the chosen theme")
	}
	auto := New(Options{})
	auto.Update(tea.BackgroundColorMsg{Color: color.White})
	if auto.st.Dark {
		t.Fatal("without --theme, a light terminal should get the light theme")
	}
}

// TestHighlightIsBounded: the pretty view colours at most highlightMaxLines
// lines of a card; the rest are drawn plain (issue 11: a 2.38M-line card
// would hold a coloured copy of every line).
func TestHighlightIsBounded(t *testing.T) {
	defer func(n int) { highlightMaxLines = n }(highlightMaxLines)
	highlightMaxLines = 5
	res := &reader.Result{Path: "/x/main.go"}
	for i := range 50 {
		res.Lines = append(res.Lines, reader.Line{N: i + 1, Text: "var x = 1"})
	}
	msg := highlightCmd(theme.New(true), 1, res)().(highlightedMsg)
	if len(msg.rows) != 5 {
		t.Fatalf("%d lines coloured, want 5", len(msg.rows))
	}
}
