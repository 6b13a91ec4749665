package reader

import (
	"io/fs"
	"os"
	"path"
	"sync"
)

// os.Root walks a name from its directory one component at a time, an
// open and a close for each: confined stats of a deep tree were the most
// of an audit's system calls (Gemini CLI and envelope stat every file
// through their roots). subRoots keeps a few of the directories the last
// names lay in, opened through the root, so a stat of a name among them is
// one call. A name is never answered by a directory unless the root would
// answer it the same: anything but success there (a link that leaves the
// directory, a handle closed meanwhile) asks the root itself.
type subRoots struct {
	mu   sync.Mutex
	dirs [subRootsKept]subRoot
	next int // the slot the next directory takes
}

// subRootsKept is how many directories are kept: an audit lists a tree
// directory by directory, so its workers are in one or two at a time.
const subRootsKept = 8

type subRoot struct {
	rel  string // relative to the root; "" for a free slot
	root *os.Root
}

// stat answers name (relative to root, cleaned) from its directory's
// handle: ok is false when it cannot, and the root must.
func (s *subRoots) stat(root *os.Root, rel string, follow bool) (fs.FileInfo, bool) {
	dir, base := path.Split(rel)
	if dir == "" || base == "" {
		return nil, false // at the root itself: nothing to save
	}
	dir = dir[:len(dir)-1]
	sub := s.open(root, dir)
	if sub == nil {
		return nil, false
	}
	var st fs.FileInfo
	var err error
	if follow {
		st, err = sub.Stat(base)
	} else {
		st, err = sub.Lstat(base)
	}
	return st, err == nil
}

// open is dir's handle, kept or opened now; nil when it cannot be opened.
func (s *subRoots) open(root *os.Root, dir string) *os.Root {
	s.mu.Lock()
	for _, d := range s.dirs {
		if d.rel == dir {
			s.mu.Unlock()
			return d.root
		}
	}
	s.mu.Unlock()
	sub, err := root.OpenRoot(dir)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.dirs[s.next]
	s.dirs[s.next] = subRoot{rel: dir, root: sub}
	s.next = (s.next + 1) % subRootsKept
	if old.root != nil {
		// A stat on it right now fails and asks the root instead.
		old.root.Close()
	}
	return sub
}

// close releases every kept handle.
func (s *subRoots) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, d := range s.dirs {
		if d.root != nil {
			d.root.Close()
		}
		s.dirs[i] = subRoot{}
	}
}
