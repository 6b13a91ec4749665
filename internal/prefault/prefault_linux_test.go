package prefault

import (
	"encoding/binary"
	"os"
	"strings"
	"testing"
)

func TestParseMapping(t *testing.T) {
	for line, want := range map[string]mapping{
		"00400000-00c93000 r-xp 00000000 fd:01 1234   /usr/bin/readlens": {0x400000, 0xc93000, "r-xp", "/usr/bin/readlens"},
		"c000000000-c000400000 rw-p 00000000 00:00 0 ":                   {0xc000000000, 0xc000400000, "rw-p", ""},
		"7ffd15000000-7ffd15021000 rw-p 00000000 00:00 0   [stack]":      {0x7ffd15000000, 0x7ffd15021000, "rw-p", "[stack]"},
		"00400000-00401000 r-xp 00000000 fd:01 9 /tmp/a b (deleted)":     {0x400000, 0x401000, "r-xp", "/tmp/a b (deleted)"},
	} {
		if got := parseMapping([]byte(line)); got != want {
			t.Errorf("parseMapping(%q) = %+v, want %+v", line, got, want)
		}
	}
}

// A line longer than the buffer is skipped, and the lines around it are
// read whole.
func TestEachMappingSkipsLongLine(t *testing.T) {
	text := "1000-2000 r-xp 0 0:0 1 /a\n" +
		"2000-3000 rw-p 0 0:0 1 /" + strings.Repeat("b", 9000) + "\n" +
		"3000-4000 r--p 0 0:0 1 /c\n" +
		"4000-5000 rw-p 0 0:0 0"
	f, err := os.CreateTemp(t.TempDir(), "maps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	var got []mapping
	eachMapping(int(f.Fd()), func(m mapping) { got = append(got, m) })
	want := []mapping{{0x1000, 0x2000, "r-xp", "/a"}, {0x3000, 0x4000, "r--p", "/c"}, {0x4000, 0x5000, "rw-p", ""}}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("mapping %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// init maps in the whole of the test binary's code and of the heap's first
// chunk: every page of both is present, where faults alone leave most of
// them out.
func TestInitPopulates(t *testing.T) {
	var code, heap bool
	for _, m := range populated {
		switch m.perms {
		case "r-xp":
			code = true
		case "rw-p":
			heap = true
		}
		if missing := absent(t, m.lo, m.hi); missing > 0 {
			t.Errorf("%d of the %d pages of %+v are not mapped", missing, (m.hi-m.lo)/4096, m)
		}
	}
	if !code || !heap {
		t.Fatalf("populated %+v: want the code and the heap", populated)
	}
}

// absent counts the pages of [lo, hi) that /proc/self/pagemap says are
// neither present nor swapped.
func absent(t *testing.T, lo, hi uintptr) int {
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := int((hi - lo) / 4096)
	buf := make([]byte, 8*n)
	if _, err := f.ReadAt(buf, int64(lo/4096*8)); err != nil {
		t.Fatal(err)
	}
	missing := 0
	for i := 0; i < n; i++ {
		if binary.LittleEndian.Uint64(buf[8*i:])>>62 == 0 {
			missing++
		}
	}
	return missing
}
