package main

import (
	"fmt"
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
	var cpu []time.Duration
	for range runs {
		cmd := exec.Command(bin, "compare", src)
		check(cmd.Run())
		cpu = append(cpu, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	}
	slices.Sort(cpu)
	d := cpu[len(cpu)/2]
	fmt.Printf("  %-44s %10s  %s\n", "readlens compare 100KB.go, CPU", round(d), verdict(d < 50*time.Millisecond))
}
