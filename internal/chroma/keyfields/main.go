// Command keyfields names the fields of the unkeyed chroma.Rule and
// chroma.Token literals that go vet reports in the copy of chroma's lexers
// (see ../README.md): it reads vet's report on stdin and inserts each field
// name before its value, leaving the rest of the text as upstream wrote it.
//
//	go vet ./internal/chroma/lexers 2>&1 | go run ./internal/chroma/keyfields
package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strconv"
)

var fields = map[string][]string{
	"Rule":  {"Pattern", "Type", "Mutator"},
	"Token": {"Type", "Value"},
}

// report is a line of vet's report on an unkeyed literal.
var report = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): github\.com/alecthomas/chroma/v2\.(\w+) struct literal uses unkeyed fields$`)

type at struct{ line, col int }

func main() {
	found := map[string]map[at]string{} // file -> position -> type
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		m := report.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		if found[m[1]] == nil {
			found[m[1]] = map[at]string{}
		}
		found[m[1]][at{line, col}] = m[4]
	}
	for file, lits := range found {
		if err := key(file, lits); err != nil {
			fmt.Fprintln(os.Stderr, "keyfields:", err)
			os.Exit(1)
		}
	}
}

func key(file string, lits map[at]string) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		return err
	}
	type insert struct {
		off  int
		text string
	}
	var inserts []insert
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		p := fset.Position(lit.Pos())
		typ, ok := lits[at{p.Line, p.Column}]
		if !ok {
			return true
		}
		for i, e := range lit.Elts {
			inserts = append(inserts, insert{fset.Position(e.Pos()).Offset, fields[typ][i] + ": "})
		}
		return true
	})
	sort.Slice(inserts, func(i, j int) bool { return inserts[i].off > inserts[j].off })
	for _, in := range inserts {
		src = append(src[:in.off], append([]byte(in.text), src[in.off:]...)...)
	}
	if src, err = format.Source(src); err != nil {
		return err
	}
	return os.WriteFile(file, src, 0o644)
}
