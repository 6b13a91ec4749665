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
