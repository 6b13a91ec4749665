package audit_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/reader/audit"
)

// BenchmarkAuditGoroot audits a package tree of Go's own source with every
// profile, as `readlens audit` does: the speed target is stated on
// $(go env GOROOT)/src, which scripts/bench.sh times whole. AUDIT_BENCH_DIR
// names another tree, AUDIT_BENCH_PROFILES (comma-separated) other agents.
func BenchmarkAuditGoroot(b *testing.B) {
	dir := os.Getenv("AUDIT_BENCH_DIR")
	if dir == "" {
		dir = filepath.Join(runtime.GOROOT(), "src", "net")
	}
	if _, err := os.Stat(dir); err != nil {
		b.Skip("no tree to audit:", err)
	}
	profiles := all.Profiles
	if names := os.Getenv("AUDIT_BENCH_PROFILES"); names != "" {
		profiles = nil
		for _, n := range strings.Split(names, ",") {
			p, err := all.Lookup(n)
			if err != nil {
				b.Fatal(err)
			}
			profiles = append(profiles, p)
		}
	}
	for _, tokens := range []bool{false, true} {
		name := "no-tokens"
		if tokens {
			name = "tokens"
		}
		b.Run(name, func(b *testing.B) {
			o := audit.Options{
				Root: dir, Paths: []string{dir}, Profiles: profiles,
				Base: reader.Request{Cwd: dir}, NoTokens: !tokens,
			}
			cpu := cpuTime()
			for b.Loop() {
				files := 0
				if _, err := audit.Run(context.Background(), o, func(f audit.File) error { files++; return nil }); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(files), "files/op")
			}
			// CPU time says more than wall time on a machine shared with
			// other work: it is what the run costs, whoever else runs.
			b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
