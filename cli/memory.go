package cli

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// A session of hundreds of megabytes leaves about a kilobyte a call in
// memory (its calls, the inspector's cards; the results' texts are in the
// session's spill file): 150 MiB for 125,000 calls. With the collector's
// default goal, twice what is live, the process would grow to twice
// that. While a session is read and shown, boundMemory sets a soft
// limit of a quarter again what is live, and no less than memoryFloor:
// the heap stays near what the session needs, and a session larger still
// raises the limit with it, so the collector never runs in a loop.

// memoryFloor is the limit under which the collector is left alone.
const memoryFloor = 128 << 20

// memoryLimit is the soft limit for live bytes in use.
func memoryLimit(live uint64) int64 {
	return max(memoryFloor, int64(live+live/4))
}

// boundMemory keeps the soft limit up to date until stop is called, which
// puts the previous one back. GOMEMLIMIT in the environment is the user's
// word, and is left as it is.
func boundMemory() (stop func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	was := debug.SetMemoryLimit(memoryFloor)
	done, ended := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(ended)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				metrics.Read(sample)
				if sample[0].Value.Kind() == metrics.KindUint64 {
					debug.SetMemoryLimit(memoryLimit(sample[0].Value.Uint64()))
				}
			}
		}
	}()
	return func() {
		close(done)
		<-ended
		debug.SetMemoryLimit(was)
	}
}
