package reader

import "sync"

// decodedLines keeps the lines of a held file that were not valid UTF-8,
// decoded, for the file's other agents: codex, Cline, pi and Claude Code
// read a binary file's lines as text, each decoding the same bytes, and
// decoding was a twentieth of an audit's CPU. A line is known by where it
// lies in the held bytes, which never change while they are held. At most
// decodedMax bytes of text are kept a file.
type decodedLines struct {
	mu    sync.Mutex
	lines map[[2]int]decodedLine
	bytes int
}

type decodedLine struct {
	text     string
	replaced int
}

const decodedMax = 8 << 20

// decode is decodeCounting(head, -1), remembered when head lies in the
// held bytes of a file whose agents share d.
func (s *scanner) decode(head []byte) (string, int) {
	d := s.decoded
	if d == nil {
		return decodeCounting(head, -1)
	}
	at, ok := s.at(head)
	if !ok {
		return decodeCounting(head, -1)
	}
	k := [2]int{at, len(head)}
	d.mu.Lock()
	l, ok := d.lines[k]
	d.mu.Unlock()
	if ok {
		return l.text, l.replaced
	}
	text, replaced := decodeCounting(head, -1)
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, kept := d.lines[k]; !kept && d.bytes+len(text) <= decodedMax { // another agent may have kept it meanwhile
		if d.lines == nil {
			d.lines = map[[2]int]decodedLine{}
		}
		d.lines[k] = decodedLine{text, replaced}
		d.bytes += len(text)
	}
	return text, replaced
}
