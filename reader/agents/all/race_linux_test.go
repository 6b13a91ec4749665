package all

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/readlens/readlens/reader"
)

// The profiles that refuse a path outside their root (envelope's project
// root, Gemini CLI's workspace), with the call that reads rd/secret.txt.
var rooted = []struct {
	profile string
	args    string
}{
	{"envelope", `{"path":"rd/secret.txt"}`},
	{"gemini-cli", `{"file_path":"rd/secret.txt"}`},
}

const (
	insideText = "inside, where it may be read\n"
	secretText = "TOP SECRET, outside the root\n"
)

// raceTree makes a project root holding a directory rd, and beside the root
// a secret directory with a file of the same name: turning rd into a link to
// the secret directory turns rd/secret.txt into the secret.
func raceTree(t *testing.T) (root, rd, secret string) {
	top := t.TempDir()
	root = filepath.Join(top, "root")
	rd = filepath.Join(root, "rd")
	secret = filepath.Join(top, "secret")
	for dir, body := range map[string]string{rd: insideText, secret: secretText} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "secret.txt"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, rd, secret
}

// swapper turns rd into a link to secret and back. With RENAME_EXCHANGE
// each turn is one atomic exchange of rd with a spare link; where the file
// system lacks it, rd is renamed away and a link put in its place.
type swapper struct {
	rd, secret, spare, away string
	exchange                bool
	linked                  bool
}

func newSwapper(t *testing.T, rd, secret string) *swapper {
	s := &swapper{rd: rd, secret: secret, spare: rd + ".link", away: rd + ".dir"}
	if err := os.Symlink(secret, s.spare); err != nil {
		t.Fatal(err)
	}
	s.exchange = unix.Renameat2(unix.AT_FDCWD, s.rd, unix.AT_FDCWD, s.spare, unix.RENAME_EXCHANGE) == nil
	if s.exchange {
		s.linked = true
	} else if err := os.Remove(s.spare); err != nil {
		t.Fatal(err)
	}
	return s
}

// toggle turns rd from a directory into the link, or back.
func (s *swapper) toggle() error {
	s.linked = !s.linked
	if s.exchange {
		return unix.Renameat2(unix.AT_FDCWD, s.rd, unix.AT_FDCWD, s.spare, unix.RENAME_EXCHANGE)
	}
	if s.linked {
		if err := os.Rename(s.rd, s.away); err != nil {
			return err
		}
		return os.Symlink(s.secret, s.rd)
	}
	if err := os.Remove(s.rd); err != nil {
		return err
	}
	return os.Rename(s.away, s.rd)
}

// toDir makes rd the directory again.
func (s *swapper) toDir(t *testing.T) {
	if s.linked {
		if err := s.toggle(); err != nil {
			t.Fatal(err)
		}
	}
}

// swapAfterPlan is a profile that, once its Plan has resolved and checked
// the path, swaps rd for the link: the engine's open is the next thing to
// meet the path, so the race the check loses is run on every call.
type swapAfterPlan struct {
	reader.Profile
	swap func()
}

func (s swapAfterPlan) Plan(env reader.Env, a reader.Args) (*reader.Plan, *reader.Outcome) {
	p, o := s.Profile.Plan(env, a)
	s.swap()
	return p, o
}

// TestWorkspaceSwapAfterCheck: a directory swapped for a link to a secret
// between the profile's check and the engine's open is refused in the
// agent's words for a path outside its root, and the secret is never read.
func TestWorkspaceSwapAfterCheck(t *testing.T) {
	root, rd, secret := raceTree(t)
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	s := newSwapper(t, rd, secret)
	s.toDir(t)
	want := map[string]string{
		"envelope": `{"status": "error", "text": "Access denied. Path must be within project root.", "stats": {"time_ms": 0}, ` +
			`"context": {"cwd": ".", "params_input": {"path": "rd/secret.txt"}}, ` +
			`"error": {"code": "ACCESS_DENIED", "message": "Access denied. Path must be within project root."}}`,
		"gemini-cli": `Path not in workspace: Attempted path "` + real + `/rd/secret.txt" resolves outside the allowed workspace directories: ` +
			real + ` or the project temp directory: ` + home + `/.gemini/tmp/root`,
	}
	for _, c := range rooted {
		t.Run(c.profile, func(t *testing.T) {
			defer s.toDir(t)
			p := swapAfterPlan{Profile: must(c.profile), swap: func() {
				if err := s.toggle(); err != nil {
					t.Fatal(err)
				}
			}}
			now := time.Unix(0, 0)
			r, err := reader.Read(context.Background(), reader.Request{Profile: p, Args: json.RawMessage(c.args),
				Cwd: root, Worktree: root, Home: home, Now: func() time.Time { return now }})
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(r.Output, strings.TrimSpace(secretText)) {
				t.Fatalf("the secret leaked: %q", r.Output)
			}
			if r.Output != want[c.profile] || !r.IsError {
				t.Errorf("got  %q (error %v)\nwant %q", r.Output, r.IsError, want[c.profile])
			}
			if r.Stats.BytesRead != 0 {
				t.Errorf("read %d bytes of a refused file", r.Stats.BytesRead)
			}
		})
	}
}

// goText is Go's wording of a system error ("realpath /x: invalid
// argument"), which no agent's runtime prints.
var goText = regexp.MustCompile(`(stat|open|realpath|readlink|lstat|read) /[^']*: [a-z]`)

// TestWorkspaceRace: with rd swapping for a link to a secret as fast as it
// can, up to 500 reads of rd/secret.txt per profile (about 2 s at most)
// leak nothing, and every answer is worded as the agent words it.
func TestWorkspaceRace(t *testing.T) {
	if testing.Short() {
		t.Skip("a 2-second race")
	}
	root, rd, secret := raceTree(t)
	home := t.TempDir()
	for _, c := range rooted {
		t.Run(c.profile, func(t *testing.T) {
			s := newSwapper(t, rd, secret)
			defer func() {
				s.toDir(t)
				os.Remove(s.spare)
			}()
			stop := make(chan struct{})
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					if err := s.toggle(); err != nil {
						t.Error(err)
						return
					}
				}
			}()
			reads, leaks, inside, goWords := 0, 0, 0, 0
			deadline := time.Now().Add(2 * time.Second)
			for reads < 500 && time.Now().Before(deadline) {
				reads++
				r, err := reader.Read(context.Background(), reader.Request{Profile: must(c.profile), Args: json.RawMessage(c.args),
					Cwd: root, Worktree: root, Home: home})
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case strings.Contains(r.Output, strings.TrimSpace(secretText)):
					leaks++
				case strings.Contains(r.Output, strings.TrimSpace(insideText)):
					inside++
				}
				if goText.MatchString(r.Output) {
					if goWords++; goWords == 1 {
						t.Errorf("Go's words in the answer: %q", r.Output)
					}
				}
			}
			close(stop)
			wg.Wait()
			t.Logf("%s: %d leaks in %d reads (%d read the inside file, %d in Go's words; atomic exchange %v)", c.profile, leaks, reads, inside, goWords, s.exchange)
			if leaks > 0 {
				t.Errorf("%s read the secret outside its root in %d of %d reads", c.profile, leaks, reads)
			}
		})
	}
}
