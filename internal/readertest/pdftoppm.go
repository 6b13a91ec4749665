package readertest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
)

// pdftoppmPages is the variable naming the directory of recorded pages
// the fake pdftoppm hands out.
const pdftoppmPages = "READLENS_FAKE_PDFTOPPM_PAGES"

// FakePdftoppm puts a pdftoppm (and a pdfinfo, which Claude Code's profile
// only looks for) first on PATH for the rest of the test, so that Claude
// Code's PDF pages render where poppler is not installed (CI):
// the test binary itself, under that name (AsTool), which answers -v and
// hands out the pages poppler 22.12.0 rendered of the fixture PDFs
// (testdata/pdftoppm/<sha256 of the PDF, 16 digits>/, recorded with
// `pdftoppm -jpeg -r 100 -cropbox`): the bytes the real one writes.
func FakePdftoppm(t *testing.T) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tool := range []string{"pdftoppm", "pdfinfo"} {
		if err := os.Symlink(exe, filepath.Join(dir, tool)); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
	t.Setenv(pdftoppmPages, filepath.Join(oracle.Testdata(), "pdftoppm"))
}

// NoPdftoppm leaves no pdftoppm on PATH for the rest of the test: a
// machine without poppler-utils.
func NoPdftoppm(t *testing.T) {
	t.Helper()
	t.Setenv("PATH", t.TempDir())
}

// AsTool makes the test binary the fake pdftoppm when it was started as
// one; a package whose tests use FakePdftoppm calls it first in TestMain.
func AsTool() {
	switch filepath.Base(os.Args[0]) {
	case "pdftoppm":
		os.Exit(fakePdftoppm(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "pdfinfo":
		fmt.Fprintln(os.Stderr, "readlens's test double of pdfinfo is there to be found, not run")
		os.Exit(99)
	}
}

var pageName = regexp.MustCompile(`-0*(\d+)\.jpg$`)

// fakePdftoppm takes the arguments Claude Code passes (-jpeg -r 100
// -cropbox -f F [-l L] - PREFIX) and copies the recorded pages F to L of
// the PDF on stdin to PREFIX-N.jpg, named as pdftoppm names them.
func fakePdftoppm(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && args[0] == "-v" {
		fmt.Fprintln(stderr, "pdftoppm version 22.12.0 (readlens's test double)")
		return 0
	}
	first, last := 1, 0
	var rest []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-jpeg", "-cropbox":
		case "-r":
			i++
		case "-f", "-l":
			n, _ := strconv.Atoi(args[min(i+1, len(args)-1)])
			if args[i] == "-f" {
				first = n
			} else {
				last = n
			}
			i++
		default:
			rest = append(rest, args[i])
		}
	}
	if len(rest) != 2 || rest[0] != "-" {
		fmt.Fprintf(stderr, "the test double takes the PDF on stdin, got %q\n", args)
		return 99
	}
	data, err := io.ReadAll(stdin)
	if err != nil {
		return 99
	}
	sum := sha256.Sum256(data)
	dir := filepath.Join(os.Getenv(pdftoppmPages), hex.EncodeToString(sum[:])[:16])
	names, _ := filepath.Glob(filepath.Join(dir, "page-*.jpg"))
	if len(names) == 0 {
		fmt.Fprintf(stderr, "the test double has no pages recorded for this PDF (%s)\n", dir)
		return 99
	}
	sort.Strings(names)
	if last == 0 || last > len(names) {
		last = len(names)
	}
	if first > last {
		fmt.Fprintf(stderr, "Wrong page range given: the first page (%d) can not be after the last page (%d).\n", first, last)
		return 99
	}
	for _, n := range names {
		p, _ := strconv.Atoi(pageName.FindStringSubmatch(n)[1])
		if p < first || p > last {
			continue
		}
		b, err := os.ReadFile(n)
		if err == nil {
			err = os.WriteFile(rest[1]+filepath.Base(n)[len("page"):], b, 0o644)
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 99
		}
	}
	return 0
}
