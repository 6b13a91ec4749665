package reader

import (
	"io/fs"
	"strings"

	"github.com/readlens/readlens/reader/node"
)

// Names is a list of file names a tool looks for in each directory of a
// path, such as opencode's instruction files, made once.
type Names struct {
	list []string
	key  string // the names joined, for a snapshot's cache
}

// NewNames makes a Names of names.
func NewNames(names ...string) Names {
	return Names{list: names, key: strings.Join(names, "\x00")}
}

// Stated is one name's Stat in a directory.
type Stated struct {
	Path string // the directory and the name, as node.Join makes them
	Info fs.FileInfo
	Err  error
}

// StatEach is fsys's Stat of each of names in dir, in their order. A
// snapshot keeps the answer for the run: an audit asks it of every
// directory above every file, once for each agent that looks, and made a
// path and a lookup of each name where one lookup of the directory does.
// The slice is shared: do not change it.
func StatEach(fsys FS, dir string, names Names) []Stated {
	if s, ok := fsys.(interface{ statEach(string, Names) []Stated }); ok {
		return s.statEach(dir, names)
	}
	return statEach(fsys, dir, names)
}

func statEach(fsys FS, dir string, names Names) []Stated {
	out := make([]Stated, len(names.list))
	for i, name := range names.list {
		p := node.Join(dir, name)
		fi, err := fsys.Stat(p)
		out[i] = Stated{Path: p, Info: fi, Err: err}
	}
	return out
}
