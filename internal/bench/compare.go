package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// compareBench measures readlens compare as issue 12 states its budgets:
// every profile on a large file within 3x one readlens read of it (large
// is the 100 MiB file: the plans grow with the file, and 1 GiB takes many
// minutes), and on a 100 KB source file under 50 ms of process time, user
// and system CPU together.
func compareBench(bin, dir, large string, runs int) {
	name := filepath.Base(large)
	fmt.Printf("\nreadlens compare, every profile (targets: within 3x one read of %s; a 100 KB file under 50 ms of CPU)\n", name)
	once := measurer{runs: 1}
	read := once.time("readlens read "+name, bin, "read", large)
	for _, flags := range [][]string{{"--no-tokens"}, nil} {
		args := append([]string{"compare", large}, flags...)
		t := once.time(strings.TrimSpace("readlens compare "+name+" "+strings.Join(flags, " ")), bin, args...)
		once.ratio(t, read, 3)
	}
	src := gen(dir, "100KB.go", 100<<10, codeLine)
	d := cpuMedian(runs, bin, "compare", src)
	fmt.Printf("  %-44s %10s  %s\n", "readlens compare 100KB.go, CPU", round(d), verdict(d < 50*time.Millisecond))
	// The build above links the C library, as go build does where a C
	// compiler is found: pflag imports net, whose resolver uses cgo. Nothing
	// in readlens needs it, and a static build starts without the dynamic
	// loader: measured too, for what the start-up costs.
	static := filepath.Join(dir, "readlens-static")
	step("building readlens with CGO_ENABLED=0")
	build := exec.Command("go", "build", "-o", static, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	build.Stderr = os.Stderr
	check(build.Run())
	d = cpuMedian(runs, static, "compare", src)
	fmt.Printf("  %-44s %10s  %s\n", "  the same, built with CGO_ENABLED=0", round(d), verdict(d < 50*time.Millisecond))
}

// cpuMedian is the median user and system CPU of runs runs of name args.
func cpuMedian(runs int, name string, args ...string) time.Duration {
	var cpu []time.Duration
	for range runs {
		cpu = append(cpu, cpuTime(name, args...))
	}
	slices.Sort(cpu)
	return cpu[len(cpu)/2]
}
