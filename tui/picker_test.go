package tui

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader"
)

// TestCompareLower: the picker's order is strings.ToLower's, byte for byte,
// without lower-casing a copy of each name for every comparison.
func TestCompareLower(t *testing.T) {
	r := rand.New(rand.NewSource(16))
	pieces := []string{"a", "A", "z", "Z", "_", "0", "é", "É", "K", "\u212a", "k", "İ", "i", "ß", "ẞ", "Σ", "σ", "ς", "\xff", "\xe2\x82", "\ufffd", "😀", "Ǆ", "ǅ", "ǆ"}
	word := func() string {
		var b strings.Builder
		for n := r.Intn(4); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		return b.String()
	}
	for i := 0; i < 50_000; i++ {
		a, b := word(), word()
		if got, want := compareLower(a, b), strings.Compare(strings.ToLower(a), strings.ToLower(b)); got != want {
			t.Fatalf("compareLower(%q, %q) = %d, strings.ToLower order %d", a, b, got, want)
		}
	}
}

// TestListDirBounded lists 20,000 entries with long mixed-case names: the
// listing allocates for its entries, the paths it stats and the files it
// sniffs, not for its sort (it lower-cased both names at every comparison:
// 162 MiB here, now 32), and a filter is applied once, not at every frame.
func TestListDirBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("creates 20,000 files")
	}
	dir := t.TempDir()
	const n = 20_000
	pad := strings.Repeat("Mixed Case É ", 12)
	names := 0
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("%s%05d", pad, (i*7919)%n)
		names += len(name)
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	os.Mkdir(filepath.Join(dir, "zz"), 0o755)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	msg := listDir(reader.OS{}, dir)().(dirListedMsg)
	runtime.ReadMemStats(&after)
	if msg.err != nil || len(msg.entries) != n+1 {
		t.Fatalf("%d entries, %v", len(msg.entries), msg.err)
	}
	if msg.entries[0].name != "zz" || msg.entries[1].name != pad+"00000" || msg.entries[n].name != fmt.Sprintf("%s%05d", pad, n-1) {
		t.Fatalf("order: %q, %q, …, %q", msg.entries[0].name, msg.entries[1].name, msg.entries[n].name)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20+10*uint64(names) {
		t.Errorf("listing %d entries (%d KiB of names) allocated %d MiB", n, names>>10, grew>>20)
	}
	p := &picker{fsys: reader.OS{}, dir: dir}
	p.listed(msg)
	p.filter.value = "case é 1"
	if m := p.matches(); len(m) != 10_000 {
		t.Fatalf("%d matches", len(m))
	}
	if allocs := testing.AllocsPerRun(5, func() { p.matches() }); allocs != 0 {
		t.Errorf("matches allocated %v times for a filter it had already applied", allocs)
	}
}
