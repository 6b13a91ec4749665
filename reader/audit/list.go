package audit

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/readlens/readlens/reader"
)

// The listing: git's files in a work tree, else a walk that follows no
// link; entries that are not regular files are skipped with their reason.

// list sends every entry under opts.Paths.
func list(ctx context.Context, opts Options, fsys reader.FS, send func(job) error) error {
	for _, p := range opts.Paths {
		// A PATH named is followed if it is a link: the person chose it.
		// Links met below it are not.
		fi, err := fsys.Stat(p)
		if err != nil {
			if err := send(job{abs: p, file: File{Path: rel(opts.Root, p), Skipped: reason(err)}}); err != nil {
				return err
			}
			continue
		}
		if !fi.IsDir() {
			if err := send(job{abs: p, explicit: true, file: File{Path: rel(opts.Root, p)}}); err != nil {
				return err
			}
			continue
		}
		if opts.Base.FS == nil {
			ok, err := opts.Git(ctx, p, func(r string) error { return sendListed(opts, fsys, filepath.Join(p, r), send) })
			if err != nil {
				return err
			}
			if ok {
				continue
			}
		}
		if err := walk(ctx, opts, fsys, p, send); err != nil {
			return err
		}
	}
	return nil
}

// sendListed sends a file git listed: a regular file to audit, anything
// else skipped with what it is.
func sendListed(opts Options, fsys reader.FS, abs string, send func(job) error) error {
	j := job{abs: abs, file: File{Path: rel(opts.Root, abs)}}
	fi, err := fsys.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		j.file.Skipped = "listed by git, not in the work tree (deleted)"
	case err != nil:
		j.file.Skipped = reason(err)
	case fi.IsDir():
		j.file.Skipped = "a directory (a submodule or a nested repository)"
	default:
		j.file.Skipped = modeReason(fi.Mode())
	}
	return send(j)
}

// walk sends every entry under dir, sorted by name as git lists them (so
// the output is the same on every file system), without following a
// symbolic link. It holds one directory's entries at a time for each level
// it is down.
func walk(ctx context.Context, opts Options, fsys reader.FS, dir string, send func(job) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	d, err := fsys.Open(dir)
	var entries []fs.DirEntry
	if err == nil {
		entries, err = d.ReadDir(-1)
		d.Close()
	}
	if err != nil {
		if err := send(job{abs: dir, file: File{Path: rel(opts.Root, dir), Skipped: "directory: " + reason(err)}}); err != nil {
			return err
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		abs := filepath.Join(dir, e.Name())
		if e.IsDir() {
			if err := walk(ctx, opts, fsys, abs, send); err != nil {
				return err
			}
			continue
		}
		j := job{abs: abs, file: File{Path: rel(opts.Root, abs)}}
		if e.Type()&fs.ModeType != 0 {
			j.file.Skipped = modeReason(e.Type())
		}
		if err := send(j); err != nil {
			return err
		}
	}
	return nil
}

// modeReason is why an entry that is not a regular file is skipped, or ""
// for a regular file.
func modeReason(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return ""
	case m&fs.ModeSymlink != 0:
		return "a symbolic link (not followed)"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a regular file"
}

// reason is an error's text without the path, which the entry names.
func reason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "does not exist"
	}
	return err.Error()
}

// rel is abs relative to root, or abs when it lies outside.
func rel(root, abs string) string {
	r, err := filepath.Rel(root, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return abs
	}
	return r
}
