package all

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/readlens/readlens/reader"
)

// The engine's benchmarks read files generated on first use into one
// temporary directory (removed by TestMain), so `go test` without -bench
// never writes them. Run: go test ./reader -run XXX -bench . -benchtime 5x

var (
	benchDir  string
	benchOnce sync.Once
	benchMu   sync.Mutex
	benchMade = map[string]string{}
)

func TestMain(m *testing.M) {
	code := m.Run()
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

// benchFile returns the path of a generated file, writing it the first time.
func benchFile(b *testing.B, name string, write func(w *bufio.Writer)) string {
	b.Helper()
	benchOnce.Do(func() {
		dir, err := os.MkdirTemp("", "readlens-bench-")
		if err != nil {
			b.Fatal(err)
		}
		benchDir = dir
	})
	benchMu.Lock()
	defer benchMu.Unlock()
	if p, ok := benchMade[name]; ok {
		return p
	}
	p := filepath.Join(benchDir, name)
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	write(w)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	benchMade[name] = p
	return p
}

// codeLines writes about size bytes of code-like lines, 40 bytes each on
// average.
func codeLines(size int64) func(*bufio.Writer) {
	return func(w *bufio.Writer) {
		var n int64
		for i := 0; n < size; i++ {
			k, _ := fmt.Fprintf(w, "\tvalue%d := compute(ctx, %d, \"item\")\n", i%1000, i)
			n += int64(k)
		}
	}
}

func benchRead(b *testing.B, profile, path string, offset, limit *int) {
	p, err := Lookup(profile)
	if err != nil {
		b.Fatal(err)
	}
	args := p.Args(path, offset, limit)
	dir := filepath.Dir(path)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := reader.Read(context.Background(), reader.Request{Profile: must(profile), Args: args, Cwd: dir, Worktree: dir}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDefaultRead is a default read, total line count included, of
// files from 1 KiB to 1 GiB, for every profile.
func BenchmarkDefaultRead(b *testing.B) {
	for _, size := range []struct {
		name  string
		bytes int64
	}{{"1KiB", 1 << 10}, {"1MiB", 1 << 20}, {"100MiB", 100 << 20}, {"1GiB", 1 << 30}} {
		for _, profile := range Names() {
			b.Run(size.name+"/"+profile, func(b *testing.B) {
				path := benchFile(b, "code-"+size.name+".txt", codeLines(size.bytes))
				benchRead(b, profile, path, nil, nil)
			})
		}
	}
}

// BenchmarkDeepWindow reads 2000 lines near the end of a 20-million-line file.
func BenchmarkDeepWindow(b *testing.B) {
	offset, limit := 19_990_000, 2000
	for _, profile := range Names() {
		b.Run(profile, func(b *testing.B) {
			path := benchFile(b, "lines-20M.txt", func(w *bufio.Writer) {
				for i := 1; i <= 20_000_000; i++ {
					w.WriteString("line ")
					w.WriteString(strconv.Itoa(i))
					w.WriteByte('\n')
				}
			})
			benchRead(b, profile, path, &offset, &limit)
		})
	}
}

// BenchmarkLongLine reads a file that is one 64 MiB line.
func BenchmarkLongLine(b *testing.B) {
	for _, profile := range Names() {
		b.Run(profile, func(b *testing.B) {
			path := benchFile(b, "one-line-64MiB.js", func(w *bufio.Writer) {
				chunk := []byte("function(e,t){return e&&t?e[t]:void 0};")
				for n := 0; n < 64<<20; n += len(chunk) {
					w.Write(chunk)
				}
			})
			benchRead(b, profile, path, nil, nil)
		})
	}
}

// BenchmarkDirectory2500 lists a directory of 2,500 entries.
func BenchmarkDirectory2500(b *testing.B) {
	benchFile(b, "dir-made", func(*bufio.Writer) {})
	dir := filepath.Join(benchDir, "dir2500")
	if _, err := os.Stat(dir); err != nil {
		os.Mkdir(dir, 0o755)
		for i := 0; i < 2500; i++ {
			os.WriteFile(filepath.Join(dir, fmt.Sprintf("Entry_%04d.go", (i*7)%2500)), nil, 0o644)
		}
	}
	for _, profile := range Names() {
		b.Run(profile, func(b *testing.B) { benchRead(b, profile, dir, nil, nil) })
	}
}
