package reader

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// TestNextPlainIsNext windows random plain texts held in memory twice,
// once cut by nextPlain and once by next, under every split and many
// windows: the pages must be the same, line for line and fact for fact.
func TestNextPlainIsNext(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	pieces := []string{"a", "bc", "\n", "\n", "\t", " ", "é", "中", "😀", strings.Repeat("x", 9)}
	windows := []Window{
		{Limit: -1},
		{Limit: 2},
		{Start: 1, Limit: 3, Count: true},
		{Start: 40, Limit: -1, Count: true},
		{Limit: -1, MaxLines: 3, Count: true},
		{Limit: -1, Cut: LineCut{Max: 4, Unit: UTF16, Suffix: "…"}},
		{Limit: -1, Cut: LineCut{Max: 5, Unit: Runes}},
		{Limit: -1, Cut: LineCut{Max: 6, Unit: Bytes, Raw: true}},
		{Limit: -1, Budget: Budget{Max: 20, Unit: Bytes, Sep: 1}},
		{Limit: -1, Budget: Budget{Max: 15, Unit: UTF16, Each: 4, First: true}, Count: true},
		{Limit: -1, Budget: Budget{Max: 12, Unit: Runes, Sep: 1, Halt: true}, Count: true},
		{Limit: 4, Budget: Budget{Max: 30, Unit: Bytes, Halt: true}, Cut: LineCut{Max: 3, Unit: Runes}, CheckUTF8: true},
	}
	fast := 0
	for i := range 400 {
		var b strings.Builder
		for n := r.Intn(30); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		if i%4 == 0 {
			b.WriteString(strings.Repeat("y", 1+r.Intn(60))) // a line past some holds
		}
		data := []byte(b.String())
		shape := (&plainShape{}).survey(data)
		if !shape.plain {
			continue // empty
		}
		if shape.ascii != (strings.IndexFunc(b.String(), func(c rune) bool { return c > 0x7f }) < 0) {
			t.Fatalf("%q: ascii %v", data, shape.ascii)
		}
		for name, split := range splits {
			for _, w := range windows {
				w.Hold = 8 + r.Intn(64)
				slow := heldScanner(context.Background(), data, split, false, w.CheckUTF8)
				quick := heldScanner(context.Background(), data, split, false, w.CheckUTF8)
				quick.plain = shape
				if shape.longest <= w.retain() {
					fast++
				}
				want, got := window(slow, w), window(quick, w)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %+v %q:\n got %+v\nwant %+v", name, w, data, got, want)
				}
				if quick.lines != slow.lines || quick.lo != slow.lo || quick.ended != slow.ended {
					t.Fatalf("%s %+v %q: scanner at line %d byte %d ended %v, want %d %d %v",
						name, w, data, quick.lines, quick.lo, quick.ended, slow.lines, slow.lo, slow.ended)
				}
			}
		}
	}
	if fast < 10000 {
		t.Fatalf("nextPlain cut only %d windows", fast)
	}
}

// BenchmarkWindowHeldPlain windows a held Go file as the agents' default
// calls do, 2000 lines, the way an audit's long plain files are read.
func BenchmarkWindowHeldPlain(b *testing.B) {
	data := serverGo(b)
	shape := (&plainShape{}).survey(data)
	w := Window{Limit: 2000, Cut: LineCut{Max: 2000, Unit: UTF16}, Count: true}
	w.expect = w.expectedLines(int64(len(data)))
	for _, held := range []bool{false, true} {
		name := "next"
		if held {
			name = "nextPlain"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				s := heldScanner(context.Background(), data, Split{Phantom: true}, false, false)
				if held {
					s.plain = shape
				}
				pg := window(s, w)
				lineBufs.give(pg.Lines)
			}
		})
	}
}

// serverGo is net/http/server.go, a long Go file with a few non-ASCII
// characters, for the benchmarks of the window and the survey; without
// GOROOT's sources they are skipped.
func serverGo(b *testing.B) []byte {
	data, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "net", "http", "server.go"))
	if err != nil {
		b.Skip(err)
	}
	return data
}
