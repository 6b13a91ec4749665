package lexers_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/chroma/v2"
	upstream "github.com/alecthomas/chroma/v2/lexers"

	"github.com/readlens/readlens/internal/chroma/lexers"
)

// name is a lexer's name, or "" for none.
func name(l chroma.Lexer) string {
	if l == nil {
		return ""
	}
	return l.Config().Name
}

// TestSameAsUpstream: the lazy registry holds what upstream's holds, and
// finds the same lexer for every file name a lexer claims, every name and
// alias, and the content upstream's analysers score.
func TestSameAsUpstream(t *testing.T) {
	if got, want := lexers.Names(true), upstream.Names(true); !slices.Equal(got, want) {
		t.Fatalf("%d names, upstream %d", len(got), len(want))
	}
	var files []string
	for _, l := range upstream.GlobalLexerRegistry.Lexers {
		c := l.Config()
		for _, g := range append(c.Filenames, c.AliasFilenames...) {
			files = append(files, strings.NewReplacer("*", "x", "?", "y", "[", "", "]", "").Replace(g))
		}
	}
	if len(files) < 500 {
		t.Fatalf("only %d file names", len(files))
	}
	for _, f := range append(files, "README", "x.unknown", "Makefile", "x.go.tmpl", "x.html.j2") {
		if got, want := name(lexers.Match(f)), name(upstream.Match(f)); got != want {
			t.Errorf("Match(%q) = %q, upstream %q", f, got, want)
		}
	}
	for _, n := range upstream.Names(true) {
		if got, want := name(lexers.Get(n)), name(upstream.Get(n)); got != want {
			t.Errorf("Get(%q) = %q, upstream %q", n, got, want)
		}
	}
	for _, text := range []string{
		"package main\n\nimport \"fmt\"\nfunc main() { fmt.Println(1) }\n",
		"@ IN SOA ns.example. admin.example. 1 2 3 4 5\n",
		"definition user {}\nrelation x: user\npermission view = x\n",
		"SELECT `name` FROM `users`;\n",
		"#!/bin/sh\necho hi\n",
		"<?php echo 1; ?>\n",
		"<!DOCTYPE html>\n<html></html>\n",
	} {
		if got, want := name(lexers.Analyse(text)), name(upstream.Analyse(text)); got != want {
			t.Errorf("Analyse(%q) = %q, upstream %q", text, got, want)
		}
	}
}

// TestSameTokens: the lexers written in Go, whose rules the copy spells
// with field names (internal/chroma/keyfields), give upstream's tokens.
func TestSameTokens(t *testing.T) {
	sample := "package main\n// c\nfunc f(x int) string { return `a` + \"b\" }\n" +
		"<?php $a = 1; echo \"x$a\"; ?>\n<div class=\"a\">{#if x}{x}{/if}</div>\n" +
		"Title\n=====\n\n.. code:: go\n\n   x := 1\n\n* item **bold** `lit`\n" +
		"my $x = 42; say \"hi $x\"; sub f($a) { $a ~ 'b' }\n" +
		"(defun f (x) \"doc\" (+ x 1)) ; c\n{{ if .X }}y{{ end }}\n" +
		"GET /x HTTP/1.1\r\nHost: a\r\n\r\n{\"a\": 1}\n" +
		"example.com {\n\treverse_proxy localhost:8080\n}\n=> gemini://x y\n# h\n"
	for _, name := range []string{"Caddyfile", "Caddyfile Directives", "ERB", "Gemtext", "Genshi Text", "Genshi HTML", "Genshi",
		"Go", "Go HTML Template", "Go Text Template", "Haxe", "HTTP", "markdown", "Markless", "PHTML", "PHP", "Raku",
		"reStructuredText", "Svelte", "TypoScript", "YAML+Jinja", "Common Lisp", "EmacsLisp", "HTML", "MySQL"} {
		mine, theirs := lexers.Get(name), upstream.Get(name)
		if mine == nil || theirs == nil || mine.Config().Name != name {
			t.Fatalf("%s: %v in the copy, %v upstream", name, mine, theirs)
		}
		want, err := chroma.Tokenise(theirs, nil, sample)
		if err != nil {
			t.Fatalf("%s: upstream: %v", name, err)
		}
		got, err := chroma.Tokenise(mine, nil, sample)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: %d tokens (%v), upstream %d", name, len(got), err, len(want))
		}
	}
}
