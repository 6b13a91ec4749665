package reader

import (
	"bytes"
	"context"
	"unsafe"
)

// heldScanner cuts data, a file's whole bytes held in memory, in place:
// the agents of a compare or an audit read one file's bytes (Snapshot),
// and each copied them into a buffer of its own, and each line out of it.
// data must never be written while the scanner or a line of it lives.
func heldScanner(ctx context.Context, data []byte, split Split, stripBOM, checkUTF8 bool) *scanner {
	s := &scanner{ctx: ctx, split: split, total: -1, buf: data, hi: len(data), eof: true, read: int64(len(data))}
	s.held = unsafe.String(unsafe.SliceData(data), len(data))
	if checkUTF8 {
		s.check = &utf8Check{}
		s.check.write(data)
		s.check.close()
	}
	if stripBOM && bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		s.lo = 3
	}
	return s
}

// view is p, which the scanner handed out, as a string without a copy,
// when p lies in held bytes.
func (s *scanner) view(p []byte) (string, bool) {
	at, ok := s.at(p)
	if !ok {
		return "", false
	}
	return s.held[at : at+len(p)], true
}

// at is where p, which the scanner handed out, lies in the held bytes.
func (s *scanner) at(p []byte) (int, bool) {
	if s.held == "" || len(p) == 0 {
		return 0, false
	}
	at := uintptr(unsafe.Pointer(unsafe.SliceData(p))) - uintptr(unsafe.Pointer(unsafe.StringData(s.held)))
	if at > uintptr(len(s.held)) || uintptr(len(p)) > uintptr(len(s.held))-at {
		return 0, false
	}
	return int(at), true
}

// nextPlain is next for held plain text whose lines the window holds
// whole: the line is the bytes up to the next \n, in place, with none of
// the scanner's care for \r, long lines or a buffer to refill. The
// windows of an audit's long plain files cut five million lines a run.
func (s *scanner) nextPlain() (rawLine, bool) {
	if s.ended {
		return rawLine{}, false
	}
	p := s.buf[s.lo:s.hi]
	if at := bytes.IndexByte(p, '\n'); at >= 0 {
		s.lo += at + 1
		s.lines++
		return rawLine{head: p[:at:at], complete: true}, true
	}
	s.ended = true
	if len(p) == 0 && !s.split.Phantom {
		return rawLine{}, false
	}
	s.lo = s.hi
	s.lines++
	return rawLine{head: p, complete: true, phantom: len(p) == 0}, true
}
