// Command record re-records the oracle goldens: it runs the real agents' read
// tools (../shared/oracles) on a copy of testdata/fixtures and writes what
// each returned to testdata/oracle/<profile>/<case>.json. It needs node/npm
// and the agents' packages, so it is never part of the tests.
//
//	OPENCODE_BIN=.../opencode go run ./internal/record -profile opencode
//	PI_PKG_DIR=.../pi-coding-agent go run ./internal/record -profile pi
//
// The README's "Re-recording goldens" section lists the package versions.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/internal/oracle"
)

func main() {
	profile := flag.String("profile", "", "the profile whose oracle runs: "+strings.Join(recorders(), ", "))
	only := flag.String("cases", "", "comma-separated case names (default: all)")
	jobs := flag.Int("jobs", 2, "oracle calls run at once")
	oracles := flag.String("oracles", "../shared/oracles", "the directory of the oracle scripts")
	timeout := flag.Duration("timeout", 90*time.Second, "how long one oracle call may take")
	flag.Parse()
	run, ok := recorder[*profile]
	if !ok {
		fail("-profile must be one of " + strings.Join(recorders(), ", "))
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
			rec, err := run(env, args)
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
}

var recorder = map[string]func(oracleEnv, string) (*record, error){
	"opencode": runOpencode,
	"pi":       runPi,
}

func recorders() []string { return []string{"opencode", "pi"} }

// record is an oracle's answer, as stored.
type record struct{ oracle.Record }

func (r *record) normalize(root string) {
	r.Output = strings.ReplaceAll(r.Output, root, oracle.RootVar)
	if r.Title != nil {
		t := strings.ReplaceAll(*r.Title, root, oracle.RootVar)
		r.Title = &t
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

var logLine = regexp.MustCompile(`(?m)^(\x1b\[[0-9;]*m)*(ERROR|WARN|INFO) +\d{4}-\d\d-\d\dT[^\n]*service=[^\n]*\n?`)
var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func runOpencode(env oracleEnv, args string) (*record, error) {
	if os.Getenv("OPENCODE_BIN") == "" {
		return nil, fmt.Errorf("set OPENCODE_BIN to the opencode binary")
	}
	stdout, stderr, timedOut, err := command(env, "bash", filepath.Join(env.scripts, "opencode-read.sh"), env.root, args)
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	if err == nil {
		var out struct {
			Result struct {
				Title       string `json:"title"`
				Output      string `json:"output"`
				Attachments []struct {
					Mime string `json:"mime"`
					URL  string `json:"url"`
				} `json:"attachments"`
			} `json:"result"`
		}
		if err := json.Unmarshal(stdout, &out); err != nil {
			return nil, fmt.Errorf("opencode stdout: %v: %s", err, stdout)
		}
		r.Output = out.Result.Output
		r.Title = &out.Result.Title
		r.Attachments = []oracle.Attachment{}
		for _, a := range out.Result.Attachments {
			_, b64, _ := strings.Cut(a.URL, ";base64,")
			data, err := base64.StdEncoding.DecodeString(b64)
			if err != nil {
				return nil, err
			}
			r.Attachments = append(r.Attachments, attachment(a.Mime, data))
		}
		return r, nil
	}
	// A tool error: "Error: Unexpected error\n\n<message>\n" on stderr.
	text := logLine.ReplaceAllString(string(stderr), "")
	_, msg, ok := strings.Cut(text, "Unexpected error\n\n")
	if !ok {
		return nil, fmt.Errorf("opencode failed: %v: %s", err, stderr)
	}
	r.Output = strings.TrimSuffix(msg, "\n")
	r.IsError = true
	r.Attachments = []oracle.Attachment{}
	return r, nil
}

func attachment(mime string, data []byte) oracle.Attachment {
	sum := sha256.Sum256(data)
	return oracle.Attachment{Mime: mime, Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
}

func runPi(env oracleEnv, args string) (*record, error) {
	if os.Getenv("PI_PKG_DIR") == "" {
		return nil, fmt.Errorf("set PI_PKG_DIR to the installed @mariozechner/pi-coding-agent package")
	}
	os.Setenv("HOME", filepath.Join(env.root, "home"))
	stdout, stderr, timedOut, err := command(env, "node", filepath.Join(env.scripts, "pi-read.mjs"),
		"--args-json", args, "--cwd", env.root, "--render", "--width", "80")
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	if err != nil {
		return nil, fmt.Errorf("pi oracle: %v: %s", err, stderr)
	}
	var out struct {
		IsError bool `json:"isError"`
		Content []struct {
			Type       string `json:"type"`
			Text       string `json:"text"`
			MimeType   string `json:"mimeType"`
			DataBytes  int64  `json:"dataBytes"`
			DataSha256 string `json:"dataSha256"`
		} `json:"content"`
		Render map[string]any `json:"render"`
	}
	if err := json.Unmarshal(stdout, &out); err != nil {
		return nil, fmt.Errorf("pi stdout: %v: %s", err, stdout)
	}
	r.IsError = out.IsError
	r.Attachments = []oracle.Attachment{}
	var texts []string
	for _, c := range out.Content {
		switch c.Type {
		case "text":
			texts = append(texts, c.Text)
		case "image":
			r.Attachments = append(r.Attachments, oracle.Attachment{Mime: c.MimeType, Size: c.DataBytes, SHA256: c.DataSha256})
		}
	}
	r.Output = strings.Join(texts, "\n")
	r.Render = map[string]string{}
	for _, k := range []string{"renderCall_collapsed", "renderCall_expanded", "renderResult_collapsed", "renderResult_expanded"} {
		if s, ok := out.Render[k].(string); ok {
			r.Render[k] = ansi.ReplaceAllString(s, "")
		}
	}
	return r, nil
}
