package reader

import (
	"bytes"
	"io"
	"io/fs"
	"strings"
	"sync"
	"syscall"
)

// readlens audit asks every agent's read tool about the same file, one after
// the other, and each call stats the same directories (realpath, the git
// worktree, instruction files) and reads the same bytes. Snapshot lets the
// audit read a file once and hand that one reading to every call, through
// the engine's own FS seam: each call still runs reader.Read from start to
// end, and only where the bytes and the stats come from changes.
//
// A snapshot assumes the tree stands still while it is audited: a Stat,
// Lstat or Readlink answer is kept for the whole run (StatCache), and the
// audited file's bytes are the ones read when its turn came.

// StatCache keeps Stat, Lstat and Readlink answers across the calls of a
// run. It is bounded: when the current generation holds Max entries it
// becomes the old one and the one before is dropped, so a tree of any size
// holds at most 2*Max answers, and the ones still asked for (the
// directories near the files being audited) are carried forward.
//
// It also keeps, for the run, the view of each directory a profile confines
// its reads to (os.Root on the disk): opened once, where each call opened
// and closed one of its own. Close releases them. A StatCache serves one
// file system: its answers are keyed by name alone.
type StatCache struct {
	Max int // entries per generation; 0 is 4096

	mu       sync.Mutex
	cur, old map[statKey]statAnswer
	within   map[string]confined
}

type confined struct {
	in    FS
	close func()
}

// beneath is fsys confined to dir, opened on the first call that asks.
func (c *StatCache) beneath(fsys FS, dir string) (FS, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.within[dir]; ok {
		return v.in, nil
	}
	in, done, err := beneath(fsys, dir)
	if err != nil {
		return nil, err // asked again by the next call, as the disk may change
	}
	if c.within == nil {
		c.within = map[string]confined{}
	}
	c.within[dir] = confined{in, done}
	return in, nil
}

// Close releases the confined views the run opened.
func (c *StatCache) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, v := range c.within {
		v.close()
	}
	c.within = nil
}

type statKey struct {
	op   byte // 's'tat, 'l'stat, 'r'eadlink, real'p'ath, stat 'e'ach
	name string
}

type statAnswer struct {
	fi     fs.FileInfo
	target string
	err    error
	each   []Stated // StatEach's
}

func (c *StatCache) get(k statKey, ask func() statAnswer) statAnswer {
	c.mu.Lock()
	if a, ok := c.cur[k]; ok {
		c.mu.Unlock()
		return a
	}
	a, ok := c.old[k]
	c.mu.Unlock()
	if !ok {
		a = ask() // outside the lock: two workers may both ask, and agree
	}
	c.put(k, a)
	return a
}

func (c *StatCache) put(k statKey, a statAnswer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	max := c.Max
	if max <= 0 {
		max = 4096
	}
	if len(c.cur) >= max || c.cur == nil {
		// Not sized to max: a compare asks a few dozen names, and a map of
		// 4096 entries made and cleared was a tenth of its own work.
		c.old, c.cur = c.cur, make(map[statKey]statAnswer)
	}
	c.cur[k] = a
}

// Lstat is fsys's Lstat of name, answered and kept as a snapshot's are:
// an audit looks at each file before its calls do, and the calls that
// look again (Claude Code walks the file's real path) find it kept.
func (c *StatCache) Lstat(fsys FS, name string) (fs.FileInfo, error) {
	a := c.get(statKey{'l', name}, func() statAnswer {
		fi, err := fsys.Lstat(name)
		return statAnswer{fi: fi, err: err}
	})
	return a.fi, a.err
}

// KeepLstat keeps fi as name's Lstat, as if Lstat had asked: an audit that
// opened the file without following a link (OpenListed) has it already.
func (c *StatCache) KeepLstat(name string, fi fs.FileInfo) {
	c.put(statKey{'l', name}, statAnswer{fi: fi})
}

// Snapshot is fsys with path's bytes already read: Open of path serves
// data (nil: path is opened on fsys, as any other name), and its Stat is
// info, the open file's own. Every other Stat, Lstat and Readlink is
// answered through cache. The returned FS can do what fsys can: read links,
// probe special files, confine a read beneath a directory. data must not
// change while the FS is used: the engine cuts it into lines in place.
func Snapshot(fsys FS, cache *StatCache, path string, data []byte, info fs.FileInfo) FS {
	return wrapSnapshot(&snapshot{fsys: fsys, cache: cache, path: path, data: data, info: info, shape: &plainShape{}, decoded: &decodedLines{}})
}

// ReadOnce reads the regular file at path whole when it holds at most max
// bytes, for Snapshot: data and the open file's stat, or ok false when it
// is larger, not a regular file, changed while it was read, or could not be
// read (then every call meets that on the disk itself, in its own words).
// lstat is path's Lstat when the caller has it, or nil.
func ReadOnce(fsys FS, path string, max int64, lstat fs.FileInfo) (data []byte, info fs.FileInfo, ok bool) {
	// Look before opening: a device may act on being opened, and only the
	// engine's own probe should open one. A regular file's Lstat is its
	// Stat: no link to follow.
	st := lstat
	if st == nil || !st.Mode().IsRegular() {
		var err error
		if st, err = fsys.Stat(path); err != nil {
			return nil, nil, false
		}
	}
	if !st.Mode().IsRegular() || st.Size() > max || st.Size() == 0 {
		return nil, nil, false
	}
	f, err := fsys.Open(path)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return nil, nil, false
	}
	data, info = ReadOpen(f, info, max)
	return data, info, data != nil
}

// ReadOpen is ReadOnce of a file already open: f read whole when info, its
// stat, says it is a regular file of at most max bytes, with info; nil and
// nil when it is not, or changed while it was read. f stays open.
func ReadOpen(f File, info fs.FileInfo, max int64) ([]byte, fs.FileInfo) {
	if !info.Mode().IsRegular() || info.Size() > max || info.Size() == 0 {
		// A file of size 0 may be a /proc file with content: the engine
		// probes those itself.
		return nil, nil
	}
	data := make([]byte, info.Size()+1) // one more, to see it grew
	// A regular file read short is at its end: one read where io.ReadFull
	// would make a second to hear so, a syscall in six of a small file's.
	n, err := f.Read(data)
	if err == nil && int64(n) < info.Size() {
		var more int
		more, err = io.ReadFull(f, data[n:])
		n += more
	}
	if (err != nil && err != io.EOF && err != io.ErrUnexpectedEOF) || int64(n) != info.Size() {
		return nil, nil
	}
	return data[:n], info
}

type snapshot struct {
	fsys  FS
	cache *StatCache
	path  string
	data  []byte
	info  fs.FileInfo
	shape *plainShape // the held bytes' shape, surveyed once for all the agents
	// decoded are the held bytes' lines that were not UTF-8, decoded once
	// for all the agents.
	decoded *decodedLines
	// within is set on a view confined to that directory: its Stat and
	// Lstat go to that view, which checks every step, and are cached apart
	// from the unconfined answers (a name may be reachable one way only).
	// outer is then the file system the view confines.
	within string
	outer  FS
}

func (s *snapshot) held(name string) bool { return s.data != nil && name == s.path }

func (s *snapshot) Open(name string) (File, error) {
	if s.held(name) {
		return &heldFile{Reader: bytes.NewReader(s.data), data: s.data, info: s.info, shape: s.shape, decoded: s.decoded}, nil
	}
	return s.fsys.Open(name)
}

func (s *snapshot) Stat(name string) (fs.FileInfo, error) {
	if s.held(name) && (s.within == "" || s.plainlyBeneath(name)) {
		return s.info, nil
	}
	a := s.cache.get(s.key('s', name), func() statAnswer {
		fi, err := s.fsys.Stat(name)
		return statAnswer{fi: fi, err: err}
	})
	return a.fi, a.err
}

func (s *snapshot) Lstat(name string) (fs.FileInfo, error) {
	a := s.cache.get(s.key('l', name), func() statAnswer {
		fi, err := s.fsys.Lstat(name)
		return statAnswer{fi: fi, err: err}
	})
	return a.fi, a.err
}

// key is the cache's key for an answer about name: a confined view's are
// its own, named by the directory it is confined to.
func (s *snapshot) key(op byte, name string) statKey {
	if s.within != "" {
		return statKey{op, s.within + "\x00" + name}
	}
	return statKey{op, name}
}

// statEach is StatEach's answer for names in dir, kept for the run; the
// names' stats are the snapshot's own.
func (s *snapshot) statEach(dir string, names Names) []Stated {
	return s.cache.get(s.key('e', dir+"\x00"+names.key), func() statAnswer {
		return statAnswer{each: statEach(wrapSnapshot(s), dir, names)}
	}).each
}

func (s *snapshot) readlink(name string) (string, error) {
	a := s.cache.get(s.key('r', name), func() statAnswer {
		t, err := s.fsys.(Readlinker).Readlink(name)
		return statAnswer{target: t, err: err}
	})
	return a.target, a.err
}

// realpath is nodeRealpath's answer for p, kept for the run with the stats
// it was walked from: an audit asks it of the working directory on every
// call, and of each file once for every agent.
func (s *snapshot) realpath(p string) (string, error) {
	a := s.cache.get(s.key('p', p), func() statAnswer {
		r, err := walkRealpath(wrapSnapshot(s), p)
		return statAnswer{target: r, err: err}
	})
	return a.target, a.err
}

// beneath confines the snapshot as the engine confines fsys (os.Root on the
// disk): the view's stats are the confined file system's own, checked at
// every step when first asked and then kept for the run as every stat of
// a snapshot is, and only the held file's bytes still come from memory.
// The confined view is the run's, kept in its StatCache.
func (s *snapshot) beneath(dir string) (FS, func(), error) {
	in, err := s.cache.beneath(s.fsys, dir)
	if err != nil {
		return nil, nil, err
	}
	v := *s
	v.fsys, v.within, v.outer = in, dir, s.fsys
	return wrapSnapshot(&v), func() {}, nil // the cache closes it
}

// plainlyBeneath says a confined view finds name where the disk does:
// name lies beneath the view's directory by its letters, and no link is
// on its way (its real path, which the run keeps, is itself), so the
// view's check of every step (an open of each directory on the disk) ends
// at the file the snapshot holds.
func (s *snapshot) plainlyBeneath(name string) bool {
	if !strings.HasPrefix(name, s.within) || !(strings.HasSuffix(s.within, "/") || strings.HasPrefix(name[len(s.within):], "/")) {
		return false
	}
	u := *s
	u.fsys, u.within, u.outer = s.outer, "", nil
	real, err := u.realpath(name)
	return err == nil && real == name
}

// The snapshot reads links and probes special files only where fsys does:
// the engine asks by type assertion, so each combination is its own type.

type snapshotLinks struct{ *snapshot }

func (s snapshotLinks) Readlink(name string) (string, error) { return s.readlink(name) }

type snapshotProbes struct{ *snapshot }

func (s snapshotProbes) probe(name string, st fs.FileInfo) Probe {
	return s.fsys.(prober).probe(name, st)
}

type snapshotBoth struct{ *snapshot }

func (s snapshotBoth) Readlink(name string) (string, error) { return s.readlink(name) }
func (s snapshotBoth) probe(name string, st fs.FileInfo) Probe {
	return s.fsys.(prober).probe(name, st)
}

func wrapSnapshot(s *snapshot) FS {
	_, links := s.fsys.(Readlinker)
	_, probes := s.fsys.(prober)
	switch {
	case links && probes:
		return snapshotBoth{s}
	case links:
		return snapshotLinks{s}
	case probes:
		return snapshotProbes{s}
	}
	return s
}

// heldFile is the held bytes, opened.
type heldFile struct {
	*bytes.Reader
	data    []byte // all of them: the scanner cuts lines from them in place
	info    fs.FileInfo
	shape   *plainShape
	decoded *decodedLines
}

// offset is how many of the bytes have been read.
func (h *heldFile) offset() int { return len(h.data) - h.Len() }

func (h *heldFile) Close() error                       { return nil }
func (h *heldFile) Stat() (fs.FileInfo, error)         { return h.info, nil }
func (h *heldFile) ReadDir(int) ([]fs.DirEntry, error) { return nil, syscall.ENOTDIR }
