package hugeheap

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestAdvise checks that what the run allocates after Advise lies in a
// mapping advised for huge pages: VmFlags "hg" in /proc/self/smaps, which
// the advice sets whatever the system's THP setting.
func TestAdvise(t *testing.T) {
	t.Setenv("GODEBUG", "")
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("this kernel has no transparent huge pages:", err)
	}
	if !Advise(8 << 20) {
		t.Fatal("Advise(8 MiB) = false")
	}
	b := make([]byte, 1<<20)
	flags, err := vmFlags(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("a megabyte allocated after Advise lies in a mapping with VmFlags %q, without hg", flags)
	}
}

func TestAdviseDisabled(t *testing.T) {
	t.Setenv("GODEBUG", "madvdontneed=1,disablethp=1")
	if Advise(8 << 20) {
		t.Error("Advise = true under GODEBUG=disablethp=1")
	}
}

func TestDisabled(t *testing.T) {
	for in, want := range map[string]bool{
		"":                          false,
		"disablethp=1":              true,
		"gctrace=1, disablethp=1":   true,
		"disablethp=1,disablethp=0": false,
		"disablethp=0":              false,
		"xdisablethp=1":             false,
	} {
		if got := disabled(in); got != want {
			t.Errorf("disabled(%q) = %v, want %v", in, got, want)
		}
	}
}

// vmFlags is the VmFlags line of the mapping that holds addr.
func vmFlags(addr uintptr) (string, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return "", err
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 {
			in = lo <= addr && addr < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmFlags:")), nil
		}
	}
	return "", fmt.Errorf("no mapping in /proc/self/smaps holds %#x", addr)
}
