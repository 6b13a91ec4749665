package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf16"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/reader/compare"
	"github.com/readlens/readlens/reader/tokencount"
)

// The floors are what a budget's own demands cost before any agent's call
// is made: the tokens issue 12 asks every plan to count, the tokens
// Claude Code counts to apply its cap, which every audit with Claude Code
// in it must count, and the tokens of each finding's answer, which an
// audit with tokens reports (issue 13's "tokens" of a finding: the
// agent's own answer, and no two agents' answers are alike). They are
// measured in this process, on every core at once, from text already in
// memory, so they are the least any design of compare or audit could take
// on this machine with readlens's tokenizer.

// tokenFloor is the least a compare of file can take with its token
// figures: each byte of the file counted once. A plan that reads the file
// to its end formats every line into its pages, so its tokens cost at
// least this; ten agents' plans count the file up to ten times.
func tokenFloor(file string, runs int) time.Duration {
	b, err := os.ReadFile(file)
	check(err)
	return countFloor(chunks(string(b), runtime.NumCPU()), runs)
}

// claudeFloor is the least an audit with Claude Code can take: the token
// count of every listed file Claude Code counts by default, those whose
// text passes its gate (a quarter of its 25,000-token cap by its estimate,
// a quarter of the UTF-16 length) and not its 256 KiB size cap. It returns
// how many files and bytes that is.
func claudeFloor(src string, list []string, runs int) (d time.Duration, files, size int) {
	var texts []string
	for _, name := range list {
		p := filepath.Join(src, name)
		st, err := os.Lstat(p)
		if err != nil || !st.Mode().IsRegular() || st.Size() <= 25000 || st.Size() > 256<<10 {
			continue
		}
		b, err := os.ReadFile(p)
		check(err)
		text := strings.ToValidUTF8(string(b), "\uFFFD")
		if utf16Len(text) <= 25000 || strings.HasSuffix(name, ".json") {
			continue // under the gate (a .json file's is lower: left out, the floor stays a floor)
		}
		texts = append(texts, text)
		size += len(text)
	}
	return countFloor(texts, runs), len(texts), size
}

// pagesFloor is the least the tokens an audit of src reports can take:
// the first call's answer of every finding, each agent's counted as
// compare.Tokens counts it (o200k_base for Codex, cl100k_base for the
// rest), one after another on every core. The answers come from one audit
// of src, untimed, through audit.Options.Tokens. It returns how many
// answers and bytes that is.
func pagesFloor(src string, runs int) (d time.Duration, calls, size int) {
	type page struct{ profile, text string }
	var (
		mu    sync.Mutex
		pages []page
	)
	opts := audit.Options{Root: src, Paths: []string{src}, Profiles: all.Profiles, Base: reader.Request{Cwd: src},
		Tokens: func(profile, text string) (int, string) {
			text = strings.Clone(text) // its buffer is the next call's
			mu.Lock()
			pages = append(pages, page{profile, text})
			size += len(text)
			mu.Unlock()
			return 0, ""
		}}
	_, err := audit.Run(context.Background(), opts, func(audit.File) error { return nil })
	check(err)
	d = onEveryCore(len(pages), runs, func(i int) { compare.Tokens(pages[i].profile, pages[i].text) })
	return d, len(pages), size
}

// readFloor is the least reading the files of src takes: each read whole
// once (os.ReadFile, as the audit holds a file for its agents), shared
// out among every core. No audit reads less; wc -l reads as much, on one.
func readFloor(src string, list []string, runs int) time.Duration {
	return onEveryCore(len(list), runs, func(i int) { os.ReadFile(filepath.Join(src, list[i])) })
}

// floorRatio prints a floor against the baseline a target is stated on.
func floorRatio(floor, base time.Duration, target float64) {
	r := float64(floor) / float64(base)
	say := "leaves room for the target"
	if r > target {
		say = "ABOVE the target: no design meets it here"
	}
	fmt.Printf("  %-44s %8.2fx      %s\n", "  ratio", r, say)
}

// countFloor is the median time of counting texts' tokens on every core.
func countFloor(texts []string, runs int) time.Duration {
	return onEveryCore(len(texts), runs, func(i int) { tokencount.Cl100k.Count(texts[i]) })
}

// onEveryCore is the median time of runs runs of count over the items 0
// to n-1, shared out among every core.
func onEveryCore(n, runs int, count func(i int)) time.Duration {
	var ds []time.Duration
	for range runs {
		work := make(chan int, n)
		for i := range n {
			work <- i
		}
		close(work)
		start := time.Now()
		var wg sync.WaitGroup
		for range runtime.NumCPU() {
			wg.Go(func() {
				for i := range work {
					count(i)
				}
			})
		}
		wg.Wait()
		ds = append(ds, time.Since(start))
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// chunks cuts s into about n pieces at line ends, one per core.
func chunks(s string, n int) []string {
	var out []string
	size := len(s)/n + 1
	for len(s) > 0 {
		end := min(size, len(s))
		if i := strings.IndexByte(s[end:], '\n'); i >= 0 {
			end += i + 1
		} else {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// listed is the files the audit bench lists, NUL-separated, as names.
func listed(out []byte) []string {
	var names []string
	for _, n := range bytes.Split(out, []byte{0}) {
		if len(n) > 0 {
			names = append(names, string(n))
		}
	}
	return names
}
