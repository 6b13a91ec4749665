package tokencount

import (
	"syscall"
	"unsafe"
)

const madvPopulateRead = 22 // MADV_POPULATE_READ; older kernels refuse it

// resident maps s's pages in at once (MADV_POPULATE_READ, Linux 5.14): a
// table looked up where it lies in the binary is otherwise faulted in a
// page at a time, by lookups all over it.
func resident(s string) {
	if s == "" {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	lo := p &^ 4095
	hi := (p + uintptr(len(s)) + 4095) &^ 4095
	syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvPopulateRead) // best effort
}
