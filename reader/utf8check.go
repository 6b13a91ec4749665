package reader

import "unicode/utf8"

// utf8Check validates a stream fed in pieces, for tools that report whether a
// file needed replacement decoding anywhere, not only in the lines shown.
type utf8Check struct {
	tail    []byte // an incomplete sequence at the end of the last piece
	invalid bool
	closed  bool // every byte of the stream has been checked
}

func (c *utf8Check) write(p []byte) {
	if c.invalid || len(p) == 0 {
		return
	}
	if len(c.tail) > 0 {
		p = append(c.tail, p...)
		c.tail = nil
	}
	// Hold back a possibly incomplete sequence at the end.
	cut := len(p)
	for i := len(p) - 1; i >= 0 && i >= len(p)-3; i-- {
		if p[i] >= 0xc0 {
			cut = i
			break
		}
		if p[i] < 0x80 {
			break
		}
	}
	if !utf8.Valid(p[:cut]) {
		c.invalid = true
		return
	}
	c.tail = append([]byte(nil), p[cut:]...)
}

func (c *utf8Check) close() {
	if len(c.tail) > 0 && !utf8.Valid(c.tail) {
		c.invalid = true
	}
	c.tail = nil
	c.closed = true
}
