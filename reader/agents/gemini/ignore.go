package gemini

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/readlens/readlens/internal/lazyregexp"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Gemini CLI's read_file refuses a path its FileDiscoveryService ignores
// (dist/src/services/fileDiscoveryService.js), in validateToolParamValues,
// after the workspace and line checks. The rules, as 0.61.0 applies them:
//
//   - In a git repository (a .git entry in the workspace or above it),
//     GitIgnoreParser: ".git", then <workspace>/.git/info/exclude, then the
//     .gitignore of the workspace and of each directory down to the file's
//     (stopping at a directory already ignored), each nested file's
//     patterns rewritten to be anchored at its directory; then the
//     .geminiignore patterns, which come last and so win.
//   - Elsewhere, the .geminiignore patterns alone.
//
// Patterns are matched by the npm package ignore (7.0.0): gitignore's
// rules, the last matching pattern deciding, case-insensitively, and a path
// whose parent directory is ignored is ignored.

// gmIgnoredWords is the tool's refusal of an ignored path.
func gmIgnoredWords(resolved string) string {
	return fmt.Sprintf("File path '%s' is ignored by configured ignore patterns.", resolved)
}

var gmLineBreak = lazyregexp.New(`\r\n|\n|\r`)

// gmRule is one pattern as the ignore package receives it, and where it
// was written.
type gmRule struct {
	re       *regexp.Regexp
	negative bool
	file     string // relative to the workspace: ".gitignore", "src/.gitignore", ".geminiignore"
	line     int    // 1-based; 0 for the built-in ".git"
	text     string // the line as written
	// literal is the longest run of the pattern's plain characters, which
	// every path it matches holds, in any case: matches looks for it first.
	literal string
}

// Where says which pattern decided, for readlens's note.
func (r *gmRule) where() string {
	if r.line == 0 {
		return "Gemini CLI's built-in pattern `.git`"
	}
	return fmt.Sprintf("%s:%d (`%s`)", r.file, r.line, r.text)
}

// gmIgnored reports the rule that makes Gemini CLI ignore path (a file)
// in the workspace root, or nil.
func gmIgnored(fsys reader.FS, root, path string) *gmRule {
	rel, ok := gmRelative(root, path)
	if !ok {
		return nil
	}
	extra := gmLoad(fsys, root, ".geminiignore", ".", true)
	if !gmInGit(fsys, root) {
		if len(extra) == 0 {
			return nil
		}
		return gmDecide(extra, rel)
	}
	rules := []*gmRule{gmCompile(".git", false, "", 0, ".git")}
	rules = append(rules, gmLoad(fsys, root, ".git/info/exclude", ".", false)...)
	parts := strings.Split(rel, "/")
	dir := ""
	for i := 0; i < len(parts); i++ {
		if i > 0 {
			dir = strings.Join(parts[:i], "/")
			// An ignored directory's own .gitignore is never read.
			if gmDecide(append(rules[:len(rules):len(rules)], extra...), dir+"/") != nil {
				break
			}
		}
		name := ".gitignore"
		base := "."
		if dir != "" {
			name, base = dir+"/.gitignore", dir
		}
		rules = append(rules, gmLoad(fsys, root, name, base, false)...)
	}
	return gmDecide(append(rules, extra...), rel)
}

// gmRelative is getNormalizedRelativePath for a file: path relative to
// root, or false outside it or at it.
func gmRelative(root, path string) (string, bool) {
	if !reader.Within(root, path) || path == root {
		return "", false
	}
	if root == "/" {
		return path[1:], true
	}
	return path[len(root)+1:], true
}

// gmInGit is isGitRepository: a .git entry in dir or any directory above.
func gmInGit(fsys reader.FS, dir string) bool {
	for d := dir; ; d = node.Dirname(d) {
		if _, err := fsys.Stat(node.Join(d, ".git")); err == nil {
			return true
		}
		if d == "/" {
			return false
		}
	}
}

// gmDecide is the ignore package's ignores(): a path whose parent
// directory is ignored is ignored; else the last rule that matches it
// decides. It returns the deciding rule when the path is ignored.
func gmDecide(rules []*gmRule, rel string) *gmRule {
	trimmed := strings.TrimSuffix(rel, "/")
	if i := strings.LastIndexByte(trimmed, '/'); i >= 0 {
		if r := gmDecide(rules, trimmed[:i+1]); r != nil {
			return r
		}
	}
	for i := len(rules) - 1; i >= 0; i-- {
		if rules[i].matches(rel) {
			if rules[i].negative {
				return nil
			}
			return rules[i]
		}
	}
	return nil
}

// gmLoad reads an ignore file's patterns. The .geminiignore is read by
// IgnoreFileParser (each line trimmed); a .gitignore or the exclude file
// by GitIgnoreParser, whose processPatterns anchors a nested file's
// patterns at its directory base.
func gmLoad(fsys reader.FS, root, name, base string, gemini bool) []*gmRule {
	file := node.Join(root, name)
	if _, err := fsys.Stat(file); err != nil {
		// Missing, as most directories' .gitignore are: a stat, which an
		// audit's snapshot answers once a run, rather than an open a call.
		return nil
	}
	// Read once a run when small, as a snapshot keeps it: every call of an
	// audit reads the ignore files above its file.
	b, err := reader.ReadSmall(fsys, file, 1<<20)
	if err != nil {
		return nil
	}
	return gmRulesOf(string(b), name, base, gemini)
}

// gmParse turns an ignore file's text into its rules (gmLoad).
func gmParse(b, name, base string, gemini bool) []*gmRule {
	text := strings.ToValidUTF8(b, string(utf8.RuneError))
	lines := gmLineBreak.Split(text, -1)
	var out []*gmRule
	for i, line := range lines {
		p := strings.TrimLeftFunc(line, node.IsSpace) // processPatterns' trimStart
		if gemini {
			p = strings.TrimFunc(line, node.IsSpace) // IgnoreFileParser's trim
		}
		if p == "" || strings.HasPrefix(p, "#") {
			continue
		}
		// processPatterns: the "!" and a leading "/" come off and go back on,
		// a nested file's pattern anchored at its directory in between (the
		// .geminiignore is read from the workspace, so nothing moves).
		neg := strings.HasPrefix(p, "!")
		p = strings.TrimPrefix(p, "!")
		anchored := strings.HasPrefix(p, "/")
		p = strings.TrimPrefix(p, "/")
		if p == "" {
			continue
		}
		if base != "." {
			if !anchored && !strings.Contains(p, "/") {
				p = "**/" + p
			}
			p = "/" + strings.TrimPrefix(node.Join(base, p), "/")
		} else if anchored {
			p = "/" + p
		}
		if r := gmCompile(p, neg, name, i+1, strings.TrimSpace(line)); r != nil {
			out = append(out, r)
		}
	}
	return out
}

// gmCompile turns one pattern into the ignore package's regular expression,
// in Go's syntax; nil for a pattern it skips.
func gmCompile(p string, neg bool, file string, line int, text string) *gmRule {
	// Trailing spaces go unless escaped; a leading \! or \# is literal.
	for strings.HasSuffix(p, " ") && !strings.HasSuffix(p, "\\ ") {
		p = p[:len(p)-1]
	}
	if strings.TrimSpace(p) == "" {
		return nil
	}
	if strings.HasPrefix(p, "\\!") || strings.HasPrefix(p, "\\#") {
		p = p[1:]
	}
	var b strings.Builder
	b.WriteString("(?i)")
	anchored := strings.HasPrefix(p, "/") || strings.Contains(strings.TrimSuffix(p, "/"), "/")
	p = strings.TrimPrefix(p, "/")
	if strings.HasPrefix(p, "**/") {
		b.WriteString("(?:^|/)")
		for strings.HasPrefix(p, "**/") {
			p = p[3:]
		}
	} else if anchored {
		b.WriteString("^")
	} else {
		b.WriteString("(?:^|/)")
	}
	dirOnly := strings.HasSuffix(p, "/")
	open := true // the expression still needs its end
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case strings.HasPrefix(p[i:], "/**/"):
			b.WriteString("(?:/[^/]+)*/")
			i += 3
		case p[i:] == "/**":
			b.WriteString("/(?s:.)")
			open = false
			i += 2
		case c == '*':
			for i+1 < len(p) && p[i+1] == '*' {
				i++
			}
			if i == len(p)-1 {
				if i > 0 && p[i-1] == '/' {
					b.WriteString("[^/]+")
				} else {
					b.WriteString("[^/]*")
				}
			} else {
				b.WriteString("[^/]*")
			}
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			end := strings.IndexByte(p[i+1:], ']')
			if end < 0 || strings.Contains(p[i+1:i+1+end], "/") {
				b.WriteString(`\[`)
				continue
			}
			b.WriteString("[" + regexpClass(p[i+1:i+1+end]) + "]")
			i += end + 1
		case c == '\\' && i+1 < len(p):
			i++
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	if open {
		if dirOnly {
			b.WriteString("$")
		} else {
			b.WriteString("(?:$|/$)")
		}
	}
	re, err := gmRegexp(b.String())
	if err != nil {
		return nil // the ignore package would throw on it, and Gemini CLI catch it: no rule
	}
	return &gmRule{re: re, negative: neg, file: file, line: line, text: text, literal: gmLiteral(p)}
}

// Every call reads the ignore files again, as the tool's parser would on
// a fresh start, but compiles each expression once: a 400-line .gitignore
// cost 4 ms a read before. At most gmCompiledMax are kept.
var (
	gmCompiledMu sync.Mutex
	gmCompiled   = map[string]*regexp.Regexp{}
)

const gmCompiledMax = 4096

func gmRegexp(src string) (*regexp.Regexp, error) {
	gmCompiledMu.Lock()
	re, ok := gmCompiled[src]
	gmCompiledMu.Unlock()
	if ok {
		return re, nil
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, err
	}
	gmCompiledMu.Lock()
	if len(gmCompiled) >= gmCompiledMax {
		gmCompiled = map[string]*regexp.Regexp{}
	}
	gmCompiled[src] = re
	gmCompiledMu.Unlock()
	return re, nil
}

// regexpClass is a bracket expression's inside, safe for Go's syntax.
func regexpClass(s string) string {
	if s == "" {
		return `\x00-\x00`
	}
	return strings.ReplaceAll(s, `\`, `\\`)
}
