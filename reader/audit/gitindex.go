package audit

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"os"
)

// The fallback reads git's index itself, for its paths only, as
// gitformat-index(5) lays it out, rather than through go-git's decoder:
// that decoder refuses the two extensions whose signature is lower case
// ("link", a split index; "sdir", a sparse index) and, built as go-git
// ships, reads only 20-byte object names, so it cannot read the index of a
// SHA-256 repository. The paths, modes and object names are all the
// listing needs; the checksum is still checked.

// indexEntry is one entry of an index: a path, its mode (040000 for a
// sparse directory entry, whose path ends in "/"), and its object's name.
type indexEntry struct {
	name string
	mode uint32
	oid  []byte
}

// indexFile is what one index file holds for the listing.
type indexFile struct {
	entries []indexEntry
	link    *splitLink // a split index's "link" extension
	sparse  bool       // the "sdir" extension: it may hold directories
}

// indexReader reads an index file from the front, hashing what it reads.
type indexReader struct {
	r    *bufio.Reader
	h    hash.Hash
	off  int64
	name string
}

func (ir *indexReader) read(n int) ([]byte, error) {
	b := make([]byte, n)
	if _, err := io.ReadFull(ir.r, b); err != nil {
		return nil, ir.malformed("cut short")
	}
	ir.h.Write(b)
	ir.off += int64(n)
	return b, nil
}

func (ir *indexReader) uint32() (uint32, error) {
	b, err := ir.read(4)
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint32(b), nil
}

// until reads through the next delim, which it drops.
func (ir *indexReader) until(delim byte) ([]byte, error) {
	b, err := ir.r.ReadBytes(delim)
	if err != nil {
		return nil, ir.malformed("cut short")
	}
	ir.h.Write(b)
	ir.off += int64(len(b))
	return b[:len(b)-1], nil
}

func (ir *indexReader) malformed(why string) error {
	return fmt.Errorf("reading the git index %s without git: %s", ir.name, why)
}

// readIndexFile reads one index file whose object names are hashSize
// bytes long (20 for SHA-1, 32 for SHA-256).
func readIndexFile(name string, hashSize int) (*indexFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	ir := &indexReader{r: bufio.NewReaderSize(f, 64<<10), name: name, h: sha1.New()}
	if hashSize == sha256.Size {
		ir.h = sha256.New()
	}
	head, err := ir.read(12)
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(head[:4], []byte("DIRC")) {
		return nil, ir.malformed("no DIRC signature")
	}
	version := binary.BigEndian.Uint32(head[4:])
	if version < 2 || version > 4 {
		return nil, ir.malformed(fmt.Sprintf("index version %d", version))
	}
	count := binary.BigEndian.Uint32(head[8:])
	idx := &indexFile{}
	last := ""
	for i := uint32(0); i < count; i++ {
		e, err := ir.entry(version, hashSize, last)
		if err != nil {
			return nil, err
		}
		idx.entries = append(idx.entries, e)
		last = e.name
	}
	// The extensions, up to the checksum.
	for fi.Size()-ir.off > int64(hashSize) {
		sig, err := ir.read(4)
		if err != nil {
			return nil, err
		}
		size, err := ir.uint32()
		if err != nil {
			return nil, err
		}
		if int64(size) > fi.Size()-ir.off-int64(hashSize) {
			return nil, ir.malformed(fmt.Sprintf("extension %q runs past the end", sig))
		}
		data, err := ir.read(int(size))
		if err != nil {
			return nil, err
		}
		switch string(sig) {
		case "link":
			if idx.link, err = parseSplitLink(data, hashSize); err != nil {
				return nil, ir.malformed(err.Error())
			}
		case "sdir":
			idx.sparse = true
		default:
			// Upper case: optional, as the tree cache or the
			// untracked cache; lower case: needed, as git says.
			if sig[0] < 'A' || sig[0] > 'Z' {
				return nil, ir.malformed(fmt.Sprintf("it uses the extension %q, which readlens does not understand", sig))
			}
		}
	}
	want := ir.h.Sum(nil)
	sum := make([]byte, hashSize)
	if _, err := io.ReadFull(ir.r, sum); err != nil {
		return nil, ir.malformed("no checksum")
	}
	// index.skipHash writes zeros in place of the checksum.
	if !bytes.Equal(sum, want) && !bytes.Equal(sum, make([]byte, hashSize)) {
		return nil, ir.malformed("its checksum does not match")
	}
	return idx, nil
}

// entry reads one entry: 40 bytes of stat data and mode, the object name,
// the flags (and, from version 3, extended flags), then the path: NUL
// ended and padded to 8 bytes up to version 3; in version 4, a varint
// saying how many bytes of the previous path to drop, then the rest, NUL
// ended.
func (ir *indexReader) entry(version uint32, hashSize int, last string) (indexEntry, error) {
	fixed, err := ir.read(40 + hashSize + 2)
	if err != nil {
		return indexEntry{}, err
	}
	e := indexEntry{mode: binary.BigEndian.Uint32(fixed[24:28]), oid: fixed[40 : 40+hashSize]}
	n := len(fixed)
	if flags := binary.BigEndian.Uint16(fixed[40+hashSize:]); flags&0x4000 != 0 {
		if version < 3 {
			return e, ir.malformed("an extended entry in a version 2 index")
		}
		if _, err := ir.read(2); err != nil {
			return e, err
		}
		n += 2
	}
	if version == 4 {
		strip, err := ir.varint()
		if err != nil {
			return e, err
		}
		if strip > uint64(len(last)) {
			return e, ir.malformed("a path drops more than the previous one holds")
		}
		rest, err := ir.until(0)
		if err != nil {
			return e, err
		}
		e.name = last[:len(last)-int(strip)] + string(rest)
		return e, nil
	}
	name, err := ir.until(0)
	if err != nil {
		return e, err
	}
	e.name = string(name)
	n += len(name) + 1
	if pad := (8 - n%8) % 8; pad > 0 {
		if _, err := ir.read(pad); err != nil {
			return e, err
		}
	}
	return e, nil
}

// varint is git's offset varint: seven bits a byte, high bit set on all
// but the last, and one added at each continuation.
func (ir *indexReader) varint() (uint64, error) {
	b, err := ir.read(1)
	if err != nil {
		return 0, err
	}
	v := uint64(b[0] & 0x7f)
	for b[0]&0x80 != 0 {
		if v > 1<<56 {
			return 0, ir.malformed("a varint overflows")
		}
		if b, err = ir.read(1); err != nil {
			return 0, err
		}
		v = (v+1)<<7 | uint64(b[0]&0x7f)
	}
	return v, nil
}
