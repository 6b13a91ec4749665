package reader

import "io"

// An agent that decodes its file as a stream (opencode's TextDecoder with
// {stream: true}) and never makes the last call that flushes the decoder
// drops an unfinished UTF-8 sequence at the end of the file, where a
// flushed decoder would show U+FFFD: "abc\xe2" is the text "abc", and
// "abc\n\xe2\x82" one line. Text.DropOpenEnd asks for that.

// openTail is how many bytes at the end of b begin a UTF-8 sequence they
// do not finish: what a streaming decoder keeps back, waiting for more.
// Such a sequence is at most three bytes, so the last four decide.
func openTail(b []byte) int {
	var s utf8State
	start := 0
	for i := max(0, len(b)-4); i < len(b); i++ {
		switch res, _ := s.step(b[i]); res {
		case stepOpen:
			if s.seen == 0 {
				start = i
			}
		case stepBadAgain:
			i-- // the byte may begin a sequence of its own
		}
	}
	if s.need != 0 {
		return len(b) - start
	}
	return 0
}

// openEndReader is r without the unfinished sequence that may end it. It
// hands bytes on as they come, but for the last three, which it keeps
// back until it knows whether the stream ends there.
type openEndReader struct {
	r     io.Reader
	held  [3]byte
	nheld int
	ready []byte // bytes to hand on before anything else (a small Read's rest)
	err   error  // the source's error (io.EOF), once it came
}

// dropOpenEnd is r as text t reads it: without an unfinished sequence at
// its end when t asks so.
func dropOpenEnd(r io.Reader, t Text) io.Reader {
	if !t.DropOpenEnd {
		return r
	}
	return &openEndReader{r: r}
}

func (o *openEndReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if len(o.ready) > 0 {
			n := copy(p, o.ready)
			o.ready = o.ready[n:]
			return n, nil
		}
		if o.err != nil {
			return 0, o.err
		}
		if len(p) < 8 { // too small to keep bytes back in: read through a buffer
			var b [8]byte
			n, err := o.Read(b[:])
			c := copy(p, b[:n])
			o.ready = append(o.ready[:0], b[c:n]...)
			return c, err
		}
		k := copy(p, o.held[:o.nheld])
		o.nheld = 0
		n, err := o.r.Read(p[k:])
		m := k + n
		if err != nil {
			o.err = err
			if err == io.EOF {
				m -= openTail(p[:m])
			}
			if m > 0 {
				return m, nil // the error comes with the next call
			}
			return 0, err
		}
		t := openTail(p[:m])
		o.nheld = copy(o.held[:], p[m-t:m])
		if m > t {
			return m - t, nil
		}
	}
}

// zeros passes a hole on (holes.go) when no bytes are kept back: those
// come before it. A hole's zeros finish no sequence, so what is kept back
// is handed on as it is.
func (o *openEndReader) zeros() (n, data int64) {
	pending := int64(o.nheld + len(o.ready))
	if z, ok := o.r.(zeroer); ok && pending == 0 && o.err == nil {
		return z.zeros()
	}
	return 0, pending
}
