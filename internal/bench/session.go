package main

import (
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"time"
)

// sessionBench measures issue 15's budget: the inspector shows the first
// screen of a 500 MB session within 1 s, while the rest is read
// (BenchmarkSessionFirstScreen in tui, which draws it).
func sessionBench() {
	fmt.Println("\na 500 MB session (pi's recorded one, repeated) in the inspector (target: first screen within 1 s)")
	out, err := exec.Command("go", "test", "./tui", "-run", "XXX", "-bench", "SessionFirstScreen", "-benchtime", "3x").CombinedOutput()
	check(err)
	m := regexp.MustCompile(`([0-9.]+) ms-first-screen`).FindSubmatch(out)
	if m == nil {
		check(fmt.Errorf("no figure in the benchmark's output:\n%s", out))
	}
	ms, _ := strconv.ParseFloat(string(m[1]), 64)
	d := time.Duration(ms * float64(time.Millisecond))
	fmt.Printf("  %-44s %10s  %s\n", "first screen", round(d), verdict(d < time.Second))
}
