package reader

import (
	"bytes"
	"context"
	"io"
	"sync"
)

// Split says how a tool cuts text into lines.
type Split struct {
	// Universal ends lines at \n, \r\n and a lone \r, as Node's readline and
	// Effect's splitLines do; otherwise only \n ends a line.
	Universal bool
	// Phantom makes the text after the last \n a line even when it is empty,
	// as JavaScript's text.split("\n") does: "a\n" is two lines and "" is one.
	// Without it a final terminator adds no line and an empty file has none.
	Phantom bool
	// TrimCR drops one \r before a \n, as splitting on /\r?\n/ does.
	TrimCR bool
	// TrimLastCR also drops a \r that ends the final, unterminated line.
	TrimLastCR bool
}

// chunkSize is the largest read; smaller files get a buffer their size.
const chunkSize = 1 << 20

// bufferFor sizes a scanner's buffer for a file of size bytes (0: unknown).
func bufferFor(size int64) int {
	if size <= 0 || size >= chunkSize {
		return chunkSize
	}
	return max(int(size)+1, 512)
}

// scanner cuts a byte stream into lines. It never holds more than one chunk
// plus the retained head of the current line, so memory does not grow with
// the file; skip and count run at memchr speed through lines nobody sees.
type scanner struct {
	ctx     context.Context
	r       io.Reader
	split   Split
	buf     []byte
	lo, hi  int  // unread bytes are buf[lo:hi]
	eof     bool // r has no more bytes
	err     error
	afterCR bool // Universal: the last line ended at \r, so a \n next is part of it
	mid     bool // bytes of an unterminated line were consumed by skip or count
	ended   bool // the last line has been returned, skipped or counted
	read    int64
	lines   int    // lines returned, skipped or counted
	acc     []byte // the retained head of the current line
	check   *utf8Check
	// crLF says whether a \n followed the \r that ended the last line
	// (Universal), once skipLF has looked: that line ended \r\n.
	crLF bool
	// total is the file's lines when an earlier call counted them (Marks),
	// else -1: counting the rest is then a subtraction.
	total int
	marks *Marks // told where the window starts and stops, when kept
	// halves says the text keeps unpaired UTF-16 surrogates as WTF-8
	// (halves.go), each standing for that many of the file's bytes: the
	// window and the meter read each as one U+FFFD. 0: the text keeps none.
	halves int
	// held is buf as a string when buf is a file's bytes held in memory
	// (heldScanner): a line lying in it is a substring, never a copy.
	held string
	// decoded keeps the held file's lines decoded for its other agents.
	decoded *decodedLines
	// plain is the held bytes' shape when they are plain text (plain.go):
	// every line ends at a \n and holds no \r, so nextPlain cuts them.
	plain *plainShape
	// holesFrom is where the scanner next asks its source for a hole.
	holesFrom int64
}

// chunks recycles full-size buffers: the inspector reads file after file.
var chunks = sync.Pool{New: func() any { b := make([]byte, chunkSize); return &b }}

func newScanner(ctx context.Context, r io.Reader, split Split, stripBOM, checkUTF8 bool, bufSize int) *scanner {
	s := &scanner{ctx: ctx, r: r, split: split, total: -1}
	if bufSize == chunkSize {
		s.buf = *chunks.Get().(*[]byte)
	} else {
		s.buf = make([]byte, max(bufSize, 4))
	}
	if checkUTF8 {
		s.check = &utf8Check{}
	}
	if stripBOM {
		for s.hi-s.lo < 3 && s.fill() {
		}
		if bytes.HasPrefix(s.buf[s.lo:s.hi], []byte("\xef\xbb\xbf")) {
			s.lo += 3
		}
	}
	return s
}

// release gives the scanner's buffer back; the scanner is done.
func (s *scanner) release() {
	if s.held != "" {
		s.buf, s.held = nil, ""
		return
	}
	if len(s.buf) == chunkSize {
		b := s.buf
		chunks.Put(&b)
	}
	s.buf = nil
}

// fill reads more bytes after the unread ones. It reports false at the end of
// the stream, on a read error (kept in err) or when ctx is done.
func (s *scanner) fill() bool {
	if s.eof {
		return false
	}
	if err := s.ctx.Err(); err != nil {
		s.eof, s.err = true, err
		return false
	}
	if s.lo > 0 {
		if s.check != nil {
			s.check.write(s.buf[:s.lo])
		}
		n := copy(s.buf, s.buf[s.lo:s.hi])
		s.lo, s.hi = 0, n
	}
	for s.hi < len(s.buf) {
		n, err := s.r.Read(s.buf[s.hi:])
		s.hi += n
		s.read += int64(n)
		if err == io.EOF {
			s.eof = true
			break
		}
		if err != nil {
			s.eof, s.err = true, err
			break
		}
		if n > 0 {
			break
		}
	}
	if s.eof && s.check != nil && !s.check.closed {
		s.check.write(s.buf[:s.hi]) // compaction checked everything before buf[0]
		s.check.close()
	}
	return s.lo < s.hi
}

// skipLF consumes the \n of a \r\n whose \r ended the previous line.
func (s *scanner) skipLF() {
	if !s.afterCR {
		return
	}
	s.afterCR, s.crLF = false, false
	if s.lo == s.hi && !s.fill() {
		return
	}
	if s.buf[s.lo] == '\n' {
		s.lo++
		s.crLF = true
	}
}

// term finds the first line terminator in p: its index and length, or -1.
func (s *scanner) term(p []byte) (at int, cr bool) {
	lf := bytes.IndexByte(p, '\n')
	if !s.split.Universal {
		return lf, false
	}
	q := p
	if lf >= 0 {
		q = p[:lf]
	}
	if i := bytes.IndexByte(q, '\r'); i >= 0 {
		return i, true
	}
	return lf, false
}

// rawLine is one line as read: its head, and its decoded size when the line
// was longer than the caller could hold.
type rawLine struct {
	head     []byte // the line without its terminator, or its first bytes
	complete bool   // head is the whole line
	size     textSize
	// crlf says the line ended \r\n and the split dropped the \r (TrimCR);
	// atCR that it ended at a \r (Universal), which was \r\n if crLF says
	// so after the scanner's next look (skipLF).
	crlf, atCR bool
	// phantom says the line is Split.Phantom's empty one after a final
	// newline: no byte of the file.
	phantom bool
}

// appendDoubling is append that at least doubles the capacity when it
// grows: a 64 MiB line then costs about 128 MiB of copying, where append's
// gentler growth for large slices copied over 300 MiB.
func appendDoubling[T any](b []T, p ...T) []T {
	if n := len(b) + len(p); n > cap(b) {
		grown := make([]T, len(b), max(2*cap(b), n))
		copy(grown, b)
		b = grown
	}
	if len(p) == 1 {
		// One element, the common case, stored directly: append(b, p...)
		// goes through typedslicecopy for it, which cost more than the
		// store itself (a tenth of an audit's time).
		return append(b, p[0])
	}
	return append(b, p...)
}

// next returns the next line, holding at most retain bytes of it.
func (s *scanner) next(retain int) (rawLine, bool) {
	if s.ended {
		return rawLine{}, false
	}
	s.skipLF()
	acc := s.acc[:0]
	long := false
	var m meter
	m.s.halves = s.halves > 0
	take := func(p []byte) {
		if long {
			m.write(p)
			return
		}
		if len(acc)+len(p) <= retain {
			acc = appendDoubling(acc, p...)
			return
		}
		long = true
		m.write(acc)
		m.write(p)
		acc = append(acc, p[:retain-len(acc)]...)
	}
	last := byte(0) // the line's last byte so far, for TrimCR on long lines
	for {
		if long && s.lo == s.hi {
			if n := s.zeros(); n > 0 {
				m.zeros(n)
				last = 0
				continue
			}
		}
		if s.lo == s.hi && !s.fill() {
			if !s.split.Phantom && len(acc) == 0 {
				s.ended = true
				return rawLine{}, false
			}
			s.ended = true
			s.lines++
			l := s.finish(acc, long, &m, last, s.split.TrimLastCR, false)
			l.phantom = len(acc) == 0 && !long
			return l, true
		}
		p := s.buf[s.lo:s.hi]
		at, cr := s.term(p)
		if at < 0 {
			take(p)
			last = p[len(p)-1]
			s.lo = s.hi
			continue
		}
		if len(acc) == 0 && !long && at <= retain {
			// The whole line is in the buffer: it is handed out from there,
			// uncopied (the window copies what it keeps before it asks the
			// scanner for more), and s.acc is left alone.
			return s.inBuffer(p[:at:at], cr), true
		}
		take(p[:at])
		if at > 0 {
			last = p[at-1]
		}
		s.lo += at + 1
		s.afterCR = cr
		s.lines++
		l := s.finish(acc, long, &m, last, s.split.TrimCR && !cr, !cr)
		l.atCR = cr
		return l, true
	}
}

// inBuffer ends a line that lies whole in the buffer, ended by a \r
// (Universal) when cr, else by a \n, as finish ends one gathered in acc.
func (s *scanner) inBuffer(line []byte, cr bool) rawLine {
	s.lo += len(line) + 1
	s.afterCR = cr
	s.lines++
	trimCR := s.split.TrimCR && !cr
	endsCR := len(line) > 0 && line[len(line)-1] == '\r'
	crlf := trimCR && !cr && endsCR
	if trimCR && endsCR {
		line = line[:len(line)-1]
	}
	return rawLine{head: line, complete: true, crlf: crlf, atCR: cr}
}

// finish ends a line; atLF says a \n ended it.
func (s *scanner) finish(acc []byte, long bool, m *meter, last byte, trimCR, atLF bool) rawLine {
	s.acc = acc
	crlf := trimCR && atLF && last == '\r'
	if trimCR && last == '\r' {
		if !long {
			acc = acc[:len(acc)-1]
		} else {
			// A \r is never swallowed by a replacement, so it counts one of each unit.
			m.size.Bytes--
			m.size.Runes--
			m.size.UTF16--
		}
	}
	if !long {
		return rawLine{head: acc, complete: true, crlf: crlf}
	}
	return rawLine{head: acc, size: m.close(), crlf: crlf}
}

// more reports whether another line follows.
func (s *scanner) more() bool {
	if s.ended {
		return false
	}
	s.skipLF()
	if s.lo < s.hi || s.fill() {
		return true
	}
	return s.split.Phantom || s.mid
}

// skip passes over up to n lines and returns how many there were.
func (s *scanner) skip(n int) int {
	return s.pass(n)
}

// count passes over every remaining line and returns how many there were.
func (s *scanner) count() int {
	return s.pass(-1)
}

// pass consumes up to n lines (all when n < 0) without looking at them.
func (s *scanner) pass(n int) int {
	if n < 0 && s.total >= 0 && !s.ended {
		done := s.total - s.lines
		s.lines, s.ended, s.eof, s.lo = s.total, true, true, s.hi
		return done
	}
	done := 0
	for n < 0 || done < n {
		if s.ended {
			break
		}
		s.skipLF()
		if s.lo == s.hi && s.zeros() > 0 {
			s.mid = true // zeros end no line
			continue
		}
		if s.lo == s.hi && !s.fill() {
			if s.split.Phantom || s.mid {
				done++
			}
			s.ended = true
			break
		}
		p := s.buf[s.lo:s.hi]
		if s.split.Universal && bytes.IndexByte(p, '\r') >= 0 {
			if n < 0 {
				done += s.passUniversal(p)
			} else {
				done += s.passSlow(p, n-done)
			}
			continue
		}
		want := n - done
		c := bytes.Count(p, []byte{'\n'})
		if n < 0 || c < want {
			done += c
			s.mid = p[len(p)-1] != '\n' // the chunk ends inside a line
			s.lo = s.hi
			continue
		}
		// The want-th \n is in this chunk.
		at := 0
		for i := 0; i < want; i++ {
			at += bytes.IndexByte(p[at:], '\n') + 1
		}
		s.lo += at
		s.mid = false
		done += want
	}
	s.lines += done
	return done
}

// passUniversal consumes every line of a chunk holding \r terminators: a
// \n, a \r and a \r\n each end one. Counted a byte at a time (passSlow),
// the lines of a folder of shared libraries, whose bytes hold both, were a
// tenth of its audit.
func (s *scanner) passUniversal(p []byte) int {
	// A \n after the \r that ended the last chunk was skipped (skipLF).
	done := bytes.Count(p, []byte{'\n'}) + bytes.Count(p, []byte{'\r'}) - bytes.Count(p, []byte("\r\n"))
	last := p[len(p)-1]
	s.afterCR = last == '\r'
	s.mid = last != '\r' && last != '\n'
	s.lo = s.hi
	return done
}

// passSlow consumes up to want lines of a chunk holding \r terminators,
// byte by byte.
func (s *scanner) passSlow(p []byte, want int) int {
	done := 0
	for i, b := range p {
		if done == want {
			s.lo += i
			return done
		}
		switch {
		case b == '\n' && s.afterCR:
			s.afterCR = false
		case b == '\n' || b == '\r':
			done++
			s.mid = false
			s.afterCR = b == '\r'
		default:
			s.afterCR = false
			s.mid = true
		}
	}
	s.lo = s.hi
	return done
}
