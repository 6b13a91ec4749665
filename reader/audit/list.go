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

// list sends every entry under opts.Paths, each once: a PATH named twice,
// or a directory inside another one named, is listed once, and a file
// named is left out of the listing of a directory named with it.
func list(ctx context.Context, opts Options, fsys reader.FS, send func(job) error) error {
	paths, files := distinct(fsys, opts.Paths)
	sendListed := func(j job) error {
		if files[j.abs] {
			return nil // audited where it was named
		}
		return send(j)
	}
	for _, p := range paths {
		// A PATH named is followed if it is a link: the person chose it.
		// Links met below it are not.
		fi, err := fsys.Stat(p)
		if err != nil {
			why := reason(err)
			if li, lerr := fsys.Lstat(p); lerr == nil && li.Mode()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist) {
				why = "a symbolic link to nothing that exists"
			}
			if err := send(job{abs: p, file: File{Path: rel(opts.Root, p), Skipped: why}}); err != nil {
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
			ok, err := opts.Git(ctx, p, func(r string) error { return sendGitListed(opts, fsys, filepath.Join(p, r), sendListed) })
			if err != nil {
				return err
			}
			if ok {
				continue
			}
		}
		if err := walk(ctx, opts, fsys, p, sendListed); err != nil {
			return err
		}
	}
	return nil
}

// distinct is paths without those listed already by another: a repeat, or
// a directory that lies inside another directory of paths with no link
// between them (a link is followed when named, never in a listing). files
// are the paths that name something other than a directory.
func distinct(fsys reader.FS, paths []string) (out []string, files map[string]bool) {
	files = map[string]bool{}
	seen := map[string]bool{}
	isDir := func(p string) bool {
		fi, err := fsys.Stat(p)
		return err == nil && fi.IsDir()
	}
	for _, p := range paths {
		if seen[p] {
			continue
		}
		seen[p] = true
		if !isDir(p) {
			files[p] = true
		}
		out = append(out, p)
	}
	var kept []string // out stays whole: insideAnother reads it
	for _, p := range out {
		if !files[p] && insideAnother(fsys, p, out, files) {
			continue
		}
		kept = append(kept, p)
	}
	return kept, files
}

// insideAnother says the directory p lies within another directory of
// paths, and its real path is that directory's real path and the names
// between: no link on the way.
func insideAnother(fsys reader.FS, p string, paths []string, files map[string]bool) bool {
	real, ok := reader.RealPath(fsys, p)
	if !ok {
		return false
	}
	for _, q := range paths {
		if q == p || files[q] {
			continue
		}
		r, err := filepath.Rel(q, p)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			continue
		}
		if qreal, ok := reader.RealPath(fsys, q); ok && filepath.Join(qreal, r) == real {
			return true
		}
	}
	return false
}

// sendGitListed sends a file git listed: a regular file to audit, anything
// else skipped with what it is.
func sendGitListed(opts Options, fsys reader.FS, abs string, send func(job) error) error {
	j := job{abs: abs, file: File{Path: rel(opts.Root, abs)}}
	fi, err := fsys.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		j.file.Skipped = "listed by git, not in the work tree (deleted)"
	case err != nil:
		j.file.Skipped = reason(err)
	case fi.IsDir():
		j.file.Skipped = "a directory (a submodule or a nested repository)"
		if _, err := fsys.Lstat(filepath.Join(abs, ".git")); err != nil {
			j.file.Skipped = "a directory, where git's index has a file"
		}
	default:
		j.file.Skipped = modeReason(fi.Mode())
		j.regular = fi.Mode().IsRegular()
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
		j := job{abs: abs, file: File{Path: rel(opts.Root, abs)}, regular: e.Type().IsRegular()}
		if !j.regular {
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
