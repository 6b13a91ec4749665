package gemini

import (
	"io"
	"io/fs"
	"maps"
	"os"
	"regexp"
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// A successful read_file appends the GEMINI.md files of the directories
// between the workspace and the file that the session has not loaded yet
// (discoverJitContext: memoryDiscovery.js's loadJitSubdirectoryMemory and
// memoryImportProcessor.js's processImports, tree format). readlens reads
// as a fresh session: loaded are the files the CLI loads when it starts,
// the workspace's GEMINI.md and those above it up to the git root, and the
// global ~/.gemini/GEMINI.md; no earlier read has loaded more.

const (
	gmJITPrefix = "\n\n--- Newly Discovered Project Context ---\n"
	gmJITSuffix = "\n--- End Project Context ---"
	// gmContextMax bounds what readlens reads of one context or imported
	// file, which the tool reads whole.
	gmContextMax  = 32 << 20
	gmImportDepth = 5
)

var gmContextNames = reader.NewNames("GEMINI.md")

// gmJIT is the context a read of path (resolved) appends, "" for none.
// root is the workspace, resolved; home the user's home directory.
func gmJIT(fsys reader.FS, root, home, path string) string {
	if !gmIsSubpath(root, path) {
		return ""
	}
	ceiling := gmProjectRoot(fsys, root)
	if ceiling == "" {
		ceiling = root
	}
	found := gmUpward(fsys, home, node.Dirname(path), ceiling)
	if len(found) == 0 {
		return ""
	}
	var loaded []fs.FileInfo // the files the session loaded when it started
	atStart := gmUpward(fsys, home, root, ceiling)
	if node.IsAbs(home) {
		atStart = append(atStart, node.Join(home, ".gemini/GEMINI.md"))
	}
	for _, p := range atStart {
		if _, ok := gmReadContext(fsys, p); ok {
			if fi, err := fsys.Stat(p); err == nil {
				loaded = append(loaded, fi)
			}
		}
	}
	var blocks []string
	for _, p := range gmDistinct(fsys, found) {
		if fi, err := fsys.Stat(p); err == nil && gmSameAny(fi, loaded) {
			continue
		}
		text, ok := gmReadContext(fsys, p)
		if !ok {
			continue
		}
		dir := node.Dirname(p)
		text = gmImports(fsys, text, dir, gmImportRoot(fsys, dir), map[string]bool{}, 0)
		if t := strings.TrimFunc(text, node.IsSpace); t != "" {
			blocks = append(blocks, "--- Context from: "+p+" ---\n"+t+"\n--- End of Context from: "+p+" ---")
		}
	}
	return strings.Join(blocks, "\n\n")
}

// gmUpward is findUpwardGeminiFiles: the GEMINI.md files from dir up to
// stop, the highest first; the global ~/.gemini directory ends the walk.
func gmUpward(fsys reader.FS, home, dir, stop string) []string {
	var found []string
	global := node.Join(home, ".gemini")
	for dir != global {
		for _, n := range reader.StatEach(fsys, dir, gmContextNames) {
			if n.Err == nil {
				found = append([]string{n.Path}, found...)
			}
		}
		parent := node.Dirname(dir)
		if dir == stop || parent == dir {
			break
		}
		dir = parent
	}
	return found
}

// gmDistinct is deduplicatePathsByFileIdentity's list: the first of paths
// that are one file, and every path it cannot stat.
func gmDistinct(fsys reader.FS, paths []string) []string {
	var out []string
	var seen []fs.FileInfo
	for _, p := range paths {
		fi, err := fsys.Stat(p)
		switch {
		case err != nil:
			out = append(out, p)
		case !gmSameAny(fi, seen):
			seen = append(seen, fi)
			out = append(out, p)
		}
	}
	return out
}

// gmSameAny says fi is one of files, by device and inode.
func gmSameAny(fi fs.FileInfo, files []fs.FileInfo) bool {
	for _, f := range files {
		if os.SameFile(fi, f) {
			return true
		}
	}
	return false
}

// gmProjectRoot is memoryDiscovery's findProjectRoot: the nearest
// directory from dir up that holds a .git of any kind, or "".
func gmProjectRoot(fsys reader.FS, dir string) string {
	for {
		if _, err := fsys.Stat(node.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := node.Dirname(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// gmImportRoot is the import processor's findProjectRoot, which falls back
// to dir itself.
func gmImportRoot(fsys reader.FS, dir string) string {
	if r := gmProjectRoot(fsys, dir); r != "" {
		return r
	}
	return dir
}

// gmReadContext is fs.readFile(p, "utf-8"), and whether it read.
func gmReadContext(fsys reader.FS, p string) (string, bool) {
	text, err := gmReadFile(fsys, p)
	return text, err == nil
}

func gmReadFile(fsys reader.FS, p string) (string, error) {
	f, err := fsys.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, gmContextMax))
	if err != nil {
		return "", err
	}
	return reader.DecodeUTF8(b), nil
}

// gmImports is processImports in its tree format: each "@path" outside
// code that names a file beneath the project root becomes that file, its
// own imports processed, five deep; chain holds the files imported on the
// way here.
func gmImports(fsys reader.FS, content, base, projectRoot string, chain map[string]bool, depth int) string {
	if depth >= gmImportDepth {
		return content
	}
	code := gmCodeRegions(content)
	var b strings.Builder
	last := 0
	for _, im := range gmFindImports(content) {
		b.WriteString(content[last:im.start])
		last = im.end
		if gmInCode(code, im.start) {
			b.WriteString("@" + im.path)
			continue
		}
		if !gmValidImport(fsys, im.path, base, projectRoot) {
			b.WriteString("<!-- Import failed: " + im.path + " - Path traversal attempt -->")
			continue
		}
		full := node.Resolve(base, im.path)
		if chain[full] {
			b.WriteString("<!-- File already processed: " + im.path + " -->")
			continue
		}
		text, err := gmImportFile(fsys, full)
		if err != "" {
			b.WriteString("<!-- Import failed: " + im.path + " - " + err + " -->")
			continue
		}
		next := maps.Clone(chain)
		next[full] = true
		b.WriteString("<!-- Imported from: " + im.path + " -->\n" +
			gmImports(fsys, text, node.Dirname(full), projectRoot, next, depth+1) +
			"\n<!-- End of import from: " + im.path + " -->")
	}
	b.WriteString(content[last:])
	return b.String()
}

// gmImportFile is fs.access then fs.readFile of an import, or Node's
// message for the one that failed.
func gmImportFile(fsys reader.FS, full string) (string, string) {
	if _, err := fsys.Stat(full); err != nil {
		return "", node.Error(err, "access", full)
	}
	text, err := gmReadFile(fsys, full)
	if err != nil {
		return "", node.Error(err, "open", full)
	}
	return text, ""
}

type gmImport struct {
	start, end int
	path       string
}

// gmFindImports is findImports: an "@" at the start or after a space,
// tab or line end, up to the next such character, when what follows it
// starts with ".", "/" or an ASCII letter.
func gmFindImports(s string) []gmImport {
	var out []gmImport
	for i := 0; i < len(s); {
		at := strings.IndexByte(s[i:], '@')
		if at < 0 {
			break
		}
		i += at
		if i > 0 && !gmImportSpace(s[i-1]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && !gmImportSpace(s[j]) {
			j++
		}
		if p := s[i+1 : j]; p != "" && (p[0] == '.' || p[0] == '/' || p[0] >= 'a' && p[0] <= 'z' || p[0] >= 'A' && p[0] <= 'Z') {
			out = append(out, gmImport{i, j, p})
		}
		i = j + 1
	}
	return out
}

func gmImportSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// gmCodeRegions is findCodeRegions, /(`+)([\s\S]*?)\1/g: a run of
// backticks, as long as it can be, to the first run of the same that
// follows; where none follows, a shorter run, then the next position.
func gmCodeRegions(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		run := 0
		for i+run < len(s) && s[i+run] == '`' {
			run++
		}
		matched := false
		for n := run; n > 0 && !matched; n-- {
			if k := strings.Index(s[i+n:], strings.Repeat("`", n)); k >= 0 {
				end := i + n + k + n
				out = append(out, [2]int{i, end})
				i, matched = end, true
			}
		}
		if !matched {
			i++
		}
	}
	return out
}

func gmInCode(code [][2]int, at int) bool {
	for _, r := range code {
		if at >= r[0] && at < r[1] {
			return true
		}
	}
	return false
}

var gmURL = regexp.MustCompile(`^(file|https?)://`)

// gmValidImport is validateImportPath: not a URL, and its real path
// beneath the real project root.
func gmValidImport(fsys reader.FS, p, base, projectRoot string) bool {
	if gmURL.MatchString(p) || strings.ContainsRune(p, 0) {
		return false
	}
	real, err := gmRealpath(reader.Env{FS: fsys}, gmDecodeURI(node.Resolve(base, p)))
	if err != nil {
		return false
	}
	root, err := gmRealpath(reader.Env{FS: fsys}, gmDecodeURI(strings.TrimFunc(projectRoot, node.IsSpace)))
	return err == nil && gmIsSubpath(root, real)
}

// gmIsSubpath is isSubpath on POSIX: child is parent or beneath it.
func gmIsSubpath(parent, child string) bool {
	rel := node.Relative(parent, child)
	return !strings.HasPrefix(rel, "../") && rel != ".." && !node.IsAbs(rel)
}
