package reader

import "strconv"

// LinePrefix is lead, n right-aligned in width columns with spaces (as
// fmt's %*d pads it, a minus sign included), then sep: the number a tool
// puts before a line. It is made for every line of every read, and fmt's
// Sprintf took a sixth of the agents' formatting.
func LinePrefix(lead string, n, width int, sep string) string {
	var buf [64]byte
	return string(AppendLinePrefix(buf[:0], lead, n, width, sep))
}

// LineNumber is the number a tool puts before a line, as LinePrefix writes
// it: for Outcome.NumberedLine, which writes it only when it keeps words.
type LineNumber struct {
	Lead  string
	N     int
	Width int
	Sep   string
}

// AppendLinePrefix appends LinePrefix(lead, n, width, sep) to dst: with a
// buffer of the caller's, the prefix costs no allocation.
func AppendLinePrefix(dst []byte, lead string, n, width int, sep string) []byte {
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	dst = append(dst, lead...)
	for pad := width - len(d); pad > 0; pad-- {
		dst = append(dst, ' ')
	}
	dst = append(dst, d...)
	return append(dst, sep...)
}

// Digits is how many characters n takes in decimal, its sign included:
// the width of a line number, without making its string.
func Digits(n int) int {
	d, u := 1, uint(n)
	if n < 0 {
		d, u = 2, -u // the magnitude, math.MinInt's too
	}
	for ; u >= 10; u /= 10 {
		d++
	}
	return d
}
