package reader

import (
	"context"
	"io"
	"slices"
	"sort"
	"time"
)

// Marks remember, across a series of calls on one file, where the lines the
// calls stopped at begin and how many lines the file has, so that each call
// of a paging plan (readlens compare) starts reading where the call before
// it stopped instead of at the top, and counts nothing it counted before.
// The tool reads from the top, and the answer is the same: only the work
// differs (Stats.BytesRead says how much was read). Marks are kept for one
// file and one way of splitting it at a time, the file known by its path,
// size and modification time: one rewritten to the same size within the
// same timestamp is taken for the same file (readlens compare reports a
// change between calls by those same facts). A Marks is not safe for
// concurrent calls.
type Marks struct {
	key   marksKey
	at    []mark // in the order of their lines
	total int    // the file's lines, -1 until a call counted them all
	// invalid is the whole file's UTF-8 verdict, once a call checked it
	// all: a call that checks can then start anywhere.
	invalid *bool
}

// resumeBuffer is the buffer of a scanner that resumes: a page or two.
const resumeBuffer = 64 << 10

// NewMarks is an empty Marks for Request.Marks.
func NewMarks() *Marks { return &Marks{total: -1} }

type marksKey struct {
	path string
	size int64
	mod  time.Time
	text Text
}

// mark is the scanner's state at the start of a line: where in the file,
// and whether the line before ended at a \r whose \n may follow.
type mark struct {
	line    int // how many lines come before
	offset  int64
	afterCR bool
}

// of is m kept for this file, read this way; nil when none can be: a
// transcoded file's offsets are not the text's (EncodingBunText reads a
// file as it is unless its sample says otherwise: the caller asks).
func (m *Marks) of(path string, size int64, mod time.Time, t Text) *Marks {
	if m == nil || t.Encoding != EncodingUTF8 && t.Encoding != EncodingBunText {
		return nil
	}
	if k := (marksKey{path, size, mod, t}); m.key != k {
		*m = Marks{key: k, total: -1}
	}
	return m
}

// resume makes a scanner that starts at the nearest mark at or before line
// start+1, with file seeked there; nil when there is none, or when the
// scanner must check bytes it would skip. A file held in memory (held,
// else nil) is cut in place from the mark on.
func (m *Marks) resume(ctx context.Context, file File, held []byte, t Text, check bool, start, bufSize int) *scanner {
	// The last mark at or before line start+1.
	i := sort.Search(len(m.at), func(i int) bool { return m.at[i].line > start }) - 1
	if i < 0 || m.at[i].line == 0 || (check && m.invalid == nil) {
		return nil
	}
	at := m.at[i]
	if held != nil {
		if at.offset > int64(len(held)) {
			return nil
		}
		s := heldScanner(ctx, held, t.Split, false, false)
		s.lo, s.lines, s.afterCR, s.total = int(at.offset), at.line, at.afterCR, m.total
		if check {
			s.check = &utf8Check{invalid: *m.invalid, closed: true}
		}
		return s
	}
	seeker, ok := file.(io.Seeker)
	if !ok {
		return nil
	}
	if _, err := seeker.Seek(at.offset, io.SeekStart); err != nil {
		return nil
	}
	// A page is usually far smaller than a full buffer, which a call that
	// resumes would otherwise fill from the disk every time.
	s := newScanner(ctx, dropOpenEnd(file, t), t.Split, false, false, min(bufSize, resumeBuffer))
	s.lines, s.afterCR, s.read, s.total = at.line, at.afterCR, at.offset, m.total
	if check {
		s.check = &utf8Check{invalid: *m.invalid, closed: true}
	}
	return s
}

// note keeps what a scanner has learnt: where its next line begins, and
// once it has reached the end, how many lines there were.
func (m *Marks) note(s *scanner) {
	if m == nil || s.err != nil {
		return
	}
	if s.ended {
		m.total = s.lines
		if s.check != nil && s.check.closed {
			invalid := s.check.invalid
			m.invalid = &invalid
		}
		return
	}
	if s.mid {
		return
	}
	k := mark{line: s.lines, offset: s.read - int64(s.hi-s.lo), afterCR: s.afterCR}
	i := sort.Search(len(m.at), func(i int) bool { return m.at[i].line >= k.line })
	if i < len(m.at) && m.at[i].line == k.line {
		m.at[i] = k
	} else {
		m.at = slices.Insert(m.at, i, k)
	}
}
