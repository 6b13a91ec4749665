package prefault

import (
	"syscall"
	"unsafe"
)

const (
	madvPopulateRead  = 22 // MADV_POPULATE_READ, Linux 5.14
	madvPopulateWrite = 23 // MADV_POPULATE_WRITE

	// heapMax bounds the heap mapping populated: the runtime maps its
	// heap in 4 MiB chunks, and a larger mapping is not the first chunk
	// alone.
	heapMax = 8 << 20
)

// populated is what init mapped in, for the tests.
var populated []mapping

func init() {
	heap := uintptr(unsafe.Pointer(new([64]byte)))
	fd, err := syscall.Open("/proc/self/maps", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	exe := ""
	eachMapping(fd, func(m mapping) {
		if exe == "" && m.path != "" {
			exe = m.path // the executable is mapped first
		}
		advice := 0
		switch {
		case m.perms == "r-xp" && m.path == exe:
			advice = madvPopulateRead
		case m.perms == "rw-p" && m.path == "" && m.lo <= heap && heap < m.hi && m.hi-m.lo <= heapMax:
			advice = madvPopulateWrite
		default:
			return
		}
		_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, m.lo, m.hi-m.lo, uintptr(advice))
		if errno == 0 {
			populated = append(populated, m)
		}
	})
}

// A mapping is one line of /proc/self/maps.
type mapping struct {
	lo, hi uintptr
	perms  string
	path   string
}

// eachMapping calls f with each line of the maps file fd. It reads through
// a buffer on the stack, where one from the heap would be more pages to
// fault in; a line too long for it (a path of kilobytes) is skipped.
func eachMapping(fd int, f func(mapping)) {
	var buf [4096]byte
	n, skipping := 0, false
	for {
		m, err := syscall.Read(fd, buf[n:])
		if m <= 0 || err != nil {
			if n > 0 && !skipping {
				f(parseMapping(buf[:n]))
			}
			return
		}
		n += m
		start := 0
		for i := n - m; i < n; i++ {
			if buf[i] != '\n' {
				continue
			}
			if !skipping {
				f(parseMapping(buf[start:i]))
			}
			start, skipping = i+1, false
		}
		n = copy(buf[:], buf[start:n])
		if n == len(buf) {
			n, skipping = 0, true
		}
	}
}

// parseMapping reads "lo-hi perms offset dev inode path".
func parseMapping(line []byte) mapping {
	var m mapping
	field := 0
	for i := 0; i < len(line) && field < 5; field++ {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		j := i
		for j < len(line) && line[j] != ' ' {
			j++
		}
		switch field {
		case 0:
			m.lo, m.hi = span(line[i:j])
		case 1:
			m.perms = string(line[i:j])
		}
		i = j
		if field == 4 {
			for i < len(line) && line[i] == ' ' {
				i++
			}
			m.path = string(line[i:])
		}
	}
	return m
}

// span reads "lo-hi" in hex.
func span(b []byte) (lo, hi uintptr) {
	v := uintptr(0)
	for _, c := range b {
		switch {
		case c == '-':
			lo, v = v, 0
		case c >= '0' && c <= '9':
			v = v<<4 | uintptr(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | uintptr(c-'a'+10)
		}
	}
	return lo, v
}
