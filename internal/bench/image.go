package main

import (
	"bufio"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/readlens/readlens/internal/fixtures"
)

// imageBench measures issue 14's target: readlens read --json on a 50 MP
// PNG (7071×7071, like a photograph) answered within 2 s, holding at most
// twice the decoded image (7071²×4 bytes, as Go decodes it, 191 MiB).
func imageBench(bin, dir string, runs int) {
	const side = 7071
	path := filepath.Join(dir, "photo-50MP.png")
	step("generating a 50 MP PNG")
	f, err := os.Create(path)
	check(err)
	w := bufio.NewWriterSize(f, 1<<20)
	check(png.Encode(w, fixtures.Photo(side, side)))
	check(w.Flush())
	check(f.Close())
	check(run("cat", path))
	decoded := float64(side*side*4) / (1 << 20)
	fmt.Printf("\n50 MP PNG, read --json (targets: within 2 s; peak RSS within 2x the decoded %.0f MiB)\n", decoded)
	m := newMeasurer(runs)
	for _, p := range []string{"claude-code", "pi"} {
		t := m.time("readlens read --json --profile "+p, bin, "read", "--json", "--profile", p, path)
		fmt.Printf("  %-44s %8.2fx 2 s  %s\n", "  ratio", t.Seconds()/2, verdict(t <= 2*time.Second))
		fmt.Printf("  %-44s %10s  (less swayed than the wall time by the machine's other load)\n", "  CPU, user and system", round(cpuTime(bin, "read", "--json", "--profile", p, path)))
		rss, exit := peakRSS(bin, "read", "--json", "--profile", p, path)
		fmt.Printf("  %-44s %8.1f MiB  %.2fx decoded  %s%s\n", "  peak RSS", rss, rss/decoded, verdict(rss <= 2*decoded), failedNote(exit))
	}
}

// cpuTime is a run's user and system CPU time: a figure the machine's other
// load does not inflate as much as the wall time.
func cpuTime(name string, args ...string) time.Duration {
	cmd := exec.Command(name, args...)
	check(cmd.Run())
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
