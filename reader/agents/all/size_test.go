package all

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/pi"
)

// TestHugeDirectory lists 100,000 entries: opencode pages them 2000 at a
// time in its collation order.
func TestHugeDirectory(t *testing.T) {
	if testing.Short() {
		t.Skip("creates 100,000 files")
	}
	dir := t.TempDir()
	for i := 0; i < 100_000; i++ {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("e%06d", 99_999-i)))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	r := readAt(t, "opencode", dir, `{"filePath":`+quote(dir)+`,"offset":99001}`)
	if !strings.Contains(r.Output, "<entries>\ne099000\ne099001\n") || !strings.HasSuffix(r.Output, "e099999\n\n(100000 entries)\n</entries>") {
		t.Fatalf("listing: %q", clipOut(r.Output))
	}
}

func clipOut(s string) string {
	if len(s) > 400 {
		return s[:200] + " … " + s[len(s)-200:]
	}
	return s
}

// hugePNG writes a valid 10,000 x 10,000 grey PNG without ever holding its
// pixels: rows of zeros, streamed through zlib.
func hugePNG(t *testing.T, path string) {
	var idat bytes.Buffer
	z := zlib.NewWriter(&idat)
	row := make([]byte, 1+10_000)
	for y := 0; y < 10_000; y++ {
		z.Write(row)
	}
	z.Close()
	chunk := func(typ string, data []byte) []byte {
		var b bytes.Buffer
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		b.WriteString(typ)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
		return b.Bytes()
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 10_000)
	binary.BigEndian.PutUint32(ihdr[4:], 10_000)
	ihdr[8] = 8 // bit depth; colour type 0: grey
	png := bytes.Join([][]byte{reader.SigPNG, chunk("IHDR", ihdr), chunk("IDAT", idat.Bytes()), chunk("IEND", nil)}, nil)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestHugeImage: a 10,000 x 10,000 image is sent resized to 2000 x 2000,
// as pi and opencode's session do, holding no more than the decoded
// pixels, the resized ones and their encoding.
func TestHugeImage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "huge.png")
	hugePNG(t, path)
	for _, c := range []struct {
		profile string
		w, h    int
		alloc   uint64
	}{
		{"opencode", 2000, 2000, 100_000_000 + 48<<20},
		{"pi", 2000, 2000, 100_000_000 + 48<<20}, // one byte a grey pixel, 16 MB resized
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		p, _ := Lookup(c.profile)
		start := time.Now()
		r := readAt(t, c.profile, dir, string(p.Args(path, nil, nil)))
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if len(r.Attachments) != 1 || r.Attachments[0].Width != c.w || r.Attachments[0].Height != c.h {
			t.Fatalf("%s: %+v %q", c.profile, r.Attachments, r.Output)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > c.alloc {
			t.Errorf("%s allocated %d MiB for the image", c.profile, grew>>20)
		}
		t.Logf("%s: %v, %d MiB allocated", c.profile, took, (after.TotalAlloc-before.TotalAlloc)>>20)
	}
}

// TestCancelledRead: a read whose context is done stops at its next chunk
// and returns the context's error: it is readlens's event, not the tool's.
func TestCancelledRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(path, bytes.Repeat([]byte("line\n"), 8<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := Lookup("pi")
	r, err := reader.Read(ctx, reader.Request{Profile: pi.Profile, Args: p.Args(path, nil, nil), Cwd: dir, Worktree: dir})
	if !errors.Is(err, context.Canceled) || r != nil {
		t.Fatalf("a cancelled read: %v, %+v", err, r)
	}
}

// TestFileChangingWhileRead rewrites, grows and truncates a file while every
// profile reads it: each read gives a consistent result or an error, never
// a panic, and keeps the parts contract.
func TestFileChangingWhileRead(t *testing.T) {
	if testing.Short() {
		t.Skip("races a writer against readers")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "moving.txt")
	os.WriteFile(path, []byte("start\n"), 0o644)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			switch i % 3 {
			case 0:
				os.WriteFile(path, bytes.Repeat([]byte(fmt.Sprintf("line %d\n", i)), 1+i%5000), 0o644)
			case 1:
				f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
				if f != nil {
					f.Write(bytes.Repeat([]byte("more\n"), 100))
					f.Close()
				}
			case 2:
				os.Truncate(path, int64(i%700))
			}
		}
	}()
	for i := 0; i < 300; i++ {
		for _, name := range Names() {
			p, _ := Lookup(name)
			r, err := reader.Read(context.Background(), reader.Request{Profile: must(name), Args: p.Args(path, nil, nil), Cwd: dir, Worktree: dir})
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%s: %v", name, err)
			}
			if r != nil {
				readertest.CheckContract(t, name, r)
			}
		}
	}
	close(stop)
	wg.Wait()
}
