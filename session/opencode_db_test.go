package session

import (
	"bytes"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/fixtures"

	"github.com/readlens/readlens/internal/oracle"
)

// recordedDB is testdata/sessions/opencode/sqlite/opencode.db: the
// database opencode 1.18.33 left after the scripted session whose export
// is sqlite.json beside it.
func recordedDB(t testing.TB) string {
	return filepath.Join(oracle.Testdata(), "sessions", "opencode", "sqlite", "opencode.db")
}

// copyDB copies the recorded database into a folder of its own.
func copyDB(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(recordedDB(t))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "opencode.db")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// withoutLines is a session's calls and changes with the lines (rows)
// they came from left out: all the export and the database can differ in.
func withoutLines(s *Session) string {
	var b strings.Builder
	for _, c := range s.Calls {
		cc := *c
		cc.Line = 0
		if cc.Result != nil {
			r := *cc.Result
			r.Source.Line, r.Source.Unit = 0, ""
			cc.Result = &r
		}
		r := cc.Result
		cc.Result = nil
		fmt.Fprintf(&b, "%+v\n", cc)
		if r != nil {
			file := r.File
			r.File = nil
			fmt.Fprintf(&b, "%+v %+v\n", *r, file)
		}
	}
	for _, ch := range s.Changes {
		ch.Line = 0
		fmt.Fprintf(&b, "%+v\n", ch)
	}
	return b.String()
}

// TestOpencodeDBEqualsExport: the session read from opencode.db is the
// one read from what `opencode export` printed of it, read for read.
func TestOpencodeDBEqualsExport(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "opencode", "sqlite.json"))
	if err != nil {
		t.Fatal(err)
	}
	exp := parse(t, b)
	db, err := ParseOpencodeDB(recordedDB(t), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if db.ID != exp.ID || db.Cwd != exp.Cwd || db.Version != exp.Version || db.Prompt != exp.Prompt || !db.Started.Equal(exp.Started) ||
		db.Records != exp.Records || db.Bad != 0 || len(db.Unknown) != 0 || !slices.Equal(db.Notes, exp.Notes) {
		t.Errorf("db %q %q %q %q %v %d %d %v %q\nexport %q %q %q %q %v %d", db.ID, db.Cwd, db.Version, db.Prompt, db.Started, db.Records, db.Bad, db.Unknown, db.Notes,
			exp.ID, exp.Cwd, exp.Version, exp.Prompt, exp.Started, exp.Records)
	}
	if len(db.Reads()) != 11 || len(db.Calls) != 12 {
		t.Errorf("%d reads, %d calls", len(db.Reads()), len(db.Calls))
	}
	if got, want := withoutLines(db), withoutLines(exp); got != want {
		t.Errorf("from the database:\n%s\nfrom the export:\n%s", got, want)
	}
	if c := db.Calls[1]; c.Line != 10 || c.Result.Source.String() != "tool part record (row 10)" {
		t.Errorf("the cut read: row %d, %s", c.Line, c.Result.Source)
	}
	if db.Prompt != `"Read the files the script names, one call at a time."` || db.Started != time.UnixMilli(1795397775061).UTC() {
		t.Errorf("prompt %q, started %v", db.Prompt, db.Started)
	}
}

// exec runs SQL statements on the database at path, in WAL mode, and
// before closing it hands the open database's folder to during: the
// folder as opencode leaves it while it runs, its newest rows in the WAL.
func execWAL(t *testing.T, path string, during func(), stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, s := range append([]string{"PRAGMA journal_mode=WAL", "PRAGMA wal_autocheckpoint=0"}, stmts...) {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	during()
}

// snapshot copies the files of a folder into a new one.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	out := t.TempDir()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// folder is each file of dir with its content's length and hash.
func folder(t *testing.T, dir string) string {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	var b strings.Builder
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		fmt.Fprintf(&b, "%s %d %x\n", e.Name(), len(data), data[:min(len(data), 64)])
	}
	return b.String()
}

// TestOpencodeDBWAL: rows still in the WAL are read (a database with a
// WAL is read from a copy of both), a WAL whose last frame is half
// written gives the rows committed before it, and nothing is written
// beside the database: no -shm, no -wal, no byte changed.
func TestOpencodeDBWAL(t *testing.T) {
	var running string
	execWAL(t, copyDB(t), func() {}, "SELECT 1") // in WAL mode, checkpointed: no WAL is left
	path := copyDB(t)
	execWAL(t, path, func() { running = snapshot(t, filepath.Dir(path)) },
		`UPDATE part SET data = replace(data, 'Hello, world!', 'Hello, WAL!') WHERE data LIKE '%"callID":"toolu_session_01_1"%'`)
	if st, err := os.Stat(filepath.Join(running, "opencode.db-wal")); err != nil || st.Size() == 0 {
		t.Fatalf("no WAL in the running folder: %v", err)
	}
	before := folder(t, running)
	s, err := ParseOpencodeDB(filepath.Join(running, "opencode.db"), "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if out := s.Calls[0].Result.Output.String(); !strings.Contains(out, "1: Hello, WAL!") {
		t.Errorf("the row in the WAL was not read: %q", out)
	}
	if after := folder(t, running); after != before {
		t.Errorf("the folder changed:\n%s\nwas:\n%s", after, before)
	}
	// The database alone (the same rows before the update): no WAL, read
	// in place as immutable, and nothing is written beside it.
	alone := t.TempDir()
	b, _ := os.ReadFile(filepath.Join(running, "opencode.db"))
	os.WriteFile(filepath.Join(alone, "opencode.db"), b, 0o444)
	s, err = ParseOpencodeDB(filepath.Join(alone, "opencode.db"), "", Options{})
	if err != nil || !strings.Contains(s.Calls[0].Result.Output.String(), "1: Hello, world!") {
		t.Errorf("without its WAL: %v", err)
	}
	if got := folder(t, alone); strings.Count(got, "\n") != 1 {
		t.Errorf("files were written beside it:\n%s", got)
	}
	// A frame half written at the WAL's end: what was committed is read.
	wal := filepath.Join(running, "opencode.db-wal")
	w, _ := os.ReadFile(wal)
	os.WriteFile(wal, append(w, bytes.Repeat([]byte{0x5a}, 3000)...), 0o644)
	s, err = ParseOpencodeDB(filepath.Join(running, "opencode.db"), "", Options{})
	if err != nil || !strings.Contains(s.Calls[0].Result.Output.String(), "1: Hello, WAL!") || len(s.Reads()) != 11 {
		t.Errorf("a torn WAL: %v", err)
	}
}

// TestOpencodeDBSessions: a database of several sessions names them,
// newest first, and DB#ID opens one; Open reads a file or a database; a
// database that is not opencode's, a session that is not there, bad rows
// and an empty database each get a clear error or note.
func TestOpencodeDBSessions(t *testing.T) {
	path := copyDB(t)
	execWAL(t, path, func() {},
		`INSERT INTO session SELECT 'ses_older', project_id, workspace_id, parent_id, slug, '/elsewhere', path, title, '1.17.0', share_url, summary_additions, summary_deletions, summary_files, summary_diffs, metadata, cost, tokens_input, tokens_output, tokens_reasoning, tokens_cache_read, tokens_cache_write, revert, permission, agent, model, time_created - 1000, time_updated, time_compacting, time_archived FROM session`,
		`INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES ('msg_a', 'ses_older', 1, 1, '{"role":"user"}'), ('msg_b', 'ses_older', 2, 2, '[1]'), ('msg_c', 'ses_older', 3, 3, '{"role":"system"}')`,
		`INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES ('prt_a', 'msg_a', 'ses_older', 1, 1, '{"type":"text","text":"hi"}'), ('prt_b', 'msg_a', 'ses_older', 1, 1, ''), ('prt_c', 'msg_a', 'ses_older', 1, 1, '{"type":"future"}')`)
	list, err := OpencodeSessions(path)
	if err != nil || len(list) != 2 || list[0].ID != "ses_df9f4112affedStbBoOhm19YUz" || list[1].ID != "ses_older" || list[1].Directory != "/elsewhere" {
		t.Fatalf("%+v %v", list, err)
	}
	if _, err := Open(path, Options{}); err == nil || err.Error() != "opencode's database holds 2 sessions: give one as DB#ID (newest first: ses_df9f4112affedStbBoOhm19YUz, ses_older)" {
		t.Errorf("several: %v", err)
	}
	s, err := Open(path+"#ses_older", Options{})
	if err != nil || s.Version != "1.17.0" || s.Prompt != "hi" || s.Bad != 2 || fmt.Sprint(s.Unknown) != "map[message system:1 part future:1]" ||
		!slices.Contains(s.Notes, "row 4: a part: no data, skipped") || !slices.Contains(s.Notes, "row 6: a message: not a JSON object, skipped") {
		t.Errorf("DB#ID: %v %+v", err, s)
	}
	if s, err := Open(path+"#ses_df9f4112affedStbBoOhm19YUz", Options{}); err != nil || len(s.Reads()) != 11 {
		t.Errorf("DB#ID: %v", err)
	}
	if _, err := Open(path+"#ses_gone", Options{}); err == nil || err.Error() != `no session "ses_gone" in opencode's database` {
		t.Errorf("gone: %v", err)
	}
	if _, err := Open(path, Options{Agent: "pi"}); err == nil || err.Error() != "not a session file readlens can read (Claude Code's, pi's or Codex's JSONL, Gemini CLI's chats/session-*.jsonl, opencode export's JSON): an SQLite database, not a session of pi" {
		t.Errorf("--agent pi: %v", err)
	}
	// Another program's database.
	other := filepath.Join(t.TempDir(), "other.db")
	execWAL(t, other, func() {}, "CREATE TABLE t (x)")
	if _, err := Open(other, Options{}); err == nil || !strings.HasPrefix(err.Error(), "not opencode's database, or one of another version: ") {
		t.Errorf("another database: %v", err)
	}
	// A file that only begins as a database does.
	fake := filepath.Join(t.TempDir(), "opencode.db")
	os.WriteFile(fake, []byte("SQLite format 3\x00"), 0o644)
	if _, err := Open(fake, Options{}); err == nil {
		t.Errorf("a 16-byte database opened")
	}
	if s, err := Open(filepath.Join(oracle.Testdata(), "sessions", "opencode", "sqlite.json"), Options{}); err != nil || len(s.Reads()) != 11 {
		t.Errorf("a file: %v", err)
	}
}

// TestOpencodeDBEqualsExportDeep: the same, compared field by field.
func TestOpencodeDBEqualsExportDeep(t *testing.T) {
	b, _ := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", "opencode", "sqlite.json"))
	exp := parse(t, b)
	db, err := Open(recordedDB(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range exp.Calls {
		a, b := *exp.Calls[i], *db.Calls[i]
		a.Line, b.Line = 0, 0
		ar, br := a.Result, b.Result
		a.Result, b.Result = nil, nil
		if !reflect.DeepEqual(a, b) {
			t.Errorf("call %d:\n%+v\n%+v", i+1, a, b)
		}
		if (ar == nil) != (br == nil) {
			t.Fatalf("call %d: result %v %v", i+1, ar, br)
		}
		if ar != nil {
			x, y := held(*ar), held(*br)
			x.Source, y.Source = Source{}, Source{}
			if !reflect.DeepEqual(x, y) {
				t.Errorf("call %d's result:\n%+v\n%+v", i+1, x, y)
			}
		}
	}
}

// TestOpencodeDBWrittenWhileRead: a database read in place that opencode
// writes meanwhile (its mtime moves, or a WAL appears) is read once more,
// from a copy; one left alone is read once.
func TestOpencodeDBWrittenWhileRead(t *testing.T) {
	path := copyDB(t)
	var copies []bool
	err := readOpencodeDB(path, func(o *opencodeDB) error {
		copies = append(copies, o.tmp != "")
		if len(copies) == 1 {
			later := time.Now().Add(time.Minute)
			return os.Chtimes(path, later, later)
		}
		return nil
	})
	if err != nil || fmt.Sprint(copies) != "[false true]" {
		t.Errorf("written meanwhile: %v, copies %v", err, copies)
	}
	copies = nil
	err = readOpencodeDB(path, func(o *opencodeDB) error {
		copies = append(copies, o.tmp != "")
		if len(copies) == 1 {
			return os.WriteFile(path+"-wal", []byte("x"), 0o644)
		}
		return nil
	})
	if err != nil || fmt.Sprint(copies) != "[false true]" {
		t.Errorf("a WAL appeared: %v, copies %v", err, copies)
	}
	os.Remove(path + "-wal")
	copies = nil
	if err := readOpencodeDB(path, func(o *opencodeDB) error { copies = append(copies, o.tmp != ""); return nil }); err != nil || fmt.Sprint(copies) != "[false]" {
		t.Errorf("left alone: %v, copies %v", err, copies)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("%d files beside it", len(entries))
	}
}

// TestOpencodeDBFIFO: a FIFO named opencode.db is never opened to be told
// (that would wait for a writer): it is no database, and a folder holding
// one holds no session.
func TestOpencodeDBFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "opencode.db")
	if err := fixtures.Mkfifo(fifo); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan bool)
	go func() {
		IsSQLite(fifo)
		_, err := Files(dir)
		done <- err != nil
	}()
	select {
	case ok := <-done:
		if !ok {
			t.Errorf("a folder holding a FIFO named opencode.db gave a session")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a FIFO was opened")
	}
}

// held is r with its texts read back: two sessions' spill files hold the
// same texts at their own places.
func held(r Result) Result {
	r.Output, r.Harness = TextOf(r.Output.String()), TextOf(r.Harness.String())
	if r.File != nil {
		f := *r.File
		f.Content = TextOf(f.Content.String())
		r.File = &f
	}
	return r
}
