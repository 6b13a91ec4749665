package tokencount

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
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
