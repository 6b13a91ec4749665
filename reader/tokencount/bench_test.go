package tokencount

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"unicode/utf8"
)

// BenchmarkCount counts a Go source file as the agents show it; the
// memory of pieces is cleared each time, so merges are counted too.
func BenchmarkCount(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "net", "http", "server.go"))
	if err != nil {
		b.Fatal(err)
	}
	text := string(src)
	for name, c := range map[string]*Counter{"cl100k": Cl100k, "o200k": O200k} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				c.memOnce.Do(func() {})
				c.mem = newMemory()
				c.Count(text)
			}
		})
	}
}

// BenchmarkCountParallel counts on every core at once, as the audit's
// workers do, the memory of pieces warm.
func BenchmarkCountParallel(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "src", "net", "http", "server.go"))
	if err != nil {
		b.Fatal(err)
	}
	text := string(src)
	b.SetBytes(int64(len(text)))
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			Cl100k.Count(text)
		}
	})
}

// BenchmarkCountTree counts the UTF-8 files of Go's source tree of 25,000
// to 262,144 bytes, about those Claude Code counts in an audit, each once,
// in the order of the walk, from an empty memory: how the memory of pieces
// fares across many files rather than within one. within asks each only
// whether it is within Claude Code's cap, as an audit does.
func BenchmarkCountTree(b *testing.B) {
	var texts []string
	size := 0
	filepath.WalkDir(filepath.Join(runtime.GOROOT(), "src"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		if fi, err := d.Info(); err != nil || fi.Size() <= 25000 || fi.Size() > 262144 {
			return nil
		}
		if data, err := os.ReadFile(p); err == nil && utf8.Valid(data) {
			texts = append(texts, string(data))
			size += len(data)
		}
		return nil
	})
	if len(texts) == 0 {
		b.Skip("no Go source tree")
	}
	c := Cl100k
	for _, within := range []bool{false, true} {
		name := "count"
		if within {
			name = "within"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				c.memOnce.Do(func() {})
				c.mem = newMemory()
				for _, t := range texts {
					if within {
						c.Within(t, 25000)
					} else {
						c.Count(t)
					}
				}
			}
		})
	}
}
