package reader

import "strconv"

// LinePrefix is lead, n right-aligned in width columns with spaces (as
// fmt's %*d pads it, a minus sign included), then sep: the number a tool
// puts before a line. It is made for every line of every read, and fmt's
// Sprintf took a sixth of the agents' formatting.
func LinePrefix(lead string, n, width int, sep string) string {
	var buf [64]byte
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(n), 10)
	b := append(buf[:0], lead...)
	for pad := width - len(d); pad > 0; pad-- {
		b = append(b, ' ')
	}
	b = append(b, d...)
	b = append(b, sep...)
	return string(b)
}
