package reader

import "unsafe"

// An unpaired surrogate of a UTF-16 file reaches the model as U+FFFD: the
// file's bytes behind it are replaced (Line.Replaced), as invalid UTF-8 is.
// Bun's file.text() keeps it in its string, and Buffer.byteLength counts
// it 2 bytes, where the U+FFFD it is written out as has 3: opencode 1.1.x
// charges its 51200-byte cap the 2 (Budget.LoneBytes). So that the window
// can tell such a half from a U+FFFD the file holds, the transcoder keeps
// it as its generalized UTF-8, ED A0..BF 80..BF (WTF-8), which valid UTF-8
// never holds, and the window writes it as U+FFFD, of the same length,
// counting it. A UTF-32 unit that is no character is kept so too.

// appendHalf appends the unpaired surrogate u as WTF-8.
func appendHalf(b []byte, u rune) []byte {
	return append(b, 0xed, 0x80|byte(u>>6)&0x3f, 0x80|byte(u)&0x3f)
}

// isHalf says b starts an unpaired surrogate kept as WTF-8: its lead and
// a second byte no character continues ED with.
func isHalf(b []byte) bool { return len(b) >= 2 && b[0] == 0xed && b[1] >= 0xa0 }

// keptHalves is the text of a line of such a transcoded text, each kept
// half written as U+FFFD, and how many there were. A half cut short at
// the end, where a long line's hold ended, is dropped with it.
func keptHalves(b []byte) (string, int) {
	out := make([]byte, len(b))
	copy(out, b)
	n := 0
	for i := 0; i < len(out); i++ {
		if !isHalf(out[i:]) {
			continue
		}
		if i+3 > len(out) {
			out = out[:i]
			break
		}
		copy(out[i:], Replacement)
		n++
		i += 2
	}
	return unsafe.String(unsafe.SliceData(out), len(out)), n
}

// halvesIn counts the whole kept halves in b.
func halvesIn(b []byte) int {
	n := 0
	for i := 0; i+3 <= len(b); i++ {
		if isHalf(b[i:]) {
			n++
			i += 2
		}
	}
	return n
}
