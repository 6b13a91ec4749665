package audit

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
)

// A split index (core.splitIndex) keeps most entries in a shared index,
// $GIT_DIR/sharedindex.<name>, and writes to .git/index only what changed
// since: its "link" extension names the shared index and carries two EWAH
// bitmaps over the shared index's entries, the entries deleted and the
// entries replaced. The first entries of .git/index replace the marked
// ones, in order; the rest are added. A replacement keeps its path (git
// may even leave it empty to save space), so for the paths: the shared
// index's, less the deleted, plus the added.

// splitLink is a split index's "link" extension, its bitmaps still
// encoded: they are read against the shared index's length.
type splitLink struct {
	shared  []byte // the shared index's checksum; all zeros: none
	bitmaps []byte // the deleted entries', then the replaced entries'
}

func parseSplitLink(data []byte, hashSize int) (*splitLink, error) {
	if len(data) < hashSize {
		return nil, errors.New(`a "link" extension cut short`)
	}
	return &splitLink{shared: data[:hashSize], bitmaps: data[hashSize:]}, nil
}

// readEWAH decodes git's EWAH bitmap (ewah/ewah_io.c) into the positions
// of its set bits below limit: the bit count, the count of 64-bit words,
// the words, then the position of the last marker word. Each marker word
// says, in bit 0, the value of a run; in bits 1 to 32, how many words the
// run fills; in bits 33 to 63, how many literal words follow it.
func readEWAH(b []byte, limit uint64) (set map[uint64]bool, rest []byte, err error) {
	if len(b) < 8 {
		return nil, nil, errors.New("an EWAH bitmap cut short")
	}
	words := uint64(binary.BigEndian.Uint32(b[4:]))
	if uint64(len(b)-8) < words*8+4 {
		return nil, nil, errors.New("an EWAH bitmap cut short")
	}
	w := b[8 : 8+words*8]
	rest = b[8+words*8+4:]
	set = map[uint64]bool{}
	pos := uint64(0)
	for i := uint64(0); i < words && pos < limit; {
		marker := binary.BigEndian.Uint64(w[i*8:])
		i++
		run := (marker >> 1) & (1<<32 - 1)
		literals := marker >> 33
		if marker&1 != 0 {
			for p := pos; p < min(pos+run*64, limit); p++ {
				set[p] = true
			}
		}
		pos += run * 64
		if literals > words-i {
			return nil, nil, errors.New("an EWAH bitmap's literals run past its end")
		}
		for ; literals > 0; literals-- {
			lit := binary.BigEndian.Uint64(w[i*8:])
			i++
			for bit := uint64(0); bit < 64 && pos+bit < limit; bit++ {
				if lit&(1<<bit) != 0 {
					set[pos+bit] = true
				}
			}
			pos += 64
		}
	}
	return set, rest, nil
}

// joinSplitIndex reads the shared index idx links to (in gitDir, where git
// writes it) and gives the entries of the whole index.
func joinSplitIndex(idx *indexFile, gitDir string, hashSize int) ([]indexEntry, error) {
	l := idx.link
	if bytes.Equal(l.shared, make([]byte, hashSize)) {
		return idx.entries, nil
	}
	name := filepath.Join(gitDir, "sharedindex."+hex.EncodeToString(l.shared))
	shared, err := readIndexFile(name, hashSize)
	if err != nil {
		return nil, fmt.Errorf("the split index's shared index: %w", err)
	}
	if shared.link != nil {
		return nil, fmt.Errorf("%s: a shared index that links to another", name)
	}
	n := uint64(len(shared.entries))
	deleted, replaced := map[uint64]bool{}, map[uint64]bool{}
	if len(l.bitmaps) > 0 {
		var rest []byte
		if deleted, rest, err = readEWAH(l.bitmaps, n); err == nil {
			replaced, _, err = readEWAH(rest, n)
		}
		if err != nil {
			return nil, fmt.Errorf("reading the split index without git: %v", err)
		}
	}
	if len(replaced) > len(idx.entries) {
		return nil, fmt.Errorf("the split index replaces %d entries and holds %d", len(replaced), len(idx.entries))
	}
	var all []indexEntry
	k := 0
	for i, e := range shared.entries {
		if replaced[uint64(i)] {
			r := idx.entries[k]
			k++
			if r.name == "" {
				r.name = e.name
			}
			e = r
		}
		if !deleted[uint64(i)] {
			all = append(all, e)
		}
	}
	return append(all, idx.entries[k:]...), nil
}
