package reader

import (
	"io"
	"math"
)

// A sparse file's holes read as zero bytes, and a 100 GB one read to its
// end took minutes, for the tools that measure a line they do not show
// whole (Codex, crush) or count every line. Where the scanner no longer
// holds what it reads (past a line's head, or passing over lines), it asks
// its source how many zero bytes follow and counts them without reading
// them: zeros have no line ending and are each one byte, one character and
// one UTF-16 unit.

// zeroer is a source that can skip a run of zero bytes, a hole, without
// reading it.
type zeroer interface {
	// zeros moves past the zero bytes of a hole that follows, at least
	// holeMin of them, and says how many there were. Else it moves nowhere
	// and says how many bytes follow before the next such hole (all of
	// them, math.MaxInt64, when it cannot tell).
	zeros() (n, data int64)
}

// holeMin is the shortest hole skipped, and how far a scanner reads before
// it first asks: a shorter hole is read, as a file system that keeps no
// holes is, and a file shorter than that never costs a seek.
const holeMin = 1 << 20

// zeros skips a hole where the scanner stands, when its buffer is empty
// and its source can tell one, and says how many zero bytes it held.
func (s *scanner) zeros() int64 {
	if s.lo != s.hi || s.eof || s.read < holeMin || s.read < s.holesFrom {
		return 0
	}
	z, ok := s.r.(zeroer)
	if !ok {
		return 0
	}
	n, data := z.zeros()
	if n == 0 {
		s.holesFrom = s.read + min(data, math.MaxInt64-s.read)
		return 0
	}
	if s.check != nil {
		// What was consumed, then a zero: the rest of the hole changes
		// nothing a check could find.
		s.check.write(s.buf[:s.lo])
		s.check.write([]byte{0})
	}
	s.lo, s.hi = 0, 0
	s.read += n
	return n
}

// sampled is a file's bytes with the first of them, already read for
// detection, put back in front: io.MultiReader, but one that passes a
// hole on once the sample is spent.
type sampled struct {
	head []byte
	rest io.Reader
}

func (r *sampled) Read(b []byte) (int, error) {
	if len(r.head) > 0 {
		n := copy(b, r.head)
		r.head = r.head[n:]
		return n, nil
	}
	return r.rest.Read(b)
}

func (r *sampled) zeros() (n, data int64) {
	if z, ok := r.rest.(zeroer); ok && len(r.head) == 0 {
		return z.zeros()
	}
	return 0, int64(len(r.head))
}
