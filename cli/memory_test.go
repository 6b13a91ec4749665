package cli

import (
	"runtime/debug"
	"testing"
)

// TestMemoryLimit: the soft limit is a quarter again what is
// live, never under the floor; boundMemory sets the floor at once and
// puts the limit back when stopped, and leaves a GOMEMLIMIT alone.
func TestMemoryLimit(t *testing.T) {
	for live, want := range map[uint64]int64{0: 128 << 20, 100 << 20: 128 << 20, 400 << 20: 500 << 20} {
		if got := memoryLimit(live); got != want {
			t.Errorf("memoryLimit(%d MiB) = %d MiB, want %d", live>>20, got>>20, want>>20)
		}
	}
	t.Setenv("GOMEMLIMIT", "")
	was := debug.SetMemoryLimit(-1)
	stop := boundMemory()
	if got := debug.SetMemoryLimit(-1); got != memoryFloor {
		t.Errorf("while bound: %d", got)
	}
	stop()
	if got := debug.SetMemoryLimit(-1); got != was {
		t.Errorf("after: %d, want %d", got, was)
	}
	t.Setenv("GOMEMLIMIT", "1GiB")
	stop = boundMemory()
	if got := debug.SetMemoryLimit(-1); got != was {
		t.Errorf("with GOMEMLIMIT: %d (was %d)", got, was)
	}
	stop()
}

// tuneGC sets GOGC and the soft limit for an audit or a compare, puts
// back what was there, and leaves alone what the environment sets.
func TestTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	gc := debug.SetGCPercent(150)
	limit := debug.SetMemoryLimit(1 << 40)
	defer debug.SetGCPercent(gc)
	defer debug.SetMemoryLimit(limit)

	restore := tuneGC()
	if got := debug.SetGCPercent(tunedGOGC); got != tunedGOGC {
		t.Errorf("GOGC = %d during, want %d", got, tunedGOGC)
	}
	if got := debug.SetMemoryLimit(-1); got != tunedLimit {
		t.Errorf("limit = %d during, want %d", got, tunedLimit)
	}
	restore()
	if got := debug.SetGCPercent(150); got != 150 {
		t.Errorf("GOGC = %d after, want 150", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("limit = %d after, want %d", got, int64(1<<40))
	}

	t.Setenv("GOGC", "50")
	t.Setenv("GOMEMLIMIT", "1GiB")
	restore = tuneGC()
	if got := debug.SetGCPercent(150); got != 150 {
		t.Errorf("GOGC = %d with GOGC set, want 150 left alone", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("limit = %d with GOMEMLIMIT set, want it left alone", got)
	}
	restore()
}
