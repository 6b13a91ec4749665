package reader

import (
	"bytes"
	"io"
	"testing"
)

func TestDecodeBOM(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"no mark", []byte("hi\xff"), "hi\xff"},
		{"utf8", []byte("\xef\xbb\xbfhi"), "hi"},
		{"utf16le", []byte("\xff\xfeh\x00i\x00"), "hi"},
		{"utf16le odd byte dropped", []byte("\xff\xfeh\x00i"), "h"},
		{"utf16be", []byte("\xfe\xff\x00h\x00i"), "hi"},
		{"utf16le pair", []byte("\xff\xfe\x3d\xd8\x00\xde"), "😀"},
		{"utf16le lone high", []byte("\xff\xfe\x3d\xd8a\x00"), "\uFFFDa"},
		{"utf16le lone high at end", []byte("\xff\xfe\x3d\xd8"), "\uFFFD"},
		{"utf16le lone low", []byte("\xff\xfe\x00\xdea\x00"), "\uFFFDa"},
		{"utf32le", []byte("\xff\xfe\x00\x00h\x00\x00\x00\x00\xf6\x01\x00"), "h😀"},
		{"utf32be", []byte("\x00\x00\xfe\xff\x00\x00\x00h"), "h"},
		{"utf32 out of range", []byte("\xff\xfe\x00\x00\x00\x00\x11\x00"), "\uFFFD"},
		{"utf32 partial dropped", []byte("\xff\xfe\x00\x00h\x00\x00"), ""},
	} {
		head := c.in[:min(4, len(c.in))]
		got, err := io.ReadAll(decodeBOM(head, bytes.NewReader(c.in[len(head):])))
		if err != nil || string(got) != c.want {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
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
