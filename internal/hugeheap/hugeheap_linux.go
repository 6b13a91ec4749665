package hugeheap

import (
	"os"
	"runtime"
	"strings"
	"syscall"
	"unsafe"
)

const (
	hugePage = 2 << 20
	// below is how far under the reserve the advice reaches: the heap
	// the process started with lies there, in the arena the runtime
	// grows upwards (64 MiB on 64-bit Linux).
	below = 64 << 20

	madvHugePage = 14 // MADV_HUGEPAGE
	madvCollapse = 25 // MADV_COLLAPSE, Linux 6.1
)

// Advise grows the heap by reserve bytes backed by huge pages, and says
// whether it could. The huge page holding what the process allocated
// before it is collapsed into one too: its 4 KiB pages that the run goes on
// to touch would each be a fault. GODEBUG=disablethp=1 is the user's
// word that the heap should have none, and Advise then does nothing.
func Advise(reserve int) bool {
	if disabled(os.Getenv("GODEBUG")) || reserve <= 0 {
		return false
	}
	early := uintptr(unsafe.Pointer(new([64]byte)))
	b := make([]byte, reserve)
	at := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := uintptr(0)
	if at > below {
		lo = (at - below) &^ (hugePage - 1)
	}
	hi := (at + uintptr(reserve)) &^ (hugePage - 1)
	// Where the range holds gaps, the kernel advises the mappings in it
	// and reports ENOMEM: that error is expected.
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvHugePage)
	runtime.KeepAlive(b)
	if errno != 0 && errno != syscall.ENOMEM {
		return false
	}
	first := early &^ (hugePage - 1)
	syscall.Syscall(syscall.SYS_MADVISE, first, hugePage, madvCollapse) // best effort
	// The reserve is garbage now: a collection frees it, and the next
	// allocations go there.
	runtime.GC()
	return true
}

// disabled says whether GODEBUG turns the heap's huge pages off.
func disabled(godebug string) bool {
	on := false
	for _, kv := range strings.Split(godebug, ",") {
		switch strings.TrimSpace(kv) {
		case "disablethp=1":
			on = true
		case "disablethp=0":
			on = false
		}
	}
	return on
}
