package audit

import (
	"io/fs"

	"github.com/readlens/readlens/reader"
)

// roomMax is the most file, in bytes, audited at once across the workers.
// A call may hold several times its file when the file's lines are long:
// envelope shows a line whole, so a 30 MB line of binary bytes costs its
// bytes, the 90 MB of U+FFFD they decode to and the answer made of them.
// With a worker a core, a folder of such files took 0.5 GB on two cores
// and 1.5 GB on eight; weighed by their sizes, files wait for room, so the
// peak no longer grows with the cores. A file larger than roomMax takes all
// of it and is audited alone. Most files are a small part of it: Go's own
// source tree has none over 3 MB.
const roomMax = 32 << 20

// weight is what a file takes of roomMax: its size, as a call would find
// it (a link followed), or nothing for what is not a regular file.
func weight(fsys reader.FS, abs string, lstat fs.FileInfo) int64 {
	st := lstat
	if st == nil || !st.Mode().IsRegular() {
		var err error
		if st, err = fsys.Stat(abs); err != nil {
			return 0
		}
	}
	if !st.Mode().IsRegular() {
		return 0
	}
	return min(max(st.Size(), 0), roomMax)
}

// heldMax is the most of one file a worker holds for its profiles to share:
// 64 MiB across all workers, at most 8 MiB a file. A larger file is read
// from the disk by each profile, as it would be anyway.
func heldMax(workers int) int64 {
	return min(8<<20, (64<<20)/int64(max(workers, 1)))
}
