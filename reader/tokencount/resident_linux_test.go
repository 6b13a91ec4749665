package tokencount

import (
	"encoding/binary"
	"os"
	"testing"
	"unsafe"
)

// A table's first lookup maps all of it in: every page of its ranks is
// present after one count.
func TestTableResidentAfterFirstCount(t *testing.T) {
	O200k.Count("func main() { fmt.Println(\"hello\") }")
	if missing := absentPages(t, string(o200kTable.ranks)); missing > 0 {
		t.Errorf("o200k_base ranks: %d pages not mapped", missing)
	}
}

// absentPages counts the pages under s that /proc/self/pagemap says are
// not present.
func absentPages(t *testing.T, s string) int {
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	lo, hi := p/4096, (p+uintptr(len(s))+4095)/4096
	buf := make([]byte, 8*(hi-lo))
	if _, err := f.ReadAt(buf, int64(lo*8)); err != nil {
		t.Fatal(err)
	}
	missing := 0
	for i := 0; i < len(buf); i += 8 {
		if binary.LittleEndian.Uint64(buf[i:])>>62 == 0 {
			missing++
		}
	}
	return missing
}
