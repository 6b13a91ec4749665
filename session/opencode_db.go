package session

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // pure Go: no cgo, one driver for every platform
)

// opencode.db, where opencode 1.18.33 keeps its sessions (see
// testdata/sessions/opencode/sqlite/). The rows hold what the export
// prints: a session row (id, directory, version, time_created), message
// rows whose data is the message's info, part rows whose data is the part,
// each without the ids that are columns. The export lists the messages by
// time_created and id and each message's parts by id (the indexes
// message_session_time_created_id_idx and part_message_id_id_idx), and
// so are they read here, through the export's own parser (opencode.go).
//
// The database is never opened where it lies. opencode keeps it in WAL
// mode, and its newest rows are often in opencode.db-wal only (the
// recording's run left a 4 MB WAL beside a 0.5 MB database); SQLite,
// even read-only, writes the -shm index and may create files beside the
// database, and readlens never writes to the tree it inspects. So a
// database with a WAL is copied with its WAL into a temporary folder and
// opened there, where SQLite applies the WAL's committed frames; one
// without is opened in place as immutable, which writes nothing.

// OpencodeSession is one session row of opencode.db.
type OpencodeSession struct {
	ID        string
	Directory string
	Title     string
	Version   string
	Parent    string // the session a subtask's session was made for; "" when none
	Created   time.Time
	Updated   time.Time
}

// IsSQLite reports whether the file at path is an SQLite database: a
// regular file (a FIFO is never opened to be told) that begins as one.
func IsSQLite(path string) bool {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return false
	}
	fh, err := os.Open(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	head := make([]byte, 16)
	_, err = io.ReadFull(fh, head)
	return err == nil && string(head) == "SQLite format 3\x00"
}

// opencodeDB is an open snapshot of opencode.db.
type opencodeDB struct {
	db  *sql.DB
	tmp string // the folder of the copy, removed by close; "" when opened in place
	// path and st are the database opened in place and its stat then.
	path string
	st   os.FileInfo
}

// snapshotTries is how often a copy is made again when opencode
// checkpointed the WAL into the database while it was being copied.
const snapshotTries = 3

// openOpencodeDB opens a snapshot of the database at path, read-only: in
// place when it has no WAL, unless force says to copy it all the same.
func openOpencodeDB(path string, force bool) (*opencodeDB, error) {
	if !IsSQLite(path) {
		return nil, fmt.Errorf("%s: not an SQLite database", path)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	wal, err := os.Stat(path + "-wal")
	if !force && (err != nil || wal.Size() == 0) {
		o, err := openSQLite("file:"+uriPath(path)+"?mode=ro&immutable=1", "")
		if err == nil {
			o.path, o.st = path, st
		}
		return o, err
	}
	tmp, err := os.MkdirTemp("", "readlens-opencode-")
	if err != nil {
		return nil, err
	}
	dup := filepath.Join(tmp, "opencode.db")
	for try := 1; ; try++ {
		os.Remove(dup + "-wal") // an earlier try's
		before, err1 := os.Stat(path)
		err := copyTo(path, dup)
		if err == nil {
			if err = copyTo(path+"-wal", dup+"-wal"); errors.Is(err, fs.ErrNotExist) {
				err = nil // no WAL: the database alone
			}
		}
		after, err2 := os.Stat(path)
		if err == nil {
			err = errors.Join(err1, err2)
		}
		if err != nil {
			os.RemoveAll(tmp)
			return nil, err
		}
		// A checkpoint writes the database: the copies may then be of two
		// moments, and are made again.
		if before.Size() == after.Size() && before.ModTime().Equal(after.ModTime()) {
			break
		}
		if try == snapshotTries {
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("%s changed each of the %d times it was copied (opencode is writing it): try again", path, snapshotTries)
		}
	}
	return openSQLite("file:"+uriPath(dup), tmp)
}

func openSQLite(dsn, tmp string) (*opencodeDB, error) {
	db, err := sql.Open("sqlite", dsn)
	if err == nil {
		db.SetMaxOpenConns(1)
		err = db.Ping()
	}
	if err != nil {
		if db != nil {
			db.Close()
		}
		if tmp != "" {
			os.RemoveAll(tmp)
		}
		return nil, fmt.Errorf("SQLite cannot read it: %v", err)
	}
	return &opencodeDB{db: db, tmp: tmp}, nil
}

// moved reports whether a database read in place changed while it was
// read, or gained a WAL: opencode wrote it meanwhile, and what was read
// may be of two moments.
func (o *opencodeDB) moved() bool {
	if o.st == nil {
		return false
	}
	st, err := os.Stat(o.path)
	if err != nil || st.Size() != o.st.Size() || !st.ModTime().Equal(o.st.ModTime()) {
		return true
	}
	wal, err := os.Stat(o.path + "-wal")
	return err == nil && wal.Size() > 0
}

// readOpencodeDB opens the database at path and hands it to f; when it was
// read in place and opencode wrote it meanwhile, it is read once more,
// from a copy.
func readOpencodeDB(path string, f func(*opencodeDB) error) error {
	for try := 0; ; try++ {
		o, err := openOpencodeDB(path, try > 0)
		if err != nil {
			return err
		}
		err = f(o)
		moved := o.moved()
		o.close()
		if err != nil || !moved || try > 0 {
			return err
		}
	}
}

func (o *opencodeDB) close() {
	o.db.Close()
	if o.tmp != "" {
		os.RemoveAll(o.tmp)
	}
}

// uriPath is path as an SQLite URI's: absolute, with the characters a URI
// gives a meaning escaped.
func uriPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

func copyTo(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	return errors.Join(err, out.Close())
}

// OpencodeSessions lists the sessions of the opencode.db at path, newest
// first.
func OpencodeSessions(path string) (list []OpencodeSession, err error) {
	err = readOpencodeDB(path, func(o *opencodeDB) error {
		list, err = o.sessions("")
		return err
	})
	return list, err
}

// sessions are the database's session rows, newest first: all, or the
// one of id.
func (o *opencodeDB) sessions(id string) ([]OpencodeSession, error) {
	q := `SELECT id, directory, title, version, coalesce(parent_id, ''), time_created, time_updated FROM session`
	var args []any
	if id != "" {
		q += ` WHERE id = ?`
		args = append(args, id)
	}
	rows, err := o.db.Query(q+` ORDER BY time_created DESC, id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("not opencode's database, or one of another version: %v", err)
	}
	defer rows.Close()
	var out []OpencodeSession
	for rows.Next() {
		var s OpencodeSession
		var created, updated int64
		if err := rows.Scan(&s.ID, &s.Directory, &s.Title, &s.Version, &s.Parent, &created, &updated); err != nil {
			return nil, err
		}
		s.Created, s.Updated = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
		out = append(out, s)
	}
	return out, rows.Err()
}

// ParseOpencodeDB reads the session id of the opencode.db at path; with
// id "", the database's only session (an error names them when it holds
// several). Line counts rows: the session's is 1, then each message's
// and each of its parts', in order.
func ParseOpencodeDB(path, id string, opt Options) (*Session, error) {
	var s *Session
	err := readOpencodeDB(path, func(o *opencodeDB) (err error) {
		s, _, err = o.parse(id, 0)
		return err
	})
	return s, err
}

// parse reads one session, its parts' data up to budget bytes (0: no
// limit); partial says the budget stopped it.
func (o *opencodeDB) parse(id string, budget int64) (s *Session, partial bool, err error) {
	rows, err := o.sessions(id)
	switch {
	case err != nil:
		return nil, false, err
	case len(rows) == 0 && id != "":
		return nil, false, fmt.Errorf("no session %q in opencode's database", id)
	case len(rows) == 0:
		return nil, false, fmt.Errorf("%w: opencode's database holds no session", ErrNotSession)
	case len(rows) > 1:
		var ids []string
		for _, r := range rows[:min(len(rows), 5)] {
			ids = append(ids, r.ID)
		}
		more := ""
		if len(rows) > 5 {
			more = fmt.Sprintf(" and %d more", len(rows)-5)
		}
		return nil, false, fmt.Errorf("opencode's database holds %d sessions: give one as DB#ID (newest first: %s%s)", len(rows), strings.Join(ids, ", "), more)
	}
	row := rows[0]
	s = &Session{Unknown: map[string]int{}, Agent: "opencode", AgentName: "opencode", Unit: "row",
		ID: row.ID, Cwd: row.Directory, Version: row.Version, Started: row.Created}
	s.Records, s.Lines = 1, 1
	p := &opencodeParser{s: s, last: map[string]int{}}
	var read int64
	partial, err = o.messages(row.ID, func(data []byte, isPart bool) {
		s.Lines++
		n := s.Lines
		read += int64(len(data))
		if !isPart {
			var info opencodeMessage
			if err := decodeRow(data, &info); err != nil {
				s.bad(fmt.Sprintf("row %d: a message: %v, skipped", n, err))
				p.known = false
				return
			}
			p.known = p.messageInfo(n, &info)
			return
		}
		var part opencodePart
		if err := decodeRow(data, &part); err != nil {
			s.bad(fmt.Sprintf("row %d: a part: %v, skipped", n, err))
			return
		}
		if p.known {
			p.part(n, &part)
		}
	}, func() bool { return budget > 0 && read >= budget })
	if err != nil {
		return nil, false, err
	}
	if p.compacted > 0 {
		s.note(fmt.Sprintf("%d tool results were cleared later by opencode's compaction: the model had them in full until then", p.compacted))
	}
	s, err = finish(s)
	return s, partial, err
}

// messages hands each message row's data, then its parts', to f, in the
// export's order, until stop says enough (stopped is then true).
func (o *opencodeDB) messages(id string, f func(data []byte, isPart bool), stop func() bool) (stopped bool, err error) {
	msgs, err := o.db.Query(`SELECT id, data FROM message WHERE session_id = ? ORDER BY time_created, id`, id)
	if err != nil {
		return false, err
	}
	type message struct {
		id   string
		data []byte
	}
	// The messages first, then each one's parts: one statement at a time
	// on the one connection.
	var list []message
	for msgs.Next() {
		var m message
		if err := msgs.Scan(&m.id, &m.data); err != nil {
			msgs.Close()
			return false, err
		}
		list = append(list, m)
	}
	msgs.Close()
	if err := msgs.Err(); err != nil {
		return false, err
	}
	for _, m := range list {
		f(m.data, false)
		if err := o.parts(m.id, f); err != nil {
			return false, err
		}
		if stop() {
			return true, nil
		}
	}
	return false, nil
}

func (o *opencodeDB) parts(message string, f func(data []byte, isPart bool)) error {
	rows, err := o.db.Query(`SELECT data FROM part WHERE message_id = ? ORDER BY id`, message)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var data []byte
		if err := rows.Scan(&data); err != nil {
			return err
		}
		f(data, true)
	}
	return rows.Err()
}

// decodeRow unmarshals a row's JSON data, saying why it is not a record.
func decodeRow(data []byte, r any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("no data")
	}
	return decodeRecord(data, r, "")
}

// opencodeDBRef splits a session's name as the list gives it, DB#ID: the
// database and the session's id; ok is false for the name of a file.
func opencodeDBRef(name string) (db, id string, ok bool) {
	if _, err := os.Stat(name); err == nil {
		return name, "", IsSQLite(name)
	}
	i := strings.LastIndexByte(name, '#')
	if i < 0 || !IsSQLite(name[:i]) {
		return "", "", false
	}
	return name[:i], name[i+1:], true
}

// Open reads the session a name gives: a session file, opencode's
// database (its only session), or DB#ID, one session of it, as List names
// opencode's sessions.
func Open(name string, opt Options) (*Session, error) {
	if db, id, ok := opencodeDBRef(name); ok {
		if opt.Agent != "" && opt.Agent != "opencode" {
			return nil, fmt.Errorf("%w: an SQLite database, not a session of %s", ErrNotSession, opt.Agent)
		}
		return ParseOpencodeDB(db, id, opt)
	}
	if err := regular(name); err != nil {
		return nil, err
	}
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	s, err := Parse(fh, opt)
	if err == nil {
		inProject(s, name, opt.Here)
	}
	return s, err
}

// regular refuses what is not a regular file before it is opened: a FIFO
// would wait for a writer, a device never end.
func regular(name string) error {
	st, err := os.Stat(name)
	if err != nil || st.Mode().IsRegular() || st.IsDir() {
		return nil // the open says what is wrong, a folder is not read
	}
	what := "a special file"
	switch m := st.Mode(); {
	case m&os.ModeNamedPipe != 0:
		what = "a FIFO"
	case m&os.ModeSocket != 0:
		what = "a socket"
	case m&os.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%w: %s, not a file", ErrNotSession, what)
}
