package reader

import "strings"

// strs keeps many short strings in a few large blocks: a page of two
// million lines is then a few hundred allocations for the collector to
// track rather than two million. Blocks start small and double, so a short
// read holds little more than its text.
type strs struct {
	b    strings.Builder
	next int // the size of the next block
}

const (
	firstBlock = 4 << 10
	lastBlock  = 1 << 20
)

// of is p as a string.
func (s *strs) of(p []byte) string {
	if len(p) > lastBlock/8 {
		return string(p)
	}
	if s.b.Cap()-s.b.Len() < len(p) {
		s.next = min(max(2*s.next, firstBlock), lastBlock)
		s.b = strings.Builder{}
		s.b.Grow(s.next)
	}
	at := s.b.Len()
	s.b.Write(p)
	return s.b.String()[at:]
}
