package reader

import (
	"errors"
	"io/fs"
)

// NoFollowOpener is an FS that opens a name without following a link in
// its place, and never blocks (OS: O_NOFOLLOW, O_NONBLOCK).
type NoFollowOpener interface {
	OpenNoFollow(name string) (File, error)
}

// OpenListed opens path, which a directory listing has just found to be a
// regular file, and stats the open file: that stat is path's Lstat, since
// no link was followed to it, and the Lstat an audit made before opening
// each file was a system call in six. f is nil, and err too, when fsys
// cannot open without following links, or path is no longer a regular
// file: the caller then looks as it would have, Lstat first. A name gone
// since the listing is fs.ErrNotExist.
func OpenListed(fsys FS, path string) (f File, lstat fs.FileInfo, err error) {
	o, ok := fsys.(NoFollowOpener)
	if !ok {
		return nil, nil, nil
	}
	if f, err = o.OpenNoFollow(path); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fs.ErrNotExist
		}
		return nil, nil, nil // a link now (ELOOP), or unreadable: looked at again
	}
	if lstat, err = f.Stat(); err != nil || !lstat.Mode().IsRegular() {
		f.Close()
		return nil, nil, nil
	}
	return f, lstat, nil
}
