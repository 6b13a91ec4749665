package reader

import (
	"errors"
	"io"
)

// Some agents read small files beside the one asked for on every call:
// Gemini CLI the .gitignore of each directory above it. An audit's snapshot
// keeps such a file's bytes for the run, as it keeps its stats (the tree
// stands still while it is audited), when it is small enough that the
// run's bounded memory of answers stays small: smallFileMax bytes.
const smallFileMax = 4 << 10

// smallFiles is a file system that keeps the small files it reads.
type smallFiles interface {
	readSmall(name string) (data string, kept bool, err error)
}

// ReadSmall reads at most max bytes of the file name, through the run's
// memory of small files when fsys has one.
func ReadSmall(fsys FS, name string, max int64) ([]byte, error) {
	if s, ok := fsys.(smallFiles); ok {
		data, kept, err := s.readSmall(name)
		if kept || err != nil {
			return []byte(data[:min(int64(len(data)), max)]), err
		}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max))
}

// errNotKept says a file is larger than smallFileMax: it is read each time.
var errNotKept = errors.New("not kept")

func (s *snapshot) readSmall(name string) (string, bool, error) {
	a := s.cache.get(s.key('f', name), func() statAnswer {
		f, err := s.Open(name)
		if err != nil {
			return statAnswer{err: err}
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, smallFileMax+1))
		switch {
		case err != nil:
			return statAnswer{err: err}
		case len(b) > smallFileMax:
			return statAnswer{err: errNotKept}
		}
		return statAnswer{target: string(b)}
	})
	if a.err == errNotKept {
		return "", false, nil
	}
	return a.target, true, a.err
}
