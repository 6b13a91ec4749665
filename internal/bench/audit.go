package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// auditBench times readlens audit of Go's own source tree with every
// profile against wc -l on the same files, as issue 13 states its target
// (within 3x), and scc when it is on PATH; the target's floors without
// and with tokens (floor.go);
// then the audit's peak RSS (target: under 256 MiB). The files are git's
// when the tree is a git work tree, else every regular file, as the audit
// lists them.
func auditBench(bin string, runs int) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	check(err)
	src := filepath.Join(strings.TrimSpace(string(out)), "src")
	list := "find . -type f -print0"
	if exec.Command("git", "-C", src, "rev-parse", "--is-inside-work-tree").Run() == nil {
		list = "git ls-files -z"
	}
	n, _ := exec.Command("sh", "-c", "cd '"+src+"' && "+list+" | tr -dc '\\0' | wc -c").Output()
	fmt.Printf("\nreadlens audit of %s (%s files), every profile (target: within 3x wc -l)\n", src, strings.TrimSpace(string(n)))
	check(run("sh", "-c", "cd '"+src+"' && "+list+" | xargs -0 cat > /dev/null")) // into the page cache
	m := newMeasurer(runs)
	wc := m.time(list+" | xargs -0 wc -l", "sh", "-c", "cd '"+src+"' && "+list+" | xargs -0 wc -l")
	var scc time.Duration
	if path, err := exec.LookPath("scc"); err == nil {
		scc = m.time("scc", path, src)
	}
	for _, flags := range [][]string{{"--no-tokens"}, nil} {
		args := append([]string{"audit", "--format", "json", "--cwd", src}, flags...)
		label := "readlens audit --format json " + strings.Join(flags, " ")
		t := m.time(label, bin, args...)
		m.ratio(t, wc, 3)
		if scc > 0 {
			// No target: scc reads every file once, as wc does, and
			// classifies its lines; the issue asks for the figure.
			fmt.Printf("  %-44s %8.2fx\n", "  to scc", float64(t)/float64(scc))
		}
	}
	out, err = exec.Command("sh", "-c", "cd '"+src+"' && "+list).Output()
	check(err)
	floor, files, size := claudeFloor(src, listed(out), max(runs, 3))
	fmt.Printf("  %-44s %10s  (%d files, %.1f MB)\n", "floor: Claude Code's own token counts", round(floor), files, float64(size)/1e6)
	floorRatio(floor, wc, 3)
	// With tokens, the findings' answers are counted too.
	pages, calls, size := pagesFloor(src, max(runs, 3))
	fmt.Printf("  %-44s %10s  (and %d answers, %.1f MB)\n", "floor with tokens: the findings' answers too", round(floor+pages), calls, float64(size)/1e6)
	floorRatio(floor+pages, wc, 3)
	// And every file must be read, as wc -l reads it, though on every core.
	read := readFloor(src, listed(out), max(runs, 3))
	fmt.Printf("  %-44s %10s  (and %s reading every file)\n", "floor with tokens, the files read too", round(floor+pages+read), round(read))
	floorRatio(floor+pages+read, wc, 3)
	rss, exit := peakRSS(bin, "audit", "--format", "json", "--cwd", src)
	fmt.Printf("  %-44s %8.1f MiB  %s%s\n", "peak RSS, readlens audit", rss, verdict(rss < 256), failedNote(exit))
	_ = os.Stdout.Sync()
}
