package audit_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/cline"
	"github.com/readlens/readlens/reader/agents/codex"
	"github.com/readlens/readlens/reader/agents/opencode"
	"github.com/readlens/readlens/reader/audit"
)

// tree is n small files and one file opencode cuts, served at /t.
func tree(n int) reader.FS {
	m := fstest.MapFS{}
	for i := range n {
		m[fmt.Sprintf("d%d/f%03d.txt", i%3, i)] = &fstest.MapFile{Data: []byte("x\n"), Mode: 0o644}
	}
	big := make([]byte, 0, 3000*2)
	for range 3000 {
		big = append(big, "y\n"...)
	}
	m["d1/big.txt"] = &fstest.MapFile{Data: big, Mode: 0o644}
	return reader.Mount(m, "/t")
}

func opts(fsys reader.FS) audit.Options {
	return audit.Options{
		Root: "/t", Paths: []string{"/t"}, Profiles: reader.Profiles{opencode.Profile},
		Base: reader.Request{Cwd: "/t", Worktree: "/t", FS: fsys}, Workers: 3,
	}
}

// TestRunOrder: with several workers, the files come in the listing's
// order (sorted by name), each once, and the one opencode cuts has its
// finding.
func TestRunOrder(t *testing.T) {
	var got []string
	st, err := audit.Run(context.Background(), opts(tree(200)), func(f audit.File) error {
		got = append(got, f.Path)
		if f.Path == "d1/big.txt" && (len(f.Findings) != 1 || f.Findings[0].Kind != audit.KindCut || f.Findings[0].Line != 2001) {
			t.Errorf("big.txt: %+v", f.Findings)
		}
		return nil
	})
	if err != nil || st.Files != 201 || len(got) != 201 {
		t.Fatalf("%v, %+v, %d emitted", err, st, len(got))
	}
	for i := 1; i < len(got); i++ {
		if got[i-1] >= got[i] {
			t.Fatalf("out of order: %q before %q", got[i-1], got[i])
		}
	}
}

// TestRunStops: an error from emit, or a cancelled context, ends the run
// promptly and is returned: no worker or lister is left waiting.
func TestRunStops(t *testing.T) {
	stop := errors.New("stop")
	done := make(chan struct{})
	go func() {
		defer close(done)
		n := 0
		_, err := audit.Run(context.Background(), opts(tree(500)), func(audit.File) error {
			if n++; n == 5 {
				return stop
			}
			return nil
		})
		if !errors.Is(err, stop) {
			t.Errorf("emit's error: %v", err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		_, err = audit.Run(ctx, opts(tree(500)), func(audit.File) error { cancel(); return nil })
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled: %v", err)
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not stop")
	}
}

// slowList is an FS whose second listing of the tree's root waits until
// the test ends, or 2 s: the audit and the count Progress runs alongside
// it each list the tree once, the audit usually first, and the count has
// then not ended when the audit has. When the count lists first, the audit
// waits out the 2 s and the count has its total: the test passes either
// way, and without the run's own total it fails in the usual order.
type slowList struct {
	reader.FS
	opened  atomic.Int32
	release chan struct{}
}

func (s *slowList) Open(name string) (reader.File, error) {
	if name == "/t" && s.opened.Add(1) > 1 {
		select {
		case <-s.release:
		case <-time.After(2 * time.Second):
		}
	}
	return s.FS.Open(name)
}

// TestRunProgressSlowCount: a run that ends before its count knows its
// total all the same: everything it emitted.
func TestRunProgressSlowCount(t *testing.T) {
	fsys := &slowList{FS: tree(20), release: make(chan struct{})}
	defer close(fsys.release)
	o := opts(fsys)
	o.Progress = &audit.Progress{}
	st, err := audit.Run(context.Background(), o, func(audit.File) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n := int64(st.Files + st.Skipped); o.Progress.Total.Load() != n || !o.Progress.Counted.Load() || n != 21 {
		t.Errorf("total %d (counted %v), want %d", o.Progress.Total.Load(), o.Progress.Counted.Load(), n)
	}
}

// TestRunProgress: the progress counts every entry emitted, and the count
// run alongside gives the same total.
func TestRunProgress(t *testing.T) {
	o := opts(tree(50))
	o.Progress = &audit.Progress{}
	st, err := audit.Run(context.Background(), o, func(audit.File) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !o.Progress.Counted.Load() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	n := int64(st.Files + st.Skipped)
	if o.Progress.Emitted.Load() != n || o.Progress.Total.Load() != n || !o.Progress.Counted.Load() {
		t.Errorf("emitted %d, total %d (counted %v), want %d", o.Progress.Emitted.Load(), o.Progress.Total.Load(), o.Progress.Counted.Load(), n)
	}
	if o.Progress.Current() == "" {
		t.Error("no current file")
	}
}

// TestRunTokens: a finding's tokens are what Options.Tokens says of its
// first call's answer; with NoTokens it is never asked.
func TestRunTokens(t *testing.T) {
	for _, noTokens := range []bool{false, true} {
		o := opts(tree(3))
		o.NoTokens = noTokens
		var asked []string
		o.Tokens = func(profile, text string) (int, string) {
			asked = append(asked, profile+": "+strings.SplitN(text, "\n", 2)[0])
			return 42, "counted"
		}
		var got []string
		_, err := audit.Run(context.Background(), o, func(f audit.File) error {
			for _, x := range f.Findings {
				got = append(got, fmt.Sprintf("%s %s %d %q", f.Path, x.Kind, x.Tokens, x.Tokenizer))
			}
			return nil
		})
		want := []string{`d1/big.txt cut 42 "counted"`}
		wantAsked := []string{"opencode: <path>/t/d1/big.txt</path>"}
		if noTokens {
			want, wantAsked = []string{`d1/big.txt cut 0 ""`}, nil
		}
		if err != nil || !slices.Equal(got, want) || !slices.Equal(asked, wantAsked) {
			t.Errorf("NoTokens %v: %v; findings %q, want %q; asked %q, want %q", noTokens, err, got, want, asked, wantAsked)
		}
	}
}

// TestRunTailUnseen: what the tail of an answer cut in its middle hides is
// a finding too. Codex's harness and cline's message builder keep a long
// answer's head and tail; CRLF lines only in the tail are shown as LF.
func TestRunTailUnseen(t *testing.T) {
	// Lines of 60 bytes pass codex's 48,000; of 30, cline's 8,000 and not
	// its tool's own 48,000 characters.
	page := func(width int) *fstest.MapFile {
		var b strings.Builder
		for i := range 1000 {
			end := "\n"
			if i >= 990 {
				end = "\r\n"
			}
			b.WriteString(strings.Repeat("t", width) + end)
		}
		return &fstest.MapFile{Data: []byte(b.String()), Mode: 0o644}
	}
	fsys := reader.Mount(fstest.MapFS{"c60.txt": page(60), "c30.txt": page(30)}, "/t")
	for _, noTokens := range []bool{false, true} {
		o := opts(fsys)
		o.Profiles, o.NoTokens = reader.Profiles{codex.Profile, cline.Profile}, noTokens
		var got []string
		_, err := audit.Run(context.Background(), o, func(f audit.File) error {
			for _, x := range f.Findings {
				got = append(got, fmt.Sprintf("%s %s %s %s line %d, crlf %d, shows %d-%d and %d-%d",
					f.Path, x.Profile, x.Kind, x.Cap, x.Line, x.Unseen.CRLFToLF, x.FirstLine, x.LastLine, x.Resumes, x.Ends))
			}
			return nil
		})
		// cline's lines are 38 units with the \n, its ends 3,984: the head
		// ends at line 104 (3,951), the tail starts at 897 (34,048 of
		// 37,999). codex's head of 359 lines ends at byte 23,944 of 24,000. cline
		// cuts c60.txt at 705 lines itself first: its tail holds no CRLF.
		want := []string{
			"c30.txt codex unseen crlf line 991, crlf 10, shows 1-1000 and 0-0",
			"c30.txt cline cut bytes line 105, crlf 0, shows 1-104 and 897-1000",
			"c30.txt cline unseen crlf line 991, crlf 10, shows 1-104 and 897-1000",
			"c60.txt codex cut tokens line 360, crlf 0, shows 1-359 and 643-1000",
			"c60.txt codex unseen crlf line 991, crlf 10, shows 1-359 and 643-1000",
			"c60.txt cline cut bytes line 60, crlf 0, shows 1-59 and 648-705",
		}
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("NoTokens %v: %v; findings\n%s\nwant\n%s", noTokens, err, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
