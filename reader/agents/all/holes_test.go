//go:build unix

package all

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/readlens/readlens/reader"
)

// readAll is the disk, each file read to its end: its files are not
// *os.File, so the engine cannot seek past their holes. They seek all the
// same, so that the marks are used as on the disk.
type readAll struct{ reader.OS }

type plainFile struct{ reader.File }

func (f plainFile) Seek(offset int64, whence int) (int64, error) {
	return f.File.(io.Seeker).Seek(offset, whence)
}

func (d readAll) Open(name string) (reader.File, error) {
	f, err := d.OS.Open(name)
	if err != nil {
		return nil, err
	}
	return plainFile{f}, nil
}

// TestHolesSameAsRead: every agent's calls on sparse files, the first and
// the ones it asks for next, with marks kept between them, answer the same
// whether the engine skips the files' holes or reads them: a line that is
// a hole (measured, cut), holes between lines and after the last, a hole
// after a broken UTF-8 sequence and around a lone \r. Stats.BytesRead,
// readlens's own count of its work, is left out: a hole counts as read,
// but the read after it starts a buffer of its own, so a window that
// stops soon after a hole has read to another buffer's end.
func TestHolesSameAsRead(t *testing.T) {
	const hole = 8 << 20
	dir := t.TempDir()
	var lines strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&lines, "line %d\n", i+1)
	}
	shapes := map[string]map[int64]string{
		"all_hole.bin":  {},
		"one_line.txt":  {0: "abc\n", 2 * hole: "\nend\n"},
		"broken.txt":    {0: "\xc3", hole: "\n"},
		"lone_cr.txt":   {0: "a\r", hole: "\rb\r\n"},
		"lines.txt":     {0: lines.String(), hole: lines.String()},
		"blank_end.txt": {0: "x\n", hole: "\n\n"},
	}
	var files []string
	for name, parts := range shapes {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		end := int64(2 * hole)
		for at, s := range parts {
			if _, err := f.WriteAt([]byte(s), at); err != nil {
				t.Fatal(err)
			}
			end = max(end, at+int64(len(s)))
		}
		if name == "all_hole.bin" || name == "lone_cr.txt" {
			end += hole // a hole to the end
		}
		if err := f.Truncate(end); err != nil {
			t.Fatal(err)
		}
		if at, err := f.Seek(0, unix.SEEK_HOLE); err != nil || at >= end {
			t.Skip("this file system keeps no holes")
		}
		f.Close()
		files = append(files, p)
	}
	now := func() time.Time { return time.Unix(1700000000, 0) }
	calls := 0
	for _, p := range Profiles {
		for _, path := range files {
			skipMarks, readMarks := reader.NewMarks(), reader.NewMarks()
			args := p.Args(path, nil, nil)
			for call := 1; call <= 3 && len(args) > 0; call++ {
				req := reader.Request{Profile: p, Args: args, Cwd: dir, Worktree: dir, Home: filepath.Join(dir, "home"), Now: now}
				req.Marks = skipMarks
				got, err := reader.Read(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				req.FS, req.Marks = readAll{}, readMarks
				want, err := reader.Read(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				sameAnswer(t, fmt.Sprintf("%s %s %s past holes", p.Info().Name, filepath.Base(path), args), got, want)
				calls++
				args = json.RawMessage(got.Truncation.Next)
			}
		}
	}
	if calls < 3*len(files) {
		t.Errorf("only %d calls", calls)
	}
}
