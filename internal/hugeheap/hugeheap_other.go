//go:build !linux

package hugeheap

// Advise does nothing where the heap's pages cannot be advised.
func Advise(reserve int) bool { return false }
