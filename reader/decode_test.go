package reader

import (
	"bytes"
	"io"
	"testing"
)

// TestDecodeBOM: the text as the window writes it, and the units behind
// each U+FFFD that stands for no character of the file (halves.go).
func TestDecodeBOM(t *testing.T) {
	for _, c := range []struct {
		name   string
		in     []byte
		want   string
		halves int // kept as WTF-8, each a U+FFFD written
		unit   int // halfBytes: the file's bytes behind each
	}{
		{"no mark", []byte("hi\xff"), "hi\xff", 0, 0},
		{"utf8", []byte("\xef\xbb\xbfhi"), "hi", 0, 0},
		{"utf16le", []byte("\xff\xfeh\x00i\x00"), "hi", 0, 2},
		{"utf16le odd byte dropped", []byte("\xff\xfeh\x00i"), "h", 0, 2},
		{"utf16be", []byte("\xfe\xff\x00h\x00i"), "hi", 0, 2},
		{"utf16le pair", []byte("\xff\xfe\x3d\xd8\x00\xde"), "😀", 0, 2},
		{"utf16le lone high", []byte("\xff\xfe\x3d\xd8a\x00"), "\uFFFDa", 1, 2},
		{"utf16le lone high at end", []byte("\xff\xfe\x3d\xd8"), "\uFFFD", 1, 2},
		{"utf16le lone low", []byte("\xff\xfe\x00\xdea\x00"), "\uFFFDa", 1, 2},
		{"utf16le U+FFFD of the file", []byte("\xff\xfe\xfd\xff"), "\uFFFD", 0, 2},
		{"utf32le", []byte("\xff\xfe\x00\x00h\x00\x00\x00\x00\xf6\x01\x00"), "h😀", 0, 4},
		{"utf32be", []byte("\x00\x00\xfe\xff\x00\x00\x00h"), "h", 0, 4},
		{"utf32 out of range", []byte("\xff\xfe\x00\x00\x00\x00\x11\x00"), "\uFFFD", 1, 4},
		{"utf32 surrogate", []byte("\xff\xfe\x00\x00\x00\xd8\x00\x00"), "\uFFFD", 1, 4},
		{"utf32 partial dropped", []byte("\xff\xfe\x00\x00h\x00\x00"), "", 0, 4},
	} {
		head := c.in[:min(4, len(c.in))]
		r := decodeBOM(head, bytes.NewReader(c.in[len(head):]))
		got, err := io.ReadAll(r)
		text, halves := keptHalves(got)
		if err != nil || text != c.want || halves != c.halves || halfBytes(r) != c.unit {
			t.Errorf("%s: got %q (%d halves of %d bytes), %v; want %q (%d of %d)", c.name, text, halves, halfBytes(r), err, c.want, c.halves, c.unit)
		}
	}
}

// TestUTF16LE: Node's decoding of UTF-16LE, which Claude Code uses for a
// file that starts FF FE: pairs combine, lone surrogates become U+FFFD, an
// odd final byte is dropped.
func TestUTF16LE(t *testing.T) {
	in := []byte{'a', 0, 0x3d, 0xd8, 0x00, 0xde, 0x00, 0xd8, 'b', 0, 0x00, 0xdc, 'c'}
	out, err := io.ReadAll(utf16LE(bytes.NewReader(in)))
	if err != nil || string(out) != "a😀\ufffdb\ufffd" {
		t.Errorf("got %q, %v", out, err)
	}
}
