package audit

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GitLister lists dir's files with `git ls-files --cached --others
// --exclude-standard -z`, streamed, relative to dir. It reports false when
// dir is in no git work tree (or inside a .git directory). Without git on
// PATH, it lists a work tree from git's files as git would (nogit.go); so
// it does where git refuses a repository it finds (one owned by another
// user: "detected dubious ownership"), and warn says so in git's words.
func GitLister(warn func(string)) Lister {
	return func(ctx context.Context, dir string, yield func(rel string) error) (bool, error) {
		return gitList(ctx, dir, yield, warn)
	}
}

func gitList(ctx context.Context, dir string, yield func(rel string) error, warn func(string)) (bool, error) {
	if _, err := exec.LookPath("git"); err != nil {
		top, ok := workTreeTop(dir)
		if !ok {
			return false, nil
		}
		return true, listWithoutGit(ctx, top, dir, yield)
	}
	check := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--is-inside-work-tree")
	var refusal bytes.Buffer
	check.Stderr = &refusal
	out, err := check.Output()
	if err != nil {
		// Not a work tree, git says on stderr with status 128; or a
		// repository git will not work in.
		top, ok := workTreeTop(dir)
		if !ok || !isRepository(top) || ctx.Err() != nil {
			return false, nil
		}
		why, _, _ := strings.Cut(strings.TrimSpace(refusal.String()), "\n")
		if warn != nil {
			warn(fmt.Sprintf("git refuses the repository at %s (%s); listed from git's own files instead", top, why))
		}
		return true, listWithoutGit(ctx, top, dir, yield)
	}
	if strings.TrimSpace(string(out)) != "true" {
		return false, nil // inside a .git directory
	}
	cmd := exec.CommandContext(ctx, "git", "-C", dir, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return true, err
	}
	if err := cmd.Start(); err != nil {
		return true, err
	}
	r := bufio.NewReaderSize(pipe, 64<<10)
	var yerr error
	seen := ""
	for {
		name, err := r.ReadString(0)
		if err == io.EOF {
			break
		}
		if err != nil {
			yerr = err
			break
		}
		name = strings.TrimSuffix(name, "\x00")
		// --cached lists a file once per unmerged stage: once is enough.
		if name == seen {
			continue
		}
		seen = name
		if yerr = yield(filepath.FromSlash(name)); yerr != nil {
			break
		}
	}
	if yerr != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return true, yerr
	}
	if err := cmd.Wait(); err != nil {
		return true, fmt.Errorf("git ls-files in %s: %v: %s", dir, err, strings.TrimSpace(stderr.String()))
	}
	return true, nil
}

// workTreeTop is the nearest directory at or above dir holding a .git
// entry: without git, that is how a work tree is found. A directory inside
// a .git directory is in no work tree.
func workTreeTop(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		if filepath.Base(d) == ".git" {
			return "", false
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}
