package tui

import (
	"testing"
	"time"

	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/render"
)

// claudeSession is Claude Code 2.1.330's own session file, recorded by
// internal/record (testdata/sessions/claude-code/README.md).
const claudeSession = "../testdata/sessions/claude-code/reads.jsonl"

func sessionModel(t *testing.T, f SessionFile, w, h int) *Model {
	t.Helper()
	m := New(Options{Dir: t.TempDir(), Theme: "dark", Session: &f})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: w, Height: h})
	drive(m, m.Init()())
	if m.sess.s == nil {
		t.Fatalf("the session was not read: %v", m.sess.err)
	}
	return m
}

// TestSessionTranscript: the session's head, then a card per read with
// what the session says of it, and a dim row for the Edit between them;
// the README shows this screen.
func TestSessionTranscript(t *testing.T) {
	m := sessionModel(t, SessionFile{Path: claudeSession}, 100, 24)
	golden.RequireEqual(t, screen(m))
	// Where in the file a recorded read was, from the tool's own account.
	selectCall(t, m, 2)
	if got := m.statusLine(); got != "card 3 of 14 · claude-code · agent view · lines 1999–2001 of 3001 · as recorded: cut" {
		t.Errorf("status line of read 2: %q", got)
	}
	press(m, "G")
	if c := m.tr.selected(); c.rec == nil || c.rec.call.N != 13 || !strings.Contains(screen(m), "read 12 · error") {
		t.Errorf("G: the last card is not read 12's error:\n%s", screen(m))
	}
	for range 8 {
		press(m, "up")
	}
	if c := m.tr.selected(); c.rec == nil || c.rec.call.N != 5 || !strings.Contains(screen(m), "· 5 Edit  notes.md") {
		t.Errorf("the Edit's row:\n%s", screen(m))
	}
}

// cardRows is the selected card's rows as drawn, without colour.
func cardRows(m *Model) []string {
	_, _, w := m.columns()
	c := m.tr.selected()
	cr := c.rows(m.st, w, true, m.env())
	rows := strings.Split(ansi.Strip(strings.Join(cr.Rows(0, cr.Len()), "\n")), "\n")
	for i, r := range rows {
		rows[i] = strings.TrimPrefix(r, "▌ ") // the selected card's edge
	}
	return rows
}

// selectCall selects the card of the session's call n.
func selectCall(t *testing.T, m *Model, n int) {
	t.Helper()
	for i, c := range m.tr.cards {
		if c.rec != nil && c.rec.call.N == n {
			m.tr.sel = i
			return
		}
	}
	t.Fatalf("no card for call %d", n)
}

// TestSessionRecheck: r runs a recorded read again where the session's
// files are now: the first read of small.txt is the same; the read of
// notes.md after the model edited it is changed, and the card shows the
// diff of what the model got against what readlens gives now.
func TestSessionRecheck(t *testing.T) {
	root := readertest.FixtureRoot(t)
	m := sessionModel(t, SessionFile{Path: claudeSession, Dir: root}, 100, 60)

	selectCall(t, m, 1)
	press(m, "r")
	got := strings.Join(cardRows(m), "\n")
	if !strings.Contains(got, "\nnow: same\n") {
		t.Errorf("read 1 again:\n%s", got)
	}

	selectCall(t, m, 6)
	press(m, "r")
	var rows []string
	since := false
	for _, r := range cardRows(m) {
		// The copy's files were written today, after the session: that
		// row's times are today's.
		if strings.HasPrefix(r, "file changed since: modified ") && strings.HasSuffix(r, ", after the read at 2026-11-22T21:57:50Z") {
			since = true
			continue
		}
		rows = append(rows, r)
	}
	want := []string{
		"now: changed · edited by call 5 (Edit, line 47)",
		"--- recorded/notes.md",
		"+++ now/notes.md",
		"@@ -1,4 +1,4 @@",
		" 1→ # Notes",
		" 2→ ",
		"-3→ Some notes, edited by the model.",
		"+3→ Some notes.",
		" 4",
		"\\ No newline at end of file",
	}
	at := slices.Index(rows, want[0])
	if !since || at < 0 || len(rows) < at+len(want) || !slices.Equal(rows[at:at+len(want)], want) {
		t.Errorf("read 5 again: want rows\n%s\nin\n%s", strings.Join(want, "\n"), strings.Join(rows, "\n"))
	}

	// A call that read no file is not run again, and says so.
	selectCall(t, m, 5)
	press(m, "r")
	if m.status != "not a read: this row is the session's head, or a tool call that read no file" {
		t.Errorf("r on the Edit: status %q", m.status)
	}
}

// TestSessionStreams: a session shows as it is read. Batches bring the
// calls answered so far, in order, before the file has been read to its
// end; the finished session has them all.
func TestSessionStreams(t *testing.T) {
	defer func(f, d time.Duration) { firstBatch, batchEvery = f, d }(firstBatch, batchEvery)
	firstBatch, batchEvery = 0, 0 // a batch after every line
	ch := make(chan tea.Msg)
	go readSession(t.Context(), SessionFile{Path: claudeSession}, ch)
	var got []int
	firstAt := int64(-1)
	for msg := range ch { // closed once the reading ends
		switch msg := msg.(type) {
		case sessionBatchMsg:
			for _, c := range msg.calls {
				got = append(got, c.N)
			}
			if len(got) > 0 && firstAt < 0 {
				firstAt = msg.read
				if msg.read >= msg.size {
					t.Errorf("the first call came after the whole file was read (%d of %d bytes)", msg.read, msg.size)
				}
			}
			continue
		case sessionDoneMsg:
			if msg.err != nil {
				t.Fatal(msg.err)
			}
			if len(got) != len(msg.s.Calls) {
				t.Errorf("batches brought %d calls, the session has %d", len(got), len(msg.s.Calls))
			}
			for i, n := range got {
				if n != i+1 {
					t.Fatalf("batches brought calls %v: not in order", got)
				}
			}
		}
		break
	}
}

// TestSessionPicker: the list of sessions opens the one under the cursor;
// tab comes back to the list, and another session replaces the first.
func TestSessionPicker(t *testing.T) {
	list := Sessions{Dir: "/home/me/app", Entries: []SessionEntry{
		{Row: render.ListedSession{Agent: "Claude Code", When: "2026-11-22 21:57", Reads: 12, Prompt: "Read the files\nthe script names."},
			File: SessionFile{Path: claudeSession}},
		{Row: render.ListedSession{Agent: "pi", When: "2026-11-22 21:40", Reads: 11, Partial: true, Prompt: ""},
			File: SessionFile{Path: "../testdata/sessions/pi/reads.jsonl"}},
	}}
	m := New(Options{Dir: t.TempDir(), Theme: "dark", Sessions: &list})
	m.statusFor = 0
	drive(m, tea.WindowSizeMsg{Width: 60, Height: 8})
	drive(m, m.Init()())
	want := []string{
		" readlens   opencode  pi  claude-code  gemini-cli  cline ›",
		"2 sessions of /home/me/app and below",
		"  agent        started           reads  first prompt",
		"› Claude Code  2026-11-22 21:57     12  Read the files the s",
		"  pi           2026-11-22 21:40    11+  -",
		"",
		"",
		"↑/k up • ↓/j down • enter open the session …",
	}
	if got := strings.Split(screen(m), "\n"); !slices.Equal(got, want) {
		t.Errorf("the list:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	press(m, "down", "enter")
	if m.sess == nil || m.sess.s == nil || m.sess.meta.name != "pi" || m.focus != focusTranscript {
		t.Fatalf("enter on pi's session: %+v", m.sess)
	}
	press(m, "tab")
	if m.focus != focusSessions {
		t.Fatalf("tab: focus %v", m.focus)
	}
	press(m, "up", "enter")
	if m.sess.meta.name != "Claude Code" || len(m.tr.cards) != 1+13 {
		t.Errorf("the second session: %s, %d cards", m.sess.meta.name, len(m.tr.cards))
	}
}

// TestSessionVersionOnCards: a read made by a release other than the
// profile's says so on its card (Codex 0.169.0, whose reads the profile of
// read_file's last releases does not cover); a covered release does not.
func TestSessionVersionOnCards(t *testing.T) {
	m := sessionModel(t, SessionFile{Path: "../testdata/sessions/codex/reads.jsonl"}, 200, 40)
	selectCall(t, m, 1)
	if rows := cardRows(m); !strings.HasSuffix(rows[1], " · by Codex CLI 0.169.0 (the profile is of read_file as last shipped (codex-rs 0.57.0-0.105.0))") {
		t.Errorf("Codex 0.169.0's read 1: %q", rows[1])
	}
	m = sessionModel(t, SessionFile{Path: "../testdata/sessions/codex/read_file.jsonl"}, 200, 40)
	selectCall(t, m, 1)
	if rows := cardRows(m); strings.Contains(rows[1], " · by ") {
		t.Errorf("Codex 0.105.0's read 1: %q", rows[1])
	}
}

// TestSessionOpencodeDB: opencode's database opens in the inspector like
// a session file, its reads as cards.
func TestSessionOpencodeDB(t *testing.T) {
	m := sessionModel(t, SessionFile{Path: "../testdata/sessions/opencode/sqlite/opencode.db"}, 100, 30)
	if got := screen(m); !strings.Contains(got, "opencode 1.18.33 session ses_df9f4112affedStbBoOhm19YUz") || len(m.tr.cards) != 1+12 {
		t.Errorf("%d cards:\n%s", len(m.tr.cards), got)
	}
}
