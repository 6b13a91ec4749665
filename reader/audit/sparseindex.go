package audit

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// A sparse index (index.sparse, with a cone-mode sparse checkout) holds,
// for a directory outside the cone, one entry: its path with a trailing
// "/", mode 040000, and its tree object's name. `git ls-files` expands it
// to the files in that tree before listing, so the fallback reads the
// trees from the repository's objects, loose or packed, with go-git's
// object storage (which only reads), and parses them itself: a tree is
// entries of an octal mode, a space, a name, a NUL and the object's name.

// sparseDirMode is the mode of a sparse directory entry.
const sparseDirMode = 0o40000

// gitlinkMode is a submodule's mode in a tree.
const gitlinkMode = "160000"

// expandSparse replaces each sparse directory entry by the paths of the
// tree it names, read from commonDir's objects.
func expandSparse(entries []indexEntry, commonDir string, hashSize int) ([]indexEntry, error) {
	var st *filesystem.Storage
	var out []indexEntry
	for _, e := range entries {
		if e.mode != sparseDirMode || !strings.HasSuffix(e.name, "/") {
			out = append(out, e)
			continue
		}
		if hashSize != len(plumbing.ZeroHash) {
			return nil, fmt.Errorf("%s: a sparse index in a SHA-256 repository: without git, readlens cannot read its trees (go-git v5, as built, reads SHA-1 objects only)", commonDir)
		}
		if st == nil {
			st = filesystem.NewStorage(osfs.New(commonDir), cache.NewObjectLRU(4*cache.MiByte))
		}
		var err error
		if out, err = appendTree(out, st, e.name, e.oid, 0); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// maxExpanded bounds the paths a sparse index may expand to, so that a
// hostile tree (one tree named a million times over) cannot take all the
// memory; it is far beyond any real repository's count of files.
const maxExpanded = 1 << 24

// maxTreeDepth bounds the recursion over a hostile tree, as git's
// core.maxTreeDepth bounds its own.
const maxTreeDepth = 4096

// appendTree adds the paths in the tree oid, under prefix (which ends in
// "/"), in the tree's order, which is the index's.
func appendTree(out []indexEntry, st *filesystem.Storage, prefix string, oid []byte, depth int) ([]indexEntry, error) {
	if depth > maxTreeDepth {
		return nil, fmt.Errorf("reading the tree of %s without git: deeper than %d", prefix, maxTreeDepth)
	}
	var h plumbing.Hash
	copy(h[:], oid)
	obj, err := st.EncodedObject(plumbing.TreeObject, h)
	if err != nil {
		return nil, fmt.Errorf("reading the tree %s of the sparse directory %s without git: %v", h, prefix, err)
	}
	rc, err := obj.Reader()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	r := bufio.NewReader(rc)
	for {
		mode, err := r.ReadString(' ')
		if err == io.EOF && mode == "" {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("the tree %s is malformed", h)
		}
		name, err := r.ReadBytes(0)
		if err != nil {
			return nil, fmt.Errorf("the tree %s is malformed", h)
		}
		name = name[:len(name)-1]
		if len(name) == 0 || bytes.ContainsRune(name, '/') {
			return nil, fmt.Errorf("the tree %s holds the name %q", h, name)
		}
		child := make([]byte, len(h))
		if _, err := io.ReadFull(r, child); err != nil {
			return nil, fmt.Errorf("the tree %s is malformed", h)
		}
		path := prefix + string(name)
		switch mode = strings.TrimSuffix(mode, " "); {
		case mode == "40000":
			if out, err = appendTree(out, st, path+"/", child, depth+1); err != nil {
				return nil, err
			}
		case mode == gitlinkMode || strings.HasPrefix(mode, "100") || mode == "120000":
			if len(out) >= maxExpanded {
				return nil, fmt.Errorf("the sparse index expands to more than %d paths", maxExpanded)
			}
			out = append(out, indexEntry{name: path, oid: child})
		default:
			return nil, fmt.Errorf("the tree %s holds the mode %q", h, mode)
		}
	}
}
