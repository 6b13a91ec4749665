package tui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// TestDemoOpensAtTheTop: the demo opens on its first card, scrolled to the
// top, so a newcomer's first ctrl+e expands the long Go file (issue 11,
// defect 2: it opened at the bottom with the image card selected, where
// ctrl+e, enter and down changed nothing).
func TestDemoOpensAtTheTop(t *testing.T) {
	m := New(Demo())
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	if m.tr.sel != 0 || m.tr.top != 0 {
		t.Fatalf("selected card %d, top row %d; want the first card at the top", m.tr.sel, m.tr.top)
	}
	screen := ansi.Strip(m.View().Content)
	if !strings.Contains(screen, "src/server.go") {
		t.Fatalf("the first screen does not show the first card:\n%s", screen)
	}
	press(m, "ctrl+e")
	if c := m.tr.cards[0]; !c.expanded || !strings.HasSuffix(c.path, "src/server.go") {
		t.Fatalf("the first ctrl+e expanded card %q: %v", c.path, c.expanded)
	}
}

// TestEndOfAnExpandedCard: G shows the end of the last card, footer and
// warning included (issue 11, defect 11: G went to the card's top and the
// footer of a 2000-line card took 43 pgdn).
func TestEndOfAnExpandedCard(t *testing.T) {
	o := Demo()
	o.Reads = o.Reads[:1]
	m := New(o)
	drive(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(m, tea.BatchMsg{m.Init()})
	for _, k := range []string{"G", "end"} {
		press(m, "g", "ctrl+e", k)
		rows := strings.Split(ansi.Strip(m.View().Content), "\n")
		if got := strings.Join(rows[len(rows)-6:], "\n"); !strings.Contains(got, "line cap: the tool showed lines 1–2000 of 2709") {
			t.Fatalf("%s: the last rows are not the card's end:\n%s", k, got)
		}
		press(m, "ctrl+e")
	}
}

// TestAgentFollowsTheSelectedCard: the header shows the selected card's
// agent, p asks the next agent from there, and the new card sits right
// after the card it came from (issue 11, defect 3: with a pi card selected
// the header showed another agent and p made a card of that agent's next,
// at the end).
func TestAgentFollowsTheSelectedCard(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "down", "down") // notes/windows.txt, read by pi
	if c := m.tr.selected(); c.profile != "pi" || m.current() != "pi" {
		t.Fatalf("selected %s's card, current agent %s; want pi's, pi", c.profile, m.current())
	}
	press(m, "p")
	if m.tr.sel != 3 || m.tr.cards[3].profile != "claude-code" || !strings.HasSuffix(m.tr.cards[3].path, "notes/windows.txt") {
		t.Fatalf("card %d selected; card 3 is %s on %s; want claude-code's read of notes/windows.txt right after pi's",
			m.tr.sel, m.tr.cards[3].profile, m.tr.cards[3].path)
	}
	press(m, "up")
	if m.current() != "pi" {
		t.Fatalf("back on pi's card, the current agent is %s", m.current())
	}
	press(m, "P")
	if c := m.tr.cards[3]; c.profile != "opencode" || m.tr.sel != 3 {
		t.Fatalf("P from pi's card made %s's card at %d", c.profile, m.tr.sel)
	}
}

// TestEscClosesHelp: esc closes the full help, and the help names the
// arrows and / beside their letters (issue 11, defect 14).
func TestEscClosesHelp(t *testing.T) {
	m := demo(t, 160, 40)
	press(m, "?")
	if !m.fullHelp {
		t.Fatal("? did not open the help")
	}
	help := screen(m)
	for _, k := range []string{"p/→", "P/←", "tab"} {
		if !strings.Contains(help, k) {
			t.Errorf("the help does not name %q", k)
		}
	}
	press(m, "esc")
	if m.fullHelp {
		t.Fatal("esc did not close the help")
	}
}

// TestStatusLine: the footer says which card is selected, whose it is, in
// which view, which lines it holds and what cut it (issue 11).
func TestStatusLine(t *testing.T) {
	m := demo(t, 160, 40)
	press(m, "g")
	rows := strings.Split(screen(m), "\n")
	want := "card 1 of 6 · opencode · agent view · lines 1–2000 of 2709 · line cap"
	if !slices.Contains(rows, want) {
		t.Fatalf("no status line %q in:\n%s", want, strings.Join(rows[len(rows)-3:], "\n"))
	}
	// Expanded and scrolled: the file line at the top of the screen.
	press(m, ":")
	typeText(m, "1500")
	press(m, "enter")
	rows = strings.Split(screen(m), "\n")
	want = "card 1 of 6 · opencode · agent view · at line 1500 of 2709 · lines 1–2000 of 2709 · line cap"
	if !slices.Contains(rows, want) {
		t.Fatalf("no status line %q in:\n%s", want, strings.Join(rows[len(rows)-3:], "\n"))
	}
}

// TestArrowsScrollAnExpandedCard: in an expanded card longer than the
// screen the arrows move a row at a time, and enter or space expand and
// collapse (issue 11).
func TestArrowsScrollAnExpandedCard(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "enter")
	if !m.tr.cards[0].expanded {
		t.Fatal("enter did not expand the card")
	}
	press(m, "down", "down")
	if m.tr.sel != 0 || m.tr.top != 2 {
		t.Fatalf("after two downs: card %d, top row %d; want card 0 scrolled 2 rows", m.tr.sel, m.tr.top)
	}
	press(m, "up")
	if m.tr.sel != 0 || m.tr.top != 1 {
		t.Fatalf("after up: card %d, top row %d", m.tr.sel, m.tr.top)
	}
	press(m, "space")
	if m.tr.cards[0].expanded {
		t.Fatal("space did not collapse the card")
	}
	press(m, "down")
	if m.tr.sel != 1 {
		t.Fatalf("down on a collapsed card selected %d", m.tr.sel)
	}
}

// TestSearchAndGoToLine: / finds text in the selected card and ] goes on to
// the next match; :N goes to a line, or says the model never saw it
// (issue 11).
func TestSearchAndGoToLine(t *testing.T) {
	m := demo(t, 120, 40)
	press(m, "g", "/")
	typeText(m, "handle5")
	press(m, "enter")
	top := func() string {
		for _, row := range strings.Split(screen(m), "\n")[1:] {
			if _, card, ok := strings.Cut(row, "│"); ok {
				return card
			}
		}
		return ""
	}
	if got := top(); !strings.Contains(got, "// handle5 serves") {
		t.Fatalf("after /handle5: the top row is %q", got)
	}
	first := m.tr.top
	press(m, "]")
	if got := top(); !strings.Contains(got, "func handle5(") || m.tr.top <= first {
		t.Fatalf("after ]: top %d (was %d), row %q", m.tr.top, first, got)
	}
	press(m, "[")
	if m.tr.top != first {
		t.Fatalf("after [: top %d, want %d", m.tr.top, first)
	}
	press(m, ":")
	typeText(m, "1500")
	press(m, "enter")
	if got := top(); !strings.HasPrefix(strings.TrimLeft(got, "▌ "), "1500: ") {
		t.Fatalf("after :1500 the top row is %q", got)
	}
	press(m, ":")
	typeText(m, "2400")
	press(m, "enter")
	if want := "line 2400 is not in what the model saw: lines 1–2000 of 2709"; m.status != want {
		t.Fatalf("status %q, want %q", m.status, want)
	}
}

// TestFullHelpAtFortyColumns: the full help lists every key at any width,
// the mouse included (issue 11, defect 14: at 40 columns it showed its first
// column only, n, o, p and q hidden).
func TestFullHelpAtFortyColumns(t *testing.T) {
	m := demo(t, 40, 60)
	press(m, "?")
	s := screen(m)
	for _, k := range []string{"n continue", "o line window", "p/→ next agent", "q quit", "mouse click a card", "x close card"} {
		if !strings.Contains(s, k) {
			t.Errorf("the help at 40 columns does not list %q", k)
		}
	}
}

// TestCompareView: c on a card opens every agent's row for its file, as in
// readlens compare; enter opens the selected agent's card (issue 12).
func TestCompareView(t *testing.T) {
	m := demo(t, 160, 50)
	press(m, "g", "c")
	if m.cmp == nil || len(m.cmp.rows) != len(m.profiles) {
		t.Fatalf("compare view: %+v", m.cmp)
	}
	s := screen(m)
	for _, want := range []string{"agent", "verdict", "to read it all", "opencode", "cut: lines", "gemini-cli"} {
		if !strings.Contains(s, want) {
			t.Fatalf("the compare view lacks %q:\n%s", want, s)
		}
	}
	press(m, "down")
	agent := m.cmp.rows[1].Profile
	n := len(m.tr.cards)
	press(m, "enter")
	if m.cmp != nil || len(m.tr.cards) != n+1 || m.tr.selected().profile != agent || !strings.HasSuffix(m.tr.selected().path, "src/server.go") {
		t.Fatalf("enter: view open %v, %d cards, selected %s", m.cmp != nil, len(m.tr.cards), m.tr.selected().profile)
	}
}

// TestCompareFromPicker: in the picker letters filter, so alt+c (or ctrl+k)
// opens the compare view on the file under the cursor; on a directory it
// says what it needs.
func TestCompareFromPicker(t *testing.T) {
	m := demo(t, 160, 50)
	press(m, "tab")
	drive(m, tea.KeyPressMsg{Code: 'c', Mod: tea.ModAlt})
	if m.cmp != nil || m.status != "compare reads a file: pick one" {
		t.Fatalf("alt+c on a directory: view %v, status %q", m.cmp != nil, m.status)
	}
	typeText(m, "READ")
	drive(m, tea.KeyPressMsg{Code: 'c', Mod: tea.ModAlt})
	if m.cmp == nil || m.cmp.path != "/readlens-demo/README.md" || m.focus != focusCompare || len(m.cmp.rows) != len(m.profiles) {
		t.Fatalf("alt+c on README.md: %+v, focus %v", m.cmp, m.focus)
	}
	if m.picker.filter.value != "READ" {
		t.Fatalf("alt+c went into the filter: %q", m.picker.filter.value)
	}
}

// TestFullHelpFits: the cards' full help at 120 columns and 20 rows lists
// every key, in columns each as wide as its own entries; one long entry
// (the mouse's) made every column as wide as it, the help a single column
// taller than the screen, and its last twelve keys were cut off.
func TestFullHelpFits(t *testing.T) {
	m := demo(t, 120, 20)
	press(m, "?")
	s := screen(m)
	for _, group := range m.keys.transcriptHelp().FullHelp() {
		for _, b := range group {
			if h := b.Help(); !strings.Contains(s, h.Key+" "+h.Desc) {
				t.Errorf("the help at 120×20 does not list %q:\n%s", h.Key+" "+h.Desc, s)
			}
		}
	}
}
