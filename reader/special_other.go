//go:build !unix

package reader

import "io/fs"

// Where there is no unix, readlens does not read a device to see what it
// holds (a console would wait for keys), and the agents' tools were not
// recorded there: a device is answered as one the agent would not come
// back from.

func (OS) probe(path string, st fs.FileInfo) Probe {
	return probeFile(path, st, func(use func(fd int)) error {
		use(-1)
		return nil
	})
}

func probeFd(_ int, _, what string) Probe { return Probe{What: what, Waits: true} }
