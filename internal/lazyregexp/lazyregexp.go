// Package lazyregexp is a regular expression compiled the first time it is
// used. A package-level regexp.MustCompile runs as the program starts, on
// every run of readlens, including the many that never match it: the
// agents' and the sessions' patterns took a millisecond of each start.
// Under go test every pattern is compiled when it is made, so a bad one
// still fails at once.
package lazyregexp

import (
	"os"
	"regexp"
	"strings"
	"sync"
)

// Regexp is a regexp.Regexp compiled on first use.
type Regexp struct {
	expr string
	re   func() *regexp.Regexp
}

var inTest = len(os.Args) > 0 && strings.HasSuffix(strings.TrimSuffix(os.Args[0], ".exe"), ".test")

// New is expr, compiled when first used; it panics then if expr is not a
// regular expression, as regexp.MustCompile does.
func New(expr string) *Regexp {
	r := &Regexp{expr: expr, re: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
	if inTest {
		r.re()
	}
	return r
}

func (r *Regexp) String() string                         { return r.expr }
func (r *Regexp) MatchString(s string) bool              { return r.re().MatchString(s) }
func (r *Regexp) FindString(s string) string             { return r.re().FindString(s) }
func (r *Regexp) FindStringSubmatch(s string) []string   { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringIndex(s string) []int         { return r.re().FindStringIndex(s) }
func (r *Regexp) FindAllIndex(b []byte, n int) [][]int   { return r.re().FindAllIndex(b, n) }
func (r *Regexp) ReplaceAllString(s, repl string) string { return r.re().ReplaceAllString(s, repl) }
func (r *Regexp) Split(s string, n int) []string         { return r.re().Split(s, n) }

func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}

func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.re().FindStringSubmatchIndex(s)
}

func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.re().FindAllStringIndex(s, n)
}
