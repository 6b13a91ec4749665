package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// compareBench measures readlens compare as issue 12 states its budgets:
// every profile on a large file within 3x one readlens read of it (large
// is the 100 MiB file: the plans grow with the file, and 1 GiB takes many
// minutes), and on a 100 KB source file under 50 ms of process time, user
// and system CPU together; and the floor of the first (floor.go).
func compareBench(bin, dir, large string, runs int) {
	name := filepath.Base(large)
	fmt.Printf("\nreadlens compare, every profile (targets: within 3x one read of %s; a 100 KB file under 50 ms of CPU)\n", name)
	once := newMeasurer(1)
	read := once.time("readlens read "+name, bin, "read", large)
	for _, flags := range [][]string{{"--no-tokens"}, nil} {
		args := append([]string{"compare", large}, flags...)
		t := once.time(strings.TrimSpace("readlens compare "+name+" "+strings.Join(flags, " ")), bin, args...)
		once.ratio(t, read, 3)
	}
	floor := tokenFloor(large, max(runs, 3))
	fmt.Printf("  %-44s %10s\n", "floor: "+name+"'s tokens, counted once", round(floor))
	floorRatio(floor, read, 3)
	src := gen(dir, "100KB.go", 100<<10, codeLine)
	d := cpuMedian(runs, bin, "compare", src)
	fmt.Printf("  %-44s %10s  %s\n", "readlens compare 100KB.go, CPU", round(d), verdict(d < 50*time.Millisecond))
	// The binary above is static, as the README builds it. A plain go
	// build links the C library where a C compiler is found, and starts
	// with the dynamic loader: measured too, for what that costs.
	dynamic := filepath.Join(dir, "readlens-cgo")
	step("building readlens with cgo, as a plain go build does")
	check(build(dynamic, true))
	d = cpuMedian(runs, dynamic, "compare", src)
	fmt.Printf("  %-44s %10s\n", "  the same, built with cgo", round(d))
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
