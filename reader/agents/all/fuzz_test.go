package all

import (
	"context"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/readlens/readlens/internal/readertest"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/cline"
	"github.com/readlens/readlens/reader/agents/codex"
	"github.com/readlens/readlens/reader/agents/crush"
	"github.com/readlens/readlens/reader/agents/dmcc"
	"github.com/readlens/readlens/reader/agents/envelope"
	"github.com/readlens/readlens/reader/agents/gemini"
	"github.com/readlens/readlens/reader/agents/opencode"
	"github.com/readlens/readlens/reader/agents/pi"
)

// capCheck checks a profile's caps on a result; profiles without one still
// get the contract.
var capChecks = map[string]func(t *testing.T, r *reader.Result){
	"opencode": func(t *testing.T, r *reader.Result) {
		bytes := 0
		for i, l := range r.Lines {
			if units := reader.SizeOf(l.Text).UTF16; units > opencode.LineMax+1 { // +1: half a surrogate pair becomes U+FFFD
				t.Fatalf("line %d has %d UTF-16 units", l.N, units)
			}
			bytes += len(l.Text)
			if l.Cut {
				bytes += len(opencode.LineCut)
			}
			if i > 0 {
				bytes++
			}
		}
		if len(r.Lines) > 2000 && r.Truncation.Cap != reader.CapEntries {
			t.Fatalf("%d lines shown", len(r.Lines))
		}
		if bytes > opencode.MaxBytes && r.Truncation.Cap != reader.CapEntries {
			t.Fatalf("%d bytes of lines shown", bytes)
		}
	},
	"dmcc":       linesAtMost(dmcc.Limit, dmcc.LineMax+1, sizeUTF16),
	"cline":      linesAtMost(cline.MaxLines, cline.MaxLine+1, sizeUTF16),
	"gemini-cli": linesAtMost(gemini.MaxLines, gemini.MaxLine+1, sizeUTF16),
	"codex":      linesAtMost(-1, codex.MaxLine, func(s string) int { return len(s) }),
	"crush":      linesAtMost(-1, crush.MaxLine+1, sizeUTF16),
	"envelope":   linesAtMost(envelope.MaxLimit, -1, nil),
	"pi": func(t *testing.T, r *reader.Result) {
		bytes := 0
		for i, l := range r.Lines {
			bytes += len(l.Text)
			if i > 0 {
				bytes++
			}
		}
		if len(r.Lines) > pi.MaxLines || bytes > pi.MaxBytes {
			t.Fatalf("%d lines, %d bytes shown", len(r.Lines), bytes)
		}
	},
}

func sizeUTF16(s string) int { return int(reader.SizeOf(s).UTF16) }

// linesAtMost checks that at most lines lines are shown (-1: any number,
// the limit is the caller's) and that no line's text measures more than
// width (-1: no per-line cap).
func linesAtMost(lines, width int, measure func(string) int) func(*testing.T, *reader.Result) {
	return func(t *testing.T, r *reader.Result) {
		if lines >= 0 && len(r.Lines) > lines {
			t.Fatalf("%d lines shown", len(r.Lines))
		}
		for _, l := range r.Lines {
			if width >= 0 && measure(l.Text) > width {
				t.Fatalf("line %d measures %d", l.N, measure(l.Text))
			}
		}
	}
}

// FuzzRead runs every profile on any bytes with any offset and limit:
// readlens never fails or panics, the parts join to the output, the lines
// shown are consecutive, and the caps hold.
func FuzzRead(f *testing.F) {
	f.Add([]byte("a\nb\nc\n"), 0, 0, uint8(0))
	f.Add([]byte("a\r\nb\rc"), 2, 1, uint8(3))
	f.Add([]byte("\xef\xbb\xbf\xff\xfe\x00x\n"), -1, -5, uint8(3))
	f.Add([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"), 1, 2000, uint8(1))
	f.Add([]byte("GIF89a"), 0, 0, uint8(0))
	f.Add(make([]byte, 70000), 1, 1, uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, offset, limit int, which uint8) {
		fsys := reader.Mount(fstest.MapFS{"f.txt": {Data: data}, "d/x": {Data: data}}, "/fz")
		for _, name := range Names() {
			p, _ := Lookup(name)
			var off, lim *int
			if which&1 != 0 {
				off = &offset
			}
			if which&2 != 0 {
				lim = &limit
			}
			path := "/fz/f.txt"
			if which&4 != 0 {
				path = "/fz/d"
			}
			r, err := reader.Read(context.Background(), reader.Request{Profile: must(name), Args: p.Args(path, off, lim), Cwd: "/fz", Worktree: "/fz", FS: fsys})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			readertest.CheckContract(t, name, r)
			if !utf8.ValidString(r.Output) && name != "envelope" {
				t.Fatalf("%s: the output is not UTF-8", name)
			}
			if c := capChecks[name]; c != nil {
				c(t, r)
			}
		}
	})
}
