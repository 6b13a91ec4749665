// Command bench measures readlens against the physical limit and the real
// agents, side by side in one run, on files it generates, and prints the
// ratios the performance targets are stated in:
//
//	go run ./internal/bench [-runs 5] [-keep] [-image-only]
//
// With OPENCODE_BIN and PI_PKG_DIR set (see the README's "Re-recording
// goldens"), it also times the real opencode and pi read tools; without
// them it says so and skips those rows. It writes about 1.5 GB to a
// temporary directory and removes it after.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	runs := flag.Int("runs", 5, "runs per measurement; the median is reported")
	keep := flag.Bool("keep", false, "keep the generated files")
	oracles := flag.String("oracles", "../shared/oracles", "the oracle scripts, for timing the real agents")
	auditRuns := flag.Int("audit-runs", 1, "runs of each audit measurement (each takes tens of seconds)")
	auditOnly := flag.Bool("audit-only", false, "measure only readlens audit against wc on GOROOT/src")
	compareOnly := flag.Bool("compare-only", false, "measure only readlens compare against one read, and its CPU on a 100 KB file")
	sessionOnly := flag.Bool("session-only", false, "measure only the inspector's first screen of a 500 MB session")
	imageOnly := flag.Bool("image-only", false, "measure only readlens read --json on a 50 MP PNG: time and peak RSS")
	flag.Parse()

	dir, err := os.MkdirTemp("", "readlens-bench-")
	check(err)
	if !*keep {
		defer os.RemoveAll(dir)
	}
	bin := filepath.Join(dir, "readlens")
	step("building readlens as the README does (CGO_ENABLED=0)")
	check(build(bin, false))

	if *auditOnly {
		fmt.Printf("\nmachine: %s, %s\n", cpuModel(), memTotal())
		auditBench(bin, *auditRuns)
		return
	}

	if *sessionOnly {
		fmt.Printf("\nmachine: %s, %s\n", cpuModel(), memTotal())
		sessionBench()
		return
	}

	if *imageOnly {
		fmt.Printf("\nmachine: %s, %s\n", cpuModel(), memTotal())
		imageBench(bin, dir, *runs)
		return
	}

	if *compareOnly {
		fmt.Printf("\nmachine: %s, %s\n", cpuModel(), memTotal())
		compareBench(bin, dir, gen(dir, "100MiB.go", 100<<20, codeLine), *runs)
		return
	}

	step("generating files")
	small := gen(dir, "small.go", 1<<10, codeLine)
	mib := gen(dir, "1MiB.txt", 1<<20, shortLine)
	large := gen(dir, "100MiB.go", 100<<20, codeLine)
	gib := gen(dir, "1GiB.txt", 1<<30, shortLine)
	deep := gen(dir, "20M-lines.txt", 20_000_000, numberedLine)
	for _, f := range []string{small, mib, large, gib, deep} {
		check(run("cat", f)) // into the page cache: every tool reads from memory
	}

	m := newMeasurer(*runs)
	fmt.Printf("\nmachine: %s, %s\n", cpuModel(), memTotal())
	fmt.Printf("median of %d runs, wall time; files in %s\n\n", *runs, dir)

	fmt.Println("1 GiB file, default read with the total line count (target: within 1.5x wc -l)")
	wc := m.time("wc -l", "wc", "-l", gib)
	for _, p := range []string{"opencode", "pi"} {
		t := m.time("readlens read --profile "+p, bin, "read", gib, "--profile", p)
		m.ratio(t, wc, 1.5)
	}

	fmt.Println("\nwindow deep in a 20-million-line file (target: within 1.5x tail | head)")
	th := m.time("tail -n +19990001 | head -n 2000", "sh", "-c", "tail -n +19990001 '"+deep+"' | head -n 2000")
	for _, p := range []string{"opencode", "pi"} {
		t := m.time("readlens read --profile "+p+" --offset 19990001 --limit 2000", bin, "read", deep, "--profile", p, "--offset", "19990001", "--limit", "2000")
		m.ratio(t, th, 1.5)
	}

	fmt.Println("\npeak RSS, 1 MiB against 1 GiB (target: under 64 MiB, the same for both)")
	for _, f := range []string{mib, gib} {
		for _, p := range []string{"opencode", "pi"} {
			rss, exit := peakRSS(bin, "read", f, "--profile", p)
			fmt.Printf("  %-44s %8.1f MiB  %s%s\n", "readlens read --profile "+p+" "+filepath.Base(f), rss, verdict(rss < 64), failedNote(exit))
		}
	}

	fmt.Println("\nsmall file, process start to printed result (target: within 5x cat -n)")
	cat := m.time("cat -n", "cat", "-n", small)
	var rl []time.Duration
	for _, p := range []string{"opencode", "pi"} {
		t := m.time("readlens read --profile "+p, bin, "read", small, "--profile", p)
		m.ratio(t, cat, 5)
		rl = append(rl, t)
	}

	fmt.Println("\nthe real agents' tools on the same files (target: readlens at least 10x faster)")
	if os.Getenv("OPENCODE_BIN") == "" && os.Getenv("PI_PKG_DIR") == "" {
		fmt.Println("  skipped: set OPENCODE_BIN and/or PI_PKG_DIR to time the real tools")
	}
	m.againstAgents(*oracles, dir, small, slices.Min(rl))
	var big []time.Duration
	for _, p := range []string{"opencode", "pi"} {
		big = append(big, m.time("readlens read --profile "+p+" "+filepath.Base(large), bin, "read", large, "--profile", p))
	}
	m.againstAgents(*oracles, dir, large, slices.Min(big))

	auditBench(bin, *auditRuns)
	compareBench(bin, dir, large, *runs)
	sessionBench()
	imageBench(bin, dir, *runs)
}

// againstAgents times the real tools on file and prints how many times
// faster readlens's best time was than the fastest of them.
func (m measurer) againstAgents(oracles, dir, file string, readlens time.Duration) {
	fastest := time.Duration(0)
	for _, a := range realAgents(oracles, dir, file) {
		t := m.time(a.name+" "+filepath.Base(file), a.cmd[0], a.cmd[1:]...)
		if fastest == 0 || t < fastest {
			fastest = t
		}
	}
	if fastest > 0 {
		r := float64(fastest) / float64(readlens)
		fmt.Printf("  %-44s %8.1fx faster  %s\n", "readlens against the fastest agent", r, verdict(r >= 10))
	}
}

type measurer struct {
	runs int
	exit *int // the last command timed exited so: not 0, its time is a failure's
}

func newMeasurer(runs int) measurer { return measurer{runs: runs, exit: new(int)} }

// time runs a command several times and prints and returns its median. A
// command that fails (pi on a file over V8's 512 MiB string limit, as the
// real tool does) is timed and printed with its exit status.
func (m measurer) time(label, name string, args ...string) time.Duration {
	var ds []time.Duration
	*m.exit = 0
	for i := 0; i < m.runs; i++ {
		cmd := exec.Command(name, args...)
		cmd.Stdout, cmd.Stderr = nil, nil
		start := time.Now()
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				check(err)
			}
			*m.exit = exit.ExitCode()
		}
		ds = append(ds, time.Since(start))
	}
	slices.Sort(ds)
	d := ds[len(ds)/2]
	if *m.exit != 0 {
		fmt.Printf("  %-44s %10s  exit status %d\n", label, round(d), *m.exit)
	} else {
		fmt.Printf("  %-44s %10s\n", label, round(d))
	}
	return d
}

// ratio prints t against base, unless the command timed last failed.
func (m measurer) ratio(t, base time.Duration, target float64) {
	if *m.exit != 0 {
		fmt.Printf("  %-44s none: the command failed\n", "  ratio")
		return
	}
	r := float64(t) / float64(base)
	fmt.Printf("  %-44s %8.2fx      %s\n", "  ratio", r, verdict(r <= target))
}

func round(d time.Duration) string {
	if d < time.Millisecond {
		return fmt.Sprintf("%.2fms", float64(d)/1e6)
	}
	return d.Round(100 * time.Microsecond).String()
}

// failedNote is what a figure of a command that failed says after it.
func failedNote(exit int) string {
	if exit == 0 {
		return ""
	}
	return fmt.Sprintf(" (exit status %d: the tool's own error)", exit)
}

func verdict(ok bool) string {
	if ok {
		return "meets the target"
	}
	return "MISSES the target"
}

// peakRSS is /usr/bin/time's maximum resident set size, in MiB, and the
// command's exit status.
func peakRSS(name string, args ...string) (mib float64, exit int) {
	f, err := os.CreateTemp("", "readlens-rss-")
	check(err)
	f.Close()
	defer os.Remove(f.Name())
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", f.Name(), name}, args...)...)
	if err := cmd.Run(); err != nil {
		var failed *exec.ExitError
		if !errors.As(err, &failed) {
			check(err)
		}
		exit = failed.ExitCode()
	}
	b, err := os.ReadFile(f.Name())
	check(err)
	// A command that failed leaves "Command exited with non-zero status N"
	// above the figure.
	lines := strings.Fields(string(b))
	kb, err := strconv.ParseFloat(lines[len(lines)-1], 64)
	check(err)
	return kb / 1024, exit
}

type agent struct {
	name string
	cmd  []string
}

// realAgents are the oracle commands that can run here.
func realAgents(oracles, dir, file string) []agent {
	var out []agent
	scripts, _ := filepath.Abs(oracles)
	if bin := os.Getenv("OPENCODE_BIN"); bin != "" {
		project := filepath.Join(dir, "project")
		os.MkdirAll(project, 0o755)
		run("git", "init", "-q", project)
		out = append(out, agent{"opencode 1.18.33 (debug agent --tool read)",
			[]string{"bash", filepath.Join(scripts, "opencode-read.sh"), project, `{"filePath":"` + file + `"}`}})
	}
	if os.Getenv("PI_PKG_DIR") != "" {
		out = append(out, agent{"pi 0.73.1 (pi-read.mjs)", []string{"node", filepath.Join(scripts, "pi-read.mjs"), file}})
	}
	return out
}

func codeLine(i int) string {
	return fmt.Sprintf("\tvalue%d := compute(ctx, %d, \"item\")\n", i%1000, i)
}

func shortLine(i int) string { return "line " + strconv.Itoa(i) + "\n" }

func numberedLine(i int) string { return "line " + strconv.Itoa(i+1) + "\n" }

// gen writes lines until the file has size bytes or, for files counted in
// lines, size lines.
func gen(dir, name string, size int, line func(int) string) string {
	p := filepath.Join(dir, name)
	f, err := os.Create(p)
	check(err)
	w := bufio.NewWriterSize(f, 1<<20)
	byLines := strings.HasSuffix(name, "-lines.txt")
	n := 0
	for i := 0; ; i++ {
		if byLines && i == size || !byLines && n >= size {
			break
		}
		k, _ := w.WriteString(line(i))
		n += k
	}
	check(w.Flush())
	check(f.Close())
	return p
}

func run(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

// build builds readlens at out: statically, as the README's install does,
// or with cgo, as a plain go build does where a C compiler is found (pflag
// imports net, whose resolver links the C library then).
func build(out string, cgo bool) error {
	env := "CGO_ENABLED=0"
	if cgo {
		env = "CGO_ENABLED=1"
	}
	cmd := exec.Command("go", "build", "-o", out, ".")
	cmd.Env = append(os.Environ(), env)
	cmd.Stderr = os.Stderr
	return cmd.Run()
}

func step(s string) { fmt.Fprintln(os.Stderr, "bench:", s) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func cpuModel() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	m := regexp.MustCompile(`model name\s*:\s*(.*)`).FindSubmatch(b)
	n := strings.Count(string(b), "processor\t:")
	if m == nil {
		return fmt.Sprintf("%d CPUs", n)
	}
	return fmt.Sprintf("%d x %s", n, m[1])
}

func memTotal() string {
	b, _ := os.ReadFile("/proc/meminfo")
	m := regexp.MustCompile(`MemTotal:\s*(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return "memory unknown"
	}
	kb, _ := strconv.Atoi(string(m[1]))
	return fmt.Sprintf("%.0f GiB RAM", float64(kb)/(1<<20))
}
