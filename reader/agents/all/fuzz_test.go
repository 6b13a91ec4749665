package reader

import (
	"context"
	"testing"
	"testing/fstest"
	"unicode/utf8"
)

// capCheck checks a profile's caps on a result; profiles without one still
// get the contract.
var capChecks = map[string]func(t *testing.T, r *Result){
	"opencode": func(t *testing.T, r *Result) {
		bytes := 0
		for i, l := range r.Lines {
			if units := sizeOf(l.Text).UTF16; units > ocLineMax+1 { // +1: half a surrogate pair becomes U+FFFD
				t.Fatalf("line %d has %d UTF-16 units", l.N, units)
			}
			bytes += len(l.Text)
			if l.Cut {
				bytes += len(ocLineCut)
			}
			if i > 0 {
				bytes++
			}
		}
		if len(r.Lines) > 2000 && r.Truncation.Cap != CapEntries {
			t.Fatalf("%d lines shown", len(r.Lines))
		}
		if bytes > ocMaxBytes && r.Truncation.Cap != CapEntries {
			t.Fatalf("%d bytes of lines shown", bytes)
		}
	},
	"dmcc":       linesAtMost(dmLimit, dmLineMax+1, sizeUTF16),
	"cline":      linesAtMost(clMaxLines, clMaxLine+1, sizeUTF16),
	"gemini-cli": linesAtMost(gmMaxLines, gmMaxLine+1, sizeUTF16),
	"codex":      linesAtMost(-1, cxMaxLine, func(s string) int { return len(s) }),
	"crush":      linesAtMost(-1, crMaxLine+1, sizeUTF16),
	"envelope":   linesAtMost(envMaxLimit, -1, nil),
	"pi": func(t *testing.T, r *Result) {
		bytes := 0
		for i, l := range r.Lines {
			bytes += len(l.Text)
			if i > 0 {
				bytes++
			}
		}
		if len(r.Lines) > piMaxLines || bytes > piMaxBytes {
			t.Fatalf("%d lines, %d bytes shown", len(r.Lines), bytes)
		}
	},
}

func sizeUTF16(s string) int { return int(sizeOf(s).UTF16) }

// linesAtMost checks that at most lines lines are shown (-1: any number,
// the limit is the caller's) and that no line's text measures more than
// width (-1: no per-line cap).
func linesAtMost(lines, width int, measure func(string) int) func(*testing.T, *Result) {
	return func(t *testing.T, r *Result) {
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
		fsys := Mount(fstest.MapFS{"f.txt": {Data: data}, "d/x": {Data: data}}, "/fz")
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
			r, err := Read(context.Background(), Request{Profile: name, Args: p.Args(path, off, lim), Cwd: "/fz", Worktree: "/fz", FS: fsys})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkContract(t, name, r)
			if !utf8.ValidString(r.Output) && name != "envelope" {
				t.Fatalf("%s: the output is not UTF-8", name)
			}
			if c := capChecks[name]; c != nil {
				c(t, r)
			}
		}
	})
}
