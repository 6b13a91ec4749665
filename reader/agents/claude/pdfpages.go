package claude

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/readlens/readlens/reader"
)

// Claude Code 2.1.330 renders the pages a Read names (its `pages`
// parameter) with poppler: `pdftoppm -jpeg -r 100 -cropbox -f F -l L`, the
// PDF on stdin, one JPEG a page, each then sent as an image through its
// image path. Without pdftoppm it says so and sends nothing. readlens runs
// the pdftoppm of the machine it runs on, as Claude Code would there: the
// JPEGs are that pdftoppm's bytes.
const (
	ccPDFRenderMax = 100 << 20 // CUn: the largest PDF it renders pages of
	ccPDFTimeout   = 120 * time.Second
	ccNoPdftoppm   = "pdftoppm is not installed. Install poppler-utils (e.g. `brew install poppler` or `apt-get install poppler-utils`) to enable PDF page rendering."
)

var ccPdftoppmSeen sync.Map // PATH -> bool

// ccHasPdftoppm is Claude Code's check (wjt): `pdftoppm -v` exits 0, or
// with a code other than 127 after writing to stderr. It is asked once for
// each PATH.
func ccHasPdftoppm() bool {
	path := os.Getenv("PATH")
	if v, ok := ccPdftoppmSeen.Load(path); ok {
		return v.(bool)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pdftoppm", "-v")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	ok := err == nil || (errors.As(err, &exit) && exit.ExitCode() != 127 && exit.ExitCode() >= 0 && stderr.Len() > 0)
	ccPdftoppmSeen.Store(path, ok)
	return ok
}

var ccPdfinfoSeen sync.Map // PATH -> bool

// ccHasPdfinfo says whether there is a pdfinfo to count a PDF's pages
// before it is sent whole: without one Claude Code goes without a count
// and sends a PDF of any number of pages. Looked up once for each PATH.
func ccHasPdfinfo() bool {
	path := os.Getenv("PATH")
	if v, ok := ccPdfinfoSeen.Load(path); ok {
		return v.(bool)
	}
	_, err := exec.LookPath("pdfinfo")
	ccPdfinfoSeen.Store(path, err == nil)
	return err == nil
}

// ccRenderPages runs pdftoppm on the PDF for pages first to last (0: to
// the end) in a directory of its own, outside the tree read, and returns
// the JPEGs in name order, which is page order; stderr when it fails.
func ccRenderPages(data []byte, first, last int) ([][]byte, string, error) {
	dir, err := os.MkdirTemp("", "readlens-pdf-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	args := []string{"-jpeg", "-r", "100", "-cropbox", "-f", strconv.Itoa(first)}
	if last > 0 {
		args = append(args, "-l", strconv.Itoa(last))
	}
	args = append(args, "-", filepath.Join(dir, "page"))
	ctx, cancel := context.WithTimeout(context.Background(), ccPDFTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "pdftoppm", args...)
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stderr = bytes.NewReader(data), &stderr
	if err := cmd.Run(); err != nil {
		return nil, stderr.String(), err
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.jpg"))
	if err != nil {
		return nil, "", err
	}
	sort.Strings(names)
	var pages [][]byte
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, "", err
		}
		pages = append(pages, b)
	}
	return pages, "", nil
}

// ccRenderedPages is the answer to a Read with `pages` of a PDF whose range is
// within it: the pages rendered and sent as images, the text saying how
// many.
func ccRenderedPages(p *reader.Plan, f *reader.Found, first, last int) *reader.Outcome {
	pages, stderr, err := ccRenderPages(f.Data, first, last)
	switch {
	case err != nil && stderr == "":
		return reader.Fail(fmt.Sprintf("pdftoppm failed: %v", err))
	case err != nil:
		return reader.Fail("pdftoppm failed: " + strings.ReplaceAll(stderr, "\r\n", "\n"))
	case len(pages) == 0:
		return reader.Fail("pdftoppm produced no output pages. The PDF may be invalid.")
	}
	o := &reader.Outcome{}
	o.Media(fmt.Sprintf("PDF pages extracted: %d page(s) from %s (%s)", len(pages), p.Path, ccSize(f.Size)))
	for _, b := range pages {
		o.Attachments = append(o.Attachments, ccPageImage(p, b))
	}
	o.Note = "the page images are this machine's pdftoppm's (-jpeg -r 100 -cropbox), as Claude Code renders them on it; poppler's version decides their bytes"
	return o
}

// ccPageImage is a rendered page as the model receives it: through the
// image path (a page over 2000 px or the byte budget is resized), with its
// picture when the request asks for pixels.
func ccPageImage(p *reader.Plan, b []byte) reader.Attachment {
	pic := &reader.Picture{Mime: "image/jpeg", Data: b}
	a := reader.Attachment{Mime: "image/jpeg", Size: int64(len(b)), SHA256: sha256Hex(b)}
	if cfg, err := pic.Config("image/jpeg"); err == nil {
		pic.Width, pic.Height = cfg.Width, cfg.Height
		a.Width, a.Height = cfg.Width, cfg.Height
	}
	// Page images get the default limits: no recording shows how another
	// model's limits apply to them (a page at 100 dpi is within them).
	conv := ccConvert(pic, ccLimits{})
	if conv != nil && conv.Sent != nil {
		sent := *conv.Sent
		sent.Original = &reader.Original{Width: a.Width, Height: a.Height, Size: a.Size}
		a = sent
	}
	if p.Pictures() {
		if conv != nil && conv.Pixels != nil {
			a.Pixels = reader.Thumbnail(conv.Pixels)
		} else if img, err := jpeg.Decode(bytes.NewReader(b)); err == nil {
			a.Pixels = reader.Thumbnail(img)
		}
	}
	return a
}
