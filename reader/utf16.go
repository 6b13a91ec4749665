package reader

import (
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16LE transcodes a UTF-16LE byte stream to UTF-8 as it is read, the way
// Node's Buffer.toString("utf16le") reads it: surrogate pairs combine, an odd
// final byte is dropped, and a lone surrogate (which a JavaScript string
// keeps, and which JSON-encoding for the API turns into U+FFFD) becomes
// U+FFFD. It holds one buffer, never the file.
type utf16LE struct {
	r    io.Reader
	in   []byte
	out  []byte
	high rune // a high surrogate waiting for its pair, or 0
	eof  bool
}

func newUTF16LE(r io.Reader) io.Reader {
	return &utf16LE{r: r, in: make([]byte, 0, 64<<10)}
}

func (u *utf16LE) Read(p []byte) (int, error) {
	for len(u.out) == 0 {
		if u.eof {
			return 0, io.EOF
		}
		u.fill()
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// fill reads more input and transcodes every whole code unit of it.
func (u *utf16LE) fill() {
	start := len(u.in)
	n, err := u.r.Read(u.in[start:cap(u.in)])
	u.in = u.in[:start+n]
	if err != nil {
		u.eof = true
	}
	var out []byte
	i := 0
	for ; i+1 < len(u.in); i += 2 {
		c := rune(u.in[i]) | rune(u.in[i+1])<<8
		switch {
		case utf16.IsSurrogate(c) && c < 0xdc00: // high
			if u.high != 0 {
				out = utf8.AppendRune(out, utf8.RuneError)
			}
			u.high = c
			continue
		case utf16.IsSurrogate(c): // low
			if u.high != 0 {
				out = utf8.AppendRune(out, utf16.DecodeRune(u.high, c))
				u.high = 0
			} else {
				out = utf8.AppendRune(out, utf8.RuneError)
			}
			continue
		}
		if u.high != 0 {
			out = utf8.AppendRune(out, utf8.RuneError)
			u.high = 0
		}
		out = utf8.AppendRune(out, c)
	}
	rest := copy(u.in, u.in[i:]) // an odd byte waits for its pair
	u.in = u.in[:rest]
	if u.eof && u.high != 0 {
		out = utf8.AppendRune(out, utf8.RuneError)
		u.high = 0
	}
	u.out = out
}
