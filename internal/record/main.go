// Command record re-records the oracle goldens: it runs the real agents' read
// tools (../shared/oracles) on a copy of testdata/fixtures and writes what
// each returned to testdata/oracle/<profile>/<case>.json. It needs node/npm
// and the agents' packages, so it is never part of the tests.
//
//	OPENCODE_BIN=.../opencode go run ./internal/record -profile opencode
//	PI_PKG_DIR=.../pi-coding-agent go run ./internal/record -profile pi
//	OPENCODE_LEGACY_BIN=.../opencode go run ./internal/record -profile opencode-legacy
//	CLAUDE_BIN=.../claude go run ./internal/record -profile claude-code
//	GEMINI_CORE_DIR=... go run ./internal/record -profile gemini-cli
//	CLINE_CORE_DIR=... go run ./internal/record -profile cline
//	CODEX_BIN=.../codex go run ./internal/record -profile codex  # 0.105.0
//	CRUSH_BIN=.../crush go run ./internal/record -profile crush  # built from source
//
// With -session it records a whole session instead: the agent's CLI runs a
// scripted conversation of several calls against a fake model API and its
// own session file is written to testdata/sessions/<agent>/
// (session_claude.go, session_pi.go, session_codex.go,
// session_codex_read_file.go, session_gemini.go, session_opencode.go):
//
//	CLAUDE_BIN=.../claude go run ./internal/record -session claude-code
//	PI_PKG_DIR=.../pi-coding-agent go run ./internal/record -session pi
//	CODEX_BIN=.../codex go run ./internal/record -session codex
//	CODEX_BIN=.../codex go run ./internal/record -session codex-read-file  # 0.105.0
//	GEMINI_CLI_JS=.../bundle/gemini.js go run ./internal/record -session gemini-cli
//	OPENCODE_BIN=.../opencode go run ./internal/record -session opencode
//
// The README's "Tests and goldens" section lists the package versions.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
)

func main() {
	profile := flag.String("profile", "", "the profile whose oracle runs: "+strings.Join(keys(recorder), ", "))
	only := flag.String("cases", "", "comma-separated case names (default: all)")
	jobs := flag.Int("jobs", 2, "oracle calls run at once")
	oracles := flag.String("oracles", "../shared/oracles", "the directory of the oracle scripts")
	timeout := flag.Duration("timeout", 90*time.Second, "how long one oracle call may take")
	session := flag.String("session", "", "record a whole session of this agent instead: "+strings.Join(keys(sessionRecorder), ", "))
	name := flag.String("name", "reads", "with -session: the session file's name in testdata/sessions/<agent>/")
	flag.Parse()
	if *session != "" {
		rec, ok := sessionRecorder[*session]
		if !ok {
			fail("-session must be one of " + strings.Join(keys(sessionRecorder), ", "))
		}
		if err := rec(*name, 5*time.Minute); err != nil {
			fail(err.Error())
		}
		return
	}
	run, ok := recorder[*profile]
	if !ok {
		fail("-profile must be one of " + strings.Join(keys(recorder), ", "))
	}
	cases, err := oracle.Cases(*profile)
	if err != nil {
		fail(err.Error())
	}
	if *only != "" {
		cases = pick(cases, strings.Split(*only, ","))
	}
	tmp, err := os.MkdirTemp("", "readlens-oracle-")
	if err != nil {
		fail(err.Error())
	}
	defer os.RemoveAll(tmp)
	root := filepath.Join(tmp, "root")
	if err := fixtures.Copy(root, "testdata/fixtures"); err != nil {
		fail(err.Error())
	}
	if err := fixtures.Dynamic(root); err != nil {
		fail(err.Error())
	}
	if out, err := exec.Command("git", "init", "-q", root).CombinedOutput(); err != nil {
		fail("git init: " + string(out))
	}
	scripts, _ := filepath.Abs(*oracles)
	env := oracleEnv{root: root, scripts: scripts, timeout: *timeout}

	sem := make(chan struct{}, *jobs)
	var wg sync.WaitGroup
	for _, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func(c oracle.Case) {
			defer func() { <-sem; wg.Done() }()
			args := strings.ReplaceAll(string(c.Args), oracle.RootVar, root)
			e := env
			e.noImages = c.NoImages
			if c.Model != "" {
				e.extraEnv = append(e.extraEnv, "ORACLE_MODEL="+c.Model)
			}
			if c.NoPoppler {
				dir, err := missingTools("pdftoppm", "pdfinfo")
				if err != nil {
					fmt.Fprintf(os.Stderr, "%s: %v\n", c.Name, err)
					return
				}
				defer os.RemoveAll(dir)
				e.extraEnv = append(e.extraEnv, "PATH="+dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
			}
			rec, err := run(e, args)
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", c.Name, err)
				return
			}
			rec.normalize(root)
			if err := rec.write(*profile, c.Name); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", c.Name, err)
				return
			}
			fmt.Printf("%-32s error=%-5v %d bytes\n", c.Name, rec.IsError, len(rec.Output))
		}(c)
	}
	wg.Wait()
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "record:", msg)
	os.Exit(2)
}

func pick(cases []oracle.Case, names []string) []oracle.Case {
	var out []oracle.Case
	for _, c := range cases {
		for _, n := range names {
			if c.Name == n {
				out = append(out, c)
			}
		}
	}
	return out
}

type oracleEnv struct {
	root, scripts string
	timeout       time.Duration
	noImages      bool // the case's model takes no images
	extraEnv      []string
}

// recorder holds each oracle's runner: one file per agent registers one.
var recorder = map[string]func(oracleEnv, string) (*record, error){}

// sessionRecorder holds each agent's session recorder: it writes
// testdata/sessions/<agent>/<name> (.jsonl, or opencode's export .json),
// giving up after the timeout.
var sessionRecorder = map[string]func(name string, timeout time.Duration) error{}

func keys[V any](m map[string]V) []string {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// record is an oracle's answer, as stored.
type record struct{ oracle.Record }

func (r *record) normalize(root string) {
	r.Output = strings.ReplaceAll(r.Output, root, oracle.RootVar)
	if r.Title != nil {
		t := strings.ReplaceAll(*r.Title, root, oracle.RootVar)
		r.Title = &t
	}
	if r.Preview != nil {
		p := strings.ReplaceAll(*r.Preview, root, oracle.RootVar)
		r.Preview = &p
	}
	for i, s := range r.Render {
		r.Render[i] = strings.ReplaceAll(s, root, oracle.RootVar)
	}
}

func (r *record) write(profile, name string) error {
	dir := filepath.Join("testdata", "oracle", profile)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r.Record); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name+".json"), b.Bytes(), 0o644)
}

func command(env oracleEnv, name string, args ...string) (stdout, stderr []byte, timedOut bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), env.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = env.root
	cmd.Env = append(os.Environ(), env.extraEnv...)
	// A file, not a pipe: Bun exits before flushing a pipe past 64 KiB.
	out, err := os.CreateTemp("", "oracle-stdout-")
	if err != nil {
		return nil, nil, false, err
	}
	defer os.Remove(out.Name())
	defer out.Close()
	var e bytes.Buffer
	cmd.Stdout, cmd.Stderr = out, &e
	err = cmd.Run()
	o, rerr := os.ReadFile(out.Name())
	if rerr != nil {
		return nil, nil, false, rerr
	}
	return o, e.Bytes(), ctx.Err() != nil, err
}

func attachment(mime string, data []byte) oracle.Attachment {
	sum := sha256.Sum256(data)
	return oracle.Attachment{Mime: mime, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
}

// missingTools is a directory whose tools exit 127 saying nothing, as a
// shell does for a command it cannot find: first on PATH, they hide the
// installed ones (Claude Code takes pdftoppm -v's 127 for "not installed",
// and a pdfinfo that fails for a page count it cannot know).
func missingTools(tools ...string) (string, error) {
	dir, err := os.MkdirTemp("", "record-no-poppler-")
	if err != nil {
		return "", err
	}
	for _, tool := range tools {
		if err := os.WriteFile(filepath.Join(dir, tool), []byte("#!/bin/sh\nexit 127\n"), 0o755); err != nil {
			return dir, err
		}
	}
	return dir, nil
}
