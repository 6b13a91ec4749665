package reader

import (
	"io"
	"io/fs"
	"unicode/utf8"

	"github.com/readlens/readlens/reader/node"
)

// entries lists a directory in directory order, marking directories and
// links to directories as the agents do. The directory is read through in;
// where its links lead is looked up in fsys, as the agents look.
func entries(in, fsys FS, dir string) ([]Entry, error) {
	var out []Entry
	err := eachEntry(in, dir, func(d fs.DirEntry) {
		e := Entry{Name: decodeName(d.Name()), Dir: d.IsDir()}
		// A link is followed by its decoded name, as the agents only have
		// that: a name that is not UTF-8 names another file, or none.
		if d.Type()&fs.ModeSymlink != 0 {
			if st, err := fsys.Stat(node.Join(dir, e.Name)); err == nil && st.IsDir() {
				e.Dir = true
			}
		}
		out = append(out, e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DirNames lists a directory's names in directory order.
func DirNames(fsys FS, dir string) ([]string, error) {
	var out []string
	err := eachEntry(fsys, dir, func(d fs.DirEntry) { out = append(out, decodeName(d.Name())) })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachEntry calls fn on a directory's entries in directory order, a batch
// at a time: a listing of 300,000 entries never holds them all as
// fs.DirEntry values, only what fn keeps of them.
func eachEntry(fsys FS, dir string, fn func(fs.DirEntry)) error {
	d, err := fsys.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	for {
		des, err := d.ReadDir(dirBatch)
		for _, de := range des {
			fn(de)
		}
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		case len(des) == 0:
			return io.ErrNoProgress
		}
	}
}

const dirBatch = 4096

// decodeName decodes a file name as Node and Bun do: bytes that are not
// UTF-8 become U+FFFD.
func decodeName(name string) string {
	if utf8.ValidString(name) {
		return name // no copy: a listing holds each name once
	}
	s, _ := decodeUTF8([]byte(name))
	return s
}
