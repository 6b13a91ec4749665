package claude

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330's images and PDFs: content blocks, not text. readlens
// prints the model-visible text blocks and lists the rest as attachments.

// ccImageMedia: an image extension always means an image (its bytes are
// checked later); no extension means one only when the bytes say so.
func ccImageMedia(sample []byte, path string) string {
	ext := strings.ToLower(strings.TrimPrefix(node.Extname(path), "."))
	if m := ccSniff(sample); m != "" {
		return m
	}
	if ccImageExt[ext] {
		return "image/" + ext
	}
	return ""
}

// ccSniff is the tool's magic-byte check (ly): PNG, JPEG, GIF87a/89a, WebP.
func ccSniff(b []byte) string {
	switch {
	case len(b) < 4:
	case bytes.HasPrefix(b, []byte("\x89PNG")):
		return "image/png"
	case bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}):
		return "image/jpeg"
	case len(b) >= 6 && (bytes.HasPrefix(b, []byte("GIF87a")) || bytes.HasPrefix(b, []byte("GIF89a"))):
		return "image/gif"
	case reader.IsWebP(b):
		return "image/webp"
	}
	return ""
}

func ccImage(p *reader.Plan, f *reader.Found) *reader.Outcome {
	a := f.Media
	if a == nil || a.Size == 0 {
		return reader.Fail("Image file is empty: " + p.Path)
	}
	mime := ccSniff(f.Sample)
	if mime == "" {
		return reader.Fail(fmt.Sprintf("File has an image extension but its content is not a valid PNG/JPEG/GIF/WebP. Detected: %s. This usually means a download saved an error/login page instead of the image. Use `file \"%s\"` to confirm, or read it as text with Bash (e.g. `head -c 500`).", ccDetected(f.Sample), p.Path))
	}
	conv := f.Image
	if conv == nil && !ccHeaderDims(f.Sample) && a.Width == 0 {
		// Not held whole (ccConvert judges the file itself): the header
		// as far as the sample goes.
		return reader.Fail("Unable to resize image — image processing is unavailable and dimensions could not be read from the file header. Please convert the image to PNG, JPEG, GIF, or WebP.")
	}
	if conv != nil && conv.Refusal != "" {
		return reader.Fail(conv.Refusal)
	}
	att := *a
	att.Mime = mime
	o := &reader.Outcome{Attachments: []reader.Attachment{att}}
	if conv != nil && conv.Sent != nil {
		o.Attachments[0] = *conv.Sent
		o.After = ccDimensionNote(conv, p.Call.(*ccCall).limits)
		o.Note = ccResizedNote(conv)
	}
	return o
}

// ccResizedNote says what of a changed image is Claude Code's and what is
// readlens's.
func ccResizedNote(c *reader.Converted) string {
	s := c.Sent
	if s.Size == 0 {
		return fmt.Sprintf("Claude Code sends this %dx%d image as a %dx%d %s; readlens has no WebP encoder, so its bytes are not shown", c.Width, c.Height, s.Width, s.Height, s.Mime)
	}
	return fmt.Sprintf("Claude Code sends this %dx%d image as a %dx%d %s; the bytes are readlens's encoding of it (Go's encoders, not Bun.Image's), so their size and digest differ from Claude Code's", c.Width, c.Height, s.Width, s.Height, s.Mime)
}

// ccDetected describes bytes that are not an image (L_r).
func ccDetected(sample []byte) string {
	head := sample[:min(len(sample), 32)]
	shown := []byte(string(head))
	for i, c := range shown {
		if c < 0x20 || c > 0x7e {
			shown[i] = '.'
		}
	}
	t := string(shown)
	l := strings.ToLower(t)
	q := t[:min(len(t), 24)]
	switch {
	case strings.Contains(l, "<!doctype") || strings.Contains(l, "<html"):
		return `HTML document (starts with "` + q + `")`
	case strings.HasPrefix(l, "<?xml") || strings.HasPrefix(l, "<svg"):
		return `XML/SVG document (starts with "` + q + `")`
	case strings.HasPrefix(l, "{") || strings.HasPrefix(l, "["):
		return `JSON/text (starts with "` + q + `")`
	case len(head) >= 4 && strings.ToLower(string(head[:4])) == "%pdf":
		return "PDF document"
	case len(head) >= 4 && bytes.Equal(head[:4], []byte("PK\x03\x04")):
		return "ZIP archive (Office documents such as .pptx/.docx/.xlsx are ZIPs)"
	}
	h := hex.EncodeToString(head[:min(len(head), 8)])
	var parts []string
	for i := 0; i < len(h); i += 2 {
		parts = append(parts, h[i:i+2])
	}
	return "unrecognized bytes (hex: " + strings.Join(parts, " ") + ")"
}

// ccHeaderDims reports whether the tool can read an image's size from its
// header (vR).
func ccHeaderDims(b []byte) bool {
	_, _, ok := ccHeaderSize(b)
	return ok
}

// ccHeaderSize is vR: an image's size as the tool reads it from the header
// when Bun.Image cannot decode the file: a PNG's IHDR fields (unchecked, so
// a header cut short after them is enough), a GIF's logical screen, the
// first JPEG frame header (ccJPEGFrame), a WebP's VP8, VP8L or VP8X header.
func ccHeaderSize(n []byte) (w, h int, ok bool) {
	switch {
	case len(n) < 10:
		return 0, 0, false
	case bytes.HasPrefix(n, []byte("\x89PNG")) && len(n) >= 24:
		return int(binary.BigEndian.Uint32(n[16:])), int(binary.BigEndian.Uint32(n[20:])), true
	case bytes.HasPrefix(n, []byte("GIF")):
		return int(binary.LittleEndian.Uint16(n[6:])), int(binary.LittleEndian.Uint16(n[8:])), true
	}
	if e := ccJPEGFrame(n); e >= 0 {
		return int(binary.BigEndian.Uint16(n[e+7:])), int(binary.BigEndian.Uint16(n[e+5:])), true
	}
	if n[0] == 0xff && n[1] == 0xd8 || len(n) < 30 || !reader.IsWebP(n) {
		return 0, 0, false
	}
	switch string(n[12:16]) {
	case "VP8 ":
		return int(binary.LittleEndian.Uint16(n[26:]) & 16383), int(binary.LittleEndian.Uint16(n[28:]) & 16383), true
	case "VP8L":
		r := binary.LittleEndian.Uint32(n[21:])
		return int(r&16383) + 1, int(r>>14&16383) + 1, true
	case "VP8X":
		le24 := func(b []byte) int { return int(b[0]) | int(b[1])<<8 | int(b[2])<<16 }
		return le24(n[24:]) + 1, le24(n[27:]) + 1, true
	}
	return 0, 0, false
}

// ccJPEGFrame is E: the offset of a JPEG's first frame header (SOFn), found
// by walking the markers as the tool does (bytes between them skipped), or
// -1.
func ccJPEGFrame(n []byte) int {
	if len(n) < 4 || n[0] != 0xff || n[1] != 0xd8 {
		return -1
	}
	for e := 2; e+9 < len(n); {
		if n[e] != 0xff {
			e++
			continue
		}
		t := n[e+1]
		switch {
		case t == 0xff:
			e++
		case t >= 0xc0 && t <= 0xcf && t != 0xc4 && t != 0xc8 && t != 0xcc:
			return e
		case t >= 0xd0 && t <= 0xd9 || t <= 1:
			e += 2
		default:
			r := int(binary.BigEndian.Uint16(n[e+2:]))
			if r < 2 {
				return -1
			}
			e += 2 + r
		}
	}
	return -1
}

var ccPageObj = lazyregexp.New(`/Type\s*/Page([^s]|$)`)

// ccPageCount counts a PDF's page objects, standing in for pdfinfo; -1 when
// the bytes are not a PDF readlens can count.
func ccPageCount(data []byte) int {
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		return -1
	}
	n := len(ccPageObj.FindAllIndex(data, -1))
	if n == 0 {
		return -1
	}
	return n
}

func ccPDF(c *ccCall, p *reader.Plan, f *reader.Found) *reader.Outcome {
	pages := ccPageCount(f.Data)
	size := ccSize(f.Size)
	if c.hasPages {
		// The checks of Claude Code's extraction, in its order: the file,
		// then pdftoppm, then what pdftoppm says of the range.
		r := c.pageRange
		switch {
		case f.Size == 0:
			return reader.Fail("PDF file is empty: " + p.Path)
		case f.Size > ccPDFRenderMax:
			return reader.Fail(fmt.Sprintf("PDF file exceeds maximum allowed size for text extraction (%s).", ccSize(ccPDFRenderMax)))
		case !ccHasPdftoppm():
			return reader.Fail(ccNoPdftoppm)
		case pages < 0:
			return reader.Fail("PDF file is corrupted or invalid.")
		case r.First > pages:
			what := fmt.Sprintf("pages %d-%d", r.First, r.Last)
			switch {
			case r.Last == 0:
				what = fmt.Sprintf("pages %d-", r.First)
			case r.First == r.Last:
				what = fmt.Sprintf("page %d", r.First)
			}
			return reader.Fail(fmt.Sprintf("Requested %s is outside the document (PDF has %d %s). Use a range within 1-%d, maximum 20 pages per request (e.g. pages: \"1-%d\").", what, pages, plural(pages, "page"), pages, min(pages, ccPDFMaxPages)))
		}
		return ccRenderedPages(p, f, r.First, r.Last)
	}
	switch {
	case pages > ccPDFWholeMax && ccHasPdfinfo():
		return reader.Fail(fmt.Sprintf("This PDF has %d pages, which is too many to read at once. Use the pages parameter to read specific page ranges (e.g., pages: \"1-5\"). Maximum 20 pages per request.", pages))
	case f.Size == 0:
		return reader.Fail("PDF file is empty: " + p.Path)
	case f.DataCut:
		return reader.Fail("PDF file exceeds maximum allowed size of 20MB.")
	case !bytes.HasPrefix(f.Data, []byte("%PDF-")):
		return reader.Fail("File is not a valid PDF (missing %PDF- header): " + p.Path)
	}
	sum := sha256.Sum256(f.Data)
	o := &reader.Outcome{Attachments: []reader.Attachment{{Mime: "application/pdf", Size: f.Size, SHA256: hex.EncodeToString(sum[:])}}}
	o.Media(fmt.Sprintf("PDF file read: %s (%s)", p.Path, size))
	return o
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
