package audit

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ErrNoGit is returned when a directory is in a git work tree and git is
// not on PATH: audit lists exactly what git would, and without git it
// cannot (a .gitignore library is issue 13's later step).
var ErrNoGit = errors.New("git is not on PATH, and the directory is in a git work tree: audit lists the files git would list and needs git to do so")

// GitLister lists dir's files with `git ls-files --cached --others
// --exclude-standard -z`, streamed, relative to dir. It reports false when
// dir is in no git work tree (or inside a .git directory).
func GitLister(ctx context.Context, dir string, yield func(rel string) error) (bool, error) {
	if _, err := exec.LookPath("git"); err != nil {
		if inGitByName(dir) {
			return false, ErrNoGit
		}
		return false, nil
	}
	out, err := exec.CommandContext(ctx, "git", "-C", dir, "rev-parse", "--is-inside-work-tree").Output()
	if err != nil || strings.TrimSpace(string(out)) != "true" {
		return false, nil // not a work tree: git says so on stderr, with status 128
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

// inGitByName says a .git entry stands in dir or above it: without git,
// that is all readlens can tell of a work tree.
func inGitByName(dir string) bool {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return true
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}
