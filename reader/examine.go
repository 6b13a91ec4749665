package reader

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/readlens/readlens/reader/node"
)

// examine runs the pipeline's middle: stat and classify the path, detect
// media and binary files, then decode and window text.
func examine(ctx context.Context, fsys FS, p *Plan) (f Found) {
	defer func() { f.examined = true }()
	// in is what the plan's own path is read through: confined to
	// p.Within when the profile checked the path against it (beneath.go).
	in, done, err := beneath(fsys, p.Within)
	if err != nil {
		f.Kind, f.Err = KindMissing, err
		return f
	}
	defer done()
	st, err := in.Stat(p.Path)
	if err == nil && st.IsDir() && p.Dir == DirMissing {
		err = &fs.PathError{Op: "stat", Path: p.Path, Err: syscall.EISDIR}
	}
	if escaped(&f, err) {
		return f
	}
	if err != nil {
		f.Kind, f.Err = KindMissing, err
		if p.Near {
			dir := p.NearDir
			if dir == "" {
				dir = node.Dirname(p.Path)
			}
			f.Siblings, f.SiblingsErr = DirNames(fsys, dir)
		}
		return f
	}
	f.Mode, f.Size, f.ModTime = st.Mode(), st.Size(), st.ModTime()
	switch {
	case st.IsDir():
		f.Kind = KindDir
		if p.Dir == DirList {
			f.Entries, f.Err = entries(in, fsys, p.Path)
			escaped(&f, f.Err)
		}
		return f
	}

	f.Kind = KindFile
	if p.MaxSize > 0 && !p.SizeOnRead && st.Mode().IsRegular() && f.Size > p.MaxSize {
		f.TooLarge = true
		return f
	}
	var file File
	if pr, ok := in.(prober); ok && (!st.Mode().IsRegular() || st.Size() == 0) {
		// A device, a FIFO, or a /proc file reporting size 0: look without
		// blocking. What ends is read like any file; the rest is a note.
		probe := pr.probe(p.Path, st)
		if escaped(&f, probe.Err) {
			return f
		}
		f.Probe = &probe
		switch {
		case probe.Err != nil:
			f.Err = probe.Err // the agent's open fails the same way
			return f
		case !probe.Ends:
			f.Kind = KindSpecial
			return f
		}
		file = dataFile(probe.Data)
	} else if !st.Mode().IsRegular() {
		f.Kind = KindSpecial
		return f
	} else {
		var err error
		if file, err = in.Open(p.Path); err != nil {
			if !escaped(&f, err) {
				f.Err = err
			}
			return f
		}
		defer file.Close()
		// The path may have been replaced since the stat: trust the open file.
		if st, err = file.Stat(); err != nil || !st.Mode().IsRegular() {
			f.Kind, f.Err = KindSpecial, err
			return f
		}
	}
	n := p.Sample
	if p.SampleBySize {
		n = int(min(int64(n), f.Size))
	}
	sample, err := readSample(file, n)
	f.BytesRead = int64(len(sample))
	if err != nil && err != io.EOF && !errors.Is(err, io.ErrUnexpectedEOF) {
		f.Err = err
		return f
	}
	f.Sample = sample
	if p.Whole > 0 {
		f.Data, f.DataCut, err = readWhole(sample, file, p.Whole)
		f.BytesRead = int64(len(f.Data))
		f.Err = err
		return f
	}

	// With SizeOnRead the tool refuses a large file when it reads it whole,
	// an image as much as text: st is the open file's own stat.
	tooLarge := p.MaxSize > 0 && p.SizeOnRead && f.Probe == nil && st.Size() > p.MaxSize
	if p.Media != nil {
		if mime := p.Media(sample, p.Path); mime != "" {
			if tooLarge {
				f.Size, f.TooLarge = st.Size(), true
				return f
			}
			f.Media, f.Image, f.MediaData, f.Err = attach(mime, sample, file, st.Size(), p)
			if f.Media != nil {
				f.BytesRead = f.Media.Size
			}
			return f
		}
	}
	if p.Blocklist {
		if f.Blocked = blockedName(p.Path); f.Blocked != "" {
			return f
		}
	}
	if p.Binary != nil && p.Binary(sample, p.Path) {
		f.Binary = true
		return f
	}
	if tooLarge {
		f.Size, f.TooLarge = st.Size(), true
		return f
	}
	if pg, cut, ok := plainWhole(p, file, sample, f.Size); ok {
		f.Plain, f.PlainCut = &pg, cut
		return f
	}
	f.Page = readText(ctx, file, sample, p, bufferFor(f.Size), f.Size, f.ModTime, &f.BytesRead)
	f.Page.noWords = p.noWords
	f.Extras = readExtras(fsys, p.Extras, p.Text)
	return f
}

// escaped records an error that says the path left Plan.Within: the tree
// changed since the profile checked it, and nothing is read.
func escaped(f *Found, err error) bool {
	if !errors.Is(err, ErrOutside) {
		return false
	}
	*f = Found{Kind: KindMissing, Err: err, Escaped: true}
	return true
}

// readSample reads the first n bytes of the file, or all of a shorter
// one. A file held in memory lends its own bytes, capped so that nothing
// appended to the sample lands in them: an audit asks ten agents for a
// sample of each file.
func readSample(file File, n int) ([]byte, error) {
	if h, ok := file.(*heldFile); ok && h.offset() == 0 {
		n = min(n, len(h.data))
		if _, err := h.Seek(int64(n), io.SeekStart); err != nil {
			return nil, err
		}
		return h.data[:n:n], nil
	}
	sample := make([]byte, n)
	n, err := io.ReadFull(file, sample)
	return sample[:n], err
}

// readText decodes and windows a file whose first bytes are sample.
func readText(ctx context.Context, file File, sample []byte, p *Plan, bufSize int, size int64, mod time.Time, read *int64) *Page {
	// Count what comes off the disk, not what the scanner sees: the sample
	// is already counted, and decoding changes the length.
	held, _ := file.(*heldFile)
	counted := &countingFile{File: file, progress: p.progress}
	defer func() { *read += counted.n }()
	file = counted
	w := p.Window
	bom := bomDropped(sample, p.Text)
	if p.Tail > 0 {
		// The window ends Tail lines before the end: count the lines, then
		// read again from the start.
		text := textReader(sample, file, p.Text)
		s := newScanner(ctx, text, p.Text.Split, stripBOM(sample, p.Text), false, bufSize)
		s.halves = halfBytes(text)
		total := s.count()
		s.release()
		if s.err != nil {
			return &Page{Err: s.err}
		}
		seeker, ok := file.(io.Seeker)
		if !ok {
			return &Page{Err: errors.ErrUnsupported}
		}
		if _, err := seeker.Seek(0, io.SeekStart); err != nil {
			return &Page{Err: err}
		}
		sample = nil
		w.Limit = max(0, total-p.Tail-w.Start)
	}
	var marks *Marks
	if !decodes(sample, p.Text) {
		marks = p.marks.of(p.Path, size, mod, p.Text)
	}
	var s *scanner
	// A file held in memory is cut in place, when its bytes are the text
	// as they are and none have been read but the sample.
	var inPlace []byte
	if held != nil && p.Tail == 0 && !decodes(sample, p.Text) {
		if held.offset() == len(sample) && !(p.Text.DropOpenEnd && openTail(held.data) > 0) {
			inPlace = held.data
		}
	}
	if marks != nil && p.Tail == 0 {
		s = marks.resume(ctx, file, inPlace, p.Text, w.CheckUTF8, w.Start, bufSize)
	}
	if s == nil && inPlace != nil {
		s = heldScanner(ctx, inPlace, p.Text.Split, p.Text.StripBOM, w.CheckUTF8)
	}
	if s != nil && s.held != "" {
		// What a read from the disk would have read past the sample, or
		// past the mark it resumed from.
		from := len(sample)
		if s.lines > 0 {
			from = s.lo
		}
		counted.skip(int64(len(inPlace) - from))
	}
	if s == nil {
		text := textReader(sample, file, p.Text)
		s = newScanner(ctx, text, p.Text.Split, stripBOM(sample, p.Text), w.CheckUTF8, bufSize)
		s.halves = halfBytes(text)
	}
	if s.held != "" && held != nil && held.shape != nil {
		if shape := held.shape.survey(held.data); shape.plain {
			s.plain = shape
		}
	}
	if s.held != "" && held != nil {
		s.decoded = held.decoded
	}
	s.marks = marks
	w.expect = w.expectedLines(size)
	pg := window(s, w)
	marks.note(s)
	s.release()
	pg.BOM = bom
	return pg
}

// bomDropped is how many bytes of a byte order mark at the start of a file
// whose first bytes are sample the tool's decoding drops.
func bomDropped(sample []byte, t Text) int {
	switch {
	case t.Encoding == EncodingBOM:
		_, _, n := detectBOM(sample)
		return n
	case t.Encoding == EncodingUTF16LEMark && bytes.HasPrefix(sample, []byte{0xff, 0xfe}):
		return 2
	case t.Encoding == EncodingBunText && bunUTF16(sample):
		return 2
	case t.StripBOM && bytes.HasPrefix(sample, []byte("\xef\xbb\xbf")):
		return 3
	}
	return 0
}

// readWhole reads a file whose first bytes are sample, up to max bytes, and
// reports whether more followed.
func readWhole(sample []byte, file io.Reader, max int64) ([]byte, bool, error) {
	var b bytes.Buffer
	b.Write(sample)
	_, err := io.Copy(&b, io.LimitReader(file, max+1-int64(len(sample))))
	if int64(b.Len()) > max {
		return b.Bytes()[:max], true, err
	}
	return b.Bytes(), false, err
}

// textReader is the file's text as the tool decodes it, its first bytes
// (already read for detection) put back in front.
func textReader(sample []byte, file io.Reader, t Text) io.Reader {
	r := io.Reader(&sampled{head: sample, rest: file})
	switch t.Encoding {
	case EncodingBOM:
		head := make([]byte, 4)
		n, _ := io.ReadFull(r, head)
		return decodeBOM(head[:n], r)
	case EncodingUTF16LEMark:
		if bytes.HasPrefix(sample, []byte{0xff, 0xfe}) {
			return utf16LEHalves(io.MultiReader(bytes.NewReader(sample[2:]), file))
		}
	case EncodingBunText:
		if bunUTF16(sample) {
			return utf16LEHalves(io.MultiReader(bytes.NewReader(sample[2:]), file))
		}
	}
	return dropOpenEnd(r, t) // UTF-8 as it is
}

// decodes says textReader changes the bytes of a file whose first bytes
// are sample, rather than handing them on as they are.
func decodes(sample []byte, t Text) bool {
	switch t.Encoding {
	case EncodingBOM:
		// Without a mark the text is the file's bytes: held, they are cut
		// in place, and an earlier call's marks hold.
		_, _, n := detectBOM(sample)
		return n > 0 || len(sample) < 4
	case EncodingUTF16LEMark:
		return bytes.HasPrefix(sample, []byte{0xff, 0xfe})
	case EncodingBunText:
		return bunUTF16(sample)
	}
	return false
}

// stripBOM says the scanner drops a UTF-8 byte order mark from the text
// textReader makes of a file whose first bytes are sample: Bun's UTF-16LE
// text keeps a U+FEFF after its mark.
func stripBOM(sample []byte, t Text) bool {
	return t.StripBOM && !(t.Encoding == EncodingBunText && bunUTF16(sample))
}

// readExtras reads the files a tool appends to a read, whole, as the tools
// read them (opencode's readFileString): what they append is the result.
func readExtras(fsys FS, paths []string, t Text) []Extra {
	var out []Extra
	for _, path := range paths {
		f, err := fsys.Open(path)
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(f)
		f.Close()
		out = append(out, Extra{Path: path, Text: extraText(b, t)})
	}
	return out
}

// extraText decodes an extra file as the tool reads it: under
// EncodingBunText as Bun's file.text() (a UTF-16LE text keeps a U+FEFF
// after its mark, a UTF-8 one loses its mark), else as UTF-8.
func extraText(b []byte, t Text) string {
	if t.Encoding != EncodingBunText {
		text, _ := decodeUTF8(b)
		return text
	}
	if bunUTF16(b) {
		var out strings.Builder
		io.Copy(&out, utf16LE(bytes.NewReader(b[2:])))
		return out.String()
	}
	text, _ := decodeUTF8(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")))
	return text
}

// dataFile is a probed special file's content, read like a file.
func dataFile(b []byte) File { return &memFile{Reader: bytes.NewReader(b)} }

type memFile struct{ *bytes.Reader }

func (m *memFile) Close() error { return nil }
func (m *memFile) Stat() (fs.FileInfo, error) {
	return nil, errors.ErrUnsupported
}
func (m *memFile) ReadDir(int) ([]fs.DirEntry, error) { return nil, syscall.ENOTDIR }

// countingFile counts the bytes read through it, and seeks when the file
// underneath can.
type countingFile struct {
	File
	n        int64
	holes    int64         // of n, the zeros of holes skipped unread (zeros)
	progress *atomic.Int64 // told of every read, when set
}

// skip counts n bytes the scanner takes from the file without reading
// them through it (heldScanner).
func (c *countingFile) skip(n int64) {
	c.n += n
	if c.progress != nil {
		c.progress.Add(n)
	}
}

func (c *countingFile) Read(b []byte) (int, error) {
	n, err := c.File.Read(b)
	c.n += int64(n)
	if c.progress != nil {
		c.progress.Add(int64(n))
	}
	return n, err
}

func (c *countingFile) Seek(offset int64, whence int) (int64, error) {
	s, ok := c.File.(io.Seeker)
	if !ok {
		return 0, errors.ErrUnsupported
	}
	return s.Seek(offset, whence)
}
