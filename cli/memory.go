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

const (
	tunedGOGC  = 1600
	tunedLimit = 96 << 20
)

// tuneGC lets the collector run less often during an audit or a compare,
// and returns what puts it back. Both keep little alive (the files in
// flight, a plan's current page) but allocate every agent's whole output
// for every file or call: at the default GOGC the collector ran every few
// milliseconds, and returned pages to the system only to fault them in
// again, a third of an audit's time and half of a compare's on a 100 MiB
// file (16.0 -> 8.6 s of CPU). Under a soft limit of 96 MiB, which keeps
// the peak well under the 256 MiB the audit promises, GOGC is 1600: what
// an audit keeps alive is 10 to 15 MiB, so the collector runs when the
// heap nears the limit, and an audit of GOROOT/src took 6.3 s where it
// took 7.0 s at GOGC=400. The limit was 160 MiB; a heap that large is
// memory touched for the first time, a page fault a page, and at 96 MiB
// the same audit took 6% less CPU (3.28 -> 3.07 s `--no-tokens`, eight
// runs each in turn; with tokens 6.71 against 6.82 s, within the noise;
// this repository's own audit 4.45 -> 4.19 s), peak RSS 117 MiB where it
// was 177. GOGC or GOMEMLIMIT set in the environment win.
func tuneGC() (restore func()) {
	gc, limit := -2, int64(-1)
	if os.Getenv("GOGC") == "" {
		gc = debug.SetGCPercent(tunedGOGC)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		limit = debug.SetMemoryLimit(tunedLimit)
	}
	return func() {
		if gc != -2 {
			debug.SetGCPercent(gc)
		}
		if limit >= 0 {
			debug.SetMemoryLimit(limit)
		}
	}
}
