package reader

import (
	"bytes"
	"encoding/binary"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// Encoding says how a tool turns a file's bytes into text before splitting it.
type Encoding int

const (
	// EncodingUTF8 decodes every file as UTF-8 (Text.StripBOM drops a UTF-8
	// byte order mark).
	EncodingUTF8 Encoding = iota
	// EncodingBOM honours a leading byte order mark, as Gemini CLI's
	// readFileWithEncoding does: UTF-8, UTF-16LE/BE and UTF-32LE/BE are
	// decoded and the mark dropped; a file without one is UTF-8.
	EncodingBOM
	// EncodingUTF16LEMark reads a file that starts FF FE as UTF-16LE, the
	// mark dropped, as Claude Code does when it sniffs a file's encoding
	// for Node's Buffer.toString; every other file is UTF-8 (FF FE 00 00
	// too: there is no UTF-32 here).
	EncodingUTF16LEMark
	// EncodingBunText is Bun's Blob.text() (opencode 1.1.x): a file that
	// starts FF FE and has more bytes is UTF-16LE, the mark dropped and no
	// other (a second FF FE stays U+FEFF, a trailing odd byte is dropped);
	// every other file, FF FE alone too, is UTF-8, its UTF-8 mark dropped
	// under Text.StripBOM.
	EncodingBunText
)

// bunUTF16 says EncodingBunText reads a file whose first bytes are sample
// as UTF-16LE.
func bunUTF16(sample []byte) bool {
	return len(sample) > 2 && sample[0] == 0xff && sample[1] == 0xfe
}

// bomReader transcodes a UTF-16 or UTF-32 stream to UTF-8 as it is read, so
// the scanner and its caps see the same text the tool does, in bounded memory.
type bomReader struct {
	r        io.Reader
	unit     int // 2 or 4 bytes
	big      bool
	in       []byte // undecoded bytes carried between reads
	out      bytes.Buffer
	eof      bool
	pendingH rune // a UTF-16 high surrogate waiting for its pair, or -1
	// keepHalves keeps an unpaired surrogate, or a UTF-32 unit that is no
	// character, as WTF-8 for the window, which writes it as U+FFFD and
	// counts it (halves.go); else it is U+FFFD here.
	keepHalves bool
}

// detectBOM is Gemini CLI 0.61.0's detectBOM: the encoding a file's first
// bytes announce and the mark's length; UTF-32LE is tested before UTF-16LE,
// whose mark is its prefix.
func detectBOM(b []byte) (unit int, big bool, n int) {
	switch {
	case len(b) >= 4 && bytes.HasPrefix(b, []byte{0xff, 0xfe, 0, 0}):
		return 4, false, 4
	case len(b) >= 4 && bytes.HasPrefix(b, []byte{0, 0, 0xfe, 0xff}):
		return 4, true, 4
	case bytes.HasPrefix(b, []byte{0xef, 0xbb, 0xbf}):
		return 1, false, 3
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}):
		return 2, false, 2
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}):
		return 2, true, 2
	}
	return 1, false, 0
}

// decodeBOM returns r's text as UTF-8 with any byte order mark removed,
// given that head holds r's first bytes (at least four when the file has).
func decodeBOM(head []byte, r io.Reader) io.Reader {
	unit, big, n := detectBOM(head)
	rest := io.MultiReader(bytes.NewReader(head[n:]), r)
	if unit == 1 {
		return rest
	}
	return &bomReader{r: rest, unit: unit, big: big, pendingH: -1, keepHalves: true}
}

// utf16LE transcodes a UTF-16LE stream (its mark already skipped) to UTF-8.
func utf16LE(r io.Reader) io.Reader { return &bomReader{r: r, unit: 2, pendingH: -1} }

// utf16LEHalves is utf16LE keeping unpaired surrogates as WTF-8.
func utf16LEHalves(r io.Reader) io.Reader {
	return &bomReader{r: r, unit: 2, pendingH: -1, keepHalves: true}
}

// halfBytes is how many of the file's bytes lie behind each half the text
// of r keeps as WTF-8 (a unit), or 0 when r keeps none.
func halfBytes(r io.Reader) int {
	if b, ok := r.(*bomReader); ok && b.keepHalves {
		return b.unit
	}
	return 0
}

func (b *bomReader) Read(p []byte) (int, error) {
	for b.out.Len() == 0 {
		if b.eof {
			return 0, io.EOF
		}
		var chunk [32 << 10]byte
		n, err := b.r.Read(chunk[:])
		b.in = append(b.in, chunk[:n]...)
		if err == io.EOF {
			b.eof = true
		} else if err != nil {
			return 0, err
		}
		b.decode()
	}
	return b.out.Read(p)
}

// decode turns the whole units in b.in into UTF-8. Node's utf16le decoder
// drops a trailing odd byte and Gemini's decodeUTF32 a trailing partial unit;
// a lone surrogate, which JavaScript keeps, becomes U+FFFD once written out.
func (b *bomReader) decode() {
	whole := len(b.in) - len(b.in)%b.unit
	var buf [4]byte
	emit := func(r rune) {
		n := utf8.EncodeRune(buf[:], r)
		b.out.Write(buf[:n])
	}
	half := func(u rune) {
		if b.keepHalves {
			b.out.Write(appendHalf(buf[:0], u))
			return
		}
		emit(utf8.RuneError)
	}
	for i := 0; i < whole; i += b.unit {
		u := b.in[i : i+b.unit]
		if b.unit == 4 {
			var cp uint32
			if b.big {
				cp = binary.BigEndian.Uint32(u)
			} else {
				cp = binary.LittleEndian.Uint32(u)
			}
			switch {
			case cp >= 0xd800 && cp <= 0xdfff:
				half(rune(cp))
			case cp > 0x10ffff:
				half(0xdfff) // no character: a U+FFFD, counted as a half is
			default:
				emit(rune(cp))
			}
			continue
		}
		var c uint16
		if b.big {
			c = binary.BigEndian.Uint16(u)
		} else {
			c = binary.LittleEndian.Uint16(u)
		}
		r := rune(c)
		switch {
		case b.pendingH >= 0 && r >= 0xdc00 && r <= 0xdfff:
			emit(utf16.DecodeRune(b.pendingH, r))
			b.pendingH = -1
			continue
		case b.pendingH >= 0:
			half(b.pendingH)
			b.pendingH = -1
		}
		switch {
		case r >= 0xd800 && r <= 0xdbff:
			b.pendingH = r
		case r >= 0xdc00 && r <= 0xdfff:
			half(r)
		default:
			emit(r)
		}
	}
	b.in = append(b.in[:0], b.in[whole:]...)
	if b.eof && b.pendingH >= 0 {
		half(b.pendingH)
		b.pendingH = -1
	}
}
