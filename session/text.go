package session

import (
	"fmt"
	"os"
	"sync"
)

// A session of hundreds of megabytes holds hundreds of megabytes of tool
// results: kept as strings, they would all sit in memory while the
// session is shown. A result's text over spillOver bytes is written to
// the session's spill file instead, and read back when it is asked for
// (Text.String): what stays in memory is its place there and its length.
//
// The spill file is one temporary file, created in os.TempDir (never near
// the tree being inspected) and unlinked at once: nothing is left on disk,
// whatever happens to the process, and its space is given back when the
// file is closed (Session.Close, or when the session is collected).

// spillOver is the longest text held in memory.
const spillOver = 1 << 10

// Text is a result's text: held, or in the session's spill file. The zero
// Text is "". Two Texts are == when they are the same text in the same
// place (a copy of a Text, a Clone's); Equal compares what they say.
type Text struct {
	s   string // the text, when it is held
	sp  *spill // where it is, when it is not
	off int64
	n   int
}

// TextOf is s, held in memory.
func TextOf(s string) Text { return Text{s: s} }

// Len is the text's length in bytes, known without reading it back.
func (t Text) Len() int {
	if t.sp != nil {
		return t.n
	}
	return len(t.s)
}

// String is the text, read back from the spill file when it is there; a
// spill file that cannot be read gives a note in its place, never a
// panic (Read says what failed).
func (t Text) String() string {
	s, err := t.Read()
	if err != nil {
		return fmt.Sprintf("[readlens could not read this text (%d bytes) back from its temporary file: %v]", t.n, err)
	}
	return s
}

// Read is the text, or why the spill file could not give it back.
func (t Text) Read() (string, error) {
	if t.sp == nil {
		return t.s, nil
	}
	return t.sp.read(t.off, t.n)
}

// Equal reports whether two texts say the same, reading them back only
// when their places and lengths do not tell.
func (t Text) Equal(u Text) bool {
	if t == u {
		return true
	}
	if t.Len() != u.Len() {
		return false
	}
	a, errA := t.Read()
	b, errB := u.Read()
	return errA == nil && errB == nil && a == b
}

// Prefix is the text's first n bytes, sharing its place: a file view's
// content that is the start of the result costs nothing more.
func (t Text) Prefix(n int) Text {
	n = min(max(n, 0), t.Len())
	if t.sp == nil {
		return Text{s: t.s[:n]}
	}
	if n <= spillOver {
		s, err := t.sp.read(t.off, n)
		if err == nil {
			return Text{s: s}
		}
	}
	return Text{sp: t.sp, off: t.off, n: n}
}

// spill is a session's spill file: texts appended, read at their offset.
// The parser writes while a UI reads what it was given: both lock.
type spill struct {
	mu   sync.Mutex
	f    *os.File
	size int64
}

// text is s as the session keeps it: held when short, else written to the
// spill file (created at the first long text). A spill file that cannot
// be made or written (the disk full) leaves s held, and the session says
// so once in its notes.
func (s *Session) text(str string) Text {
	if len(str) <= spillOver || s.spillErr != nil {
		return Text{s: str}
	}
	if s.spill == nil {
		f, err := os.CreateTemp("", "readlens-session-*")
		if err != nil {
			s.spillFailed(err)
			return Text{s: str}
		}
		// Unlinked at once: the open file is all there is of it.
		if err := os.Remove(f.Name()); err != nil {
			f.Close()
			s.spillFailed(err)
			return Text{s: str}
		}
		s.spill = &spill{f: f}
	}
	t, err := s.spill.write(str)
	if err != nil {
		s.spillFailed(err)
		return Text{s: str}
	}
	return t
}

func (s *Session) spillFailed(err error) {
	s.spillErr = err
	s.note(fmt.Sprintf("readlens could not keep long results in a temporary file (%v): they are held in memory", err))
}

func (sp *spill) write(str string) (Text, error) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.f == nil {
		return Text{}, os.ErrClosed
	}
	if _, err := sp.f.WriteAt([]byte(str), sp.size); err != nil {
		return Text{}, err
	}
	t := Text{sp: sp, off: sp.size, n: len(str)}
	sp.size += int64(len(str))
	return t, nil
}

func (sp *spill) read(off int64, n int) (string, error) {
	sp.mu.Lock()
	f := sp.f
	sp.mu.Unlock()
	if f == nil {
		return "", os.ErrClosed
	}
	b := make([]byte, n)
	if _, err := f.ReadAt(b, off); err != nil {
		return "", err
	}
	return string(b), nil
}

// Close gives back the spill file's space: the session's long texts can
// no longer be read (String says so). A session never closed gives it
// back when it is collected, or when the process ends.
func (s *Session) Close() error {
	if s.spill == nil {
		return nil
	}
	sp := s.spill
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.f == nil {
		return nil
	}
	err := sp.f.Close()
	sp.f = nil
	return err
}
