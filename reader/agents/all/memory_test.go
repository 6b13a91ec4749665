package all

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/claude"
)

// TestMemoryDoesNotGrowWithFile reads files of 1 MiB and 48 MiB, in many
// short lines and in one long line, and checks that the second costs about
// what the first does: the engine streams, it never holds the file.
func TestMemoryDoesNotGrowWithFile(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 100 MiB of files")
	}
	dir := t.TempDir()
	write := func(name string, size int, line []byte) string {
		p := filepath.Join(dir, name)
		b := bytes.Repeat(line, size/len(line)+1)[:size]
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	shapes := map[string][]byte{"short lines": []byte("line of text\n"), "one line": []byte("x")}
	for shape, line := range shapes {
		small := write(shape+"-small", 1<<20, line)
		large := write(shape+"-large", 48<<20, line)
		profiles := []string{"opencode", "pi", "opencode-legacy", "dmcc"}
		if shape == "short lines" {
			// envelope has no line or byte cap: one 48 MiB line is its output.
			profiles = append(profiles, "envelope")
		}
		for _, profile := range profiles {
			allocated := func(path string) uint64 {
				p, _ := Lookup(profile)
				args := p.Args(path, nil, nil)
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				res, err := reader.Read(context.Background(), reader.Request{Profile: must(profile), Args: json.RawMessage(args), Cwd: dir, Worktree: dir})
				if err != nil || res.IsError {
					t.Fatalf("%s %s: %v %q", profile, path, err, res.Output)
				}
				runtime.ReadMemStats(&after)
				return after.TotalAlloc - before.TotalAlloc
			}
			s, l := allocated(small), allocated(large)
			// The buffer is sized to the file up to 1 MiB, so the large file
			// may cost one more megabyte; nothing may scale with its size.
			if l > s+(2<<20) {
				t.Errorf("%s, %s: 1 MiB file allocated %d KiB, 48 MiB file %d KiB", profile, shape, s>>10, l>>10)
			}
		}
		// Claude Code refuses a whole read of either; a ranged read holds at
		// most its 3.2 MB selection, which a 1 MiB file is too small to need.
		allocated := func(path string) uint64 {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			args, _ := json.Marshal(map[string]any{"file_path": path, "offset": 2, "limit": 3})
			if _, err := reader.Read(context.Background(), reader.Request{Profile: claude.Profile, Args: args, Cwd: dir}); err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			return after.TotalAlloc - before.TotalAlloc
		}
		if s, l := allocated(small), allocated(large); l > s+2*claude.MaxSelected+(2<<20) {
			t.Errorf("claude-code, %s: 1 MiB file allocated %d KiB, 48 MiB file %d KiB", shape, s>>10, l>>10)
		}
	}
}

// TestMemoryDoesNotGrowWithDirectoryKeys lists 50,000 entries with long,
// mixed names, whose collation keys run to a kilobyte each: opencode's sort
// may hold a bounded part of each key, never all of them (300,000 such
// entries once took 1.9 GiB). What a listing allocates is the names, a few
// copies of them, and a bounded rest.
func TestMemoryDoesNotGrowWithDirectoryKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("creates 50,000 files")
	}
	dir := t.TempDir()
	const n = 50_000
	pad := strings.Repeat("Ab.-_ é9", 30)
	names := 0
	for i := 0; i < n; i++ {
		name := fmt.Sprintf("e%06d%s", n-1-i, pad)[:200]
		names += len(name)
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r := readAt(t, "opencode", dir, `{"filePath":`+quote(dir)+`,"offset":49999}`)
	runtime.ReadMemStats(&after)
	want := "\ne049998" + pad[:193] + "\ne049999" + pad[:193] + "\n\n(50000 entries)\n</entries>"
	if !strings.HasSuffix(r.Output, want) {
		t.Fatalf("listing: %q", clipOut(r.Output))
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 24<<20+3*uint64(names) {
		t.Errorf("listing %d entries (%d MiB of names) allocated %d MiB", n, names>>20, grew>>20)
	}
}
