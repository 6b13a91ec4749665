package compare

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/readlens/readlens/reader"
)

// All runs Agent for every profile, at most GOMAXPROCS at a time, and
// returns the rows in the profiles' order. A row's error is one that kept
// readlens from running the call (a cancelled context): the tool's own
// errors are rows. The agents share one reading of the file (readOnce, below).
func All(ctx context.Context, path string, base reader.Request, profiles reader.Profiles, opts Options) ([]*Row, error) {
	return readOnce(ctx, path, base, func(req reader.Request) ([]*Row, error) {
		return everyAgent(ctx, path, req, profiles, opts)
	})
}

// everyAgent is All on the file system base names. A few workers take the
// agents in turn, rather than a goroutine each: a goroutine starts on a
// 2 KiB stack and an agent's call grows it to 16 KiB, three copies, which
// a worker pays once.
func everyAgent(ctx context.Context, path string, base reader.Request, profiles reader.Profiles, opts Options) ([]*Row, error) {
	rows := make([]*Row, len(profiles))
	errs := make([]error, len(profiles))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(profiles)) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= len(profiles) {
					return
				}
				req := base
				req.Profile = profiles[i]
				rows[i], errs[i] = Agent(ctx, path, req, opts)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// heldMax is the largest file the agents of a compare share in memory; a
// larger one is read from the disk by each, as it would be anyway.
const heldMax = 32 << 20

// readOnce runs compare on a file read once for every agent: its bytes,
// when they fit in heldMax, served from memory with the stats of the
// directories above it (reader.Snapshot, as the audit shares them). The
// agents then see one version of the file. If it changed while they read
// it, compare runs again on the disk itself, where a plan that meets the
// change between two calls says so (EndChanged).
func readOnce(ctx context.Context, path string, base reader.Request, run func(reader.Request) ([]*Row, error)) ([]*Row, error) {
	fsys := base.FS
	if fsys == nil {
		fsys = reader.OS{}
	}
	abs, err := Absolute(path, base)
	if err != nil {
		return run(base)
	}
	data, info, ok := reader.ReadOnce(fsys, abs, heldMax, nil)
	if !ok {
		return run(base)
	}
	shared := base
	stats := &reader.StatCache{}
	defer stats.Close()
	shared.FS = reader.Snapshot(fsys, stats, abs, data, info)
	rows, err := run(shared)
	if err != nil {
		return nil, err
	}
	if st, err := fsys.Stat(abs); err == nil && st.Size() == info.Size() && st.ModTime().Equal(info.ModTime()) {
		return rows, nil
	}
	return run(base)
}
