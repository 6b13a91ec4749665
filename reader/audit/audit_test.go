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
