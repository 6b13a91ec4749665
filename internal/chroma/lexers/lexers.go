package lexers

import (
	"embed"
	"io/fs"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

//go:embed embedded
var embedded embed.FS

// GlobalLexerRegistry is the global LexerRegistry of Lexers, built the
// first time a lexer is looked for (readlens: upstream builds it as the
// program starts, parsing every embedded definition, 20-30 ms of every run).
var GlobalLexerRegistry = sync.OnceValue(func() *chroma.LexerRegistry {
	reg := chroma.NewLexerRegistry()
	// index(reg)
	paths, err := fs.Glob(embedded, "embedded/*.xml")
	if err != nil {
		panic(err)
	}
	for _, path := range paths {
		reg.Register(chroma.MustNewXMLLexer(embedded, path))
	}
	// Then the lexers written in Go, in the order upstream registers them,
	// and then what upstream's init functions do to the registry.
	for _, lexer := range registered {
		reg.Register(lexer)
	}
	for _, f := range onLoad {
		f(reg)
	}
	return reg
})

var (
	registered []chroma.Lexer
	onLoad     []func(*chroma.LexerRegistry)
)

// afterLoad runs f on the registry once it is built; it stands for an
// upstream init function (readlens).
func afterLoad(f func(*chroma.LexerRegistry)) struct{} {
	onLoad = append(onLoad, f)
	return struct{}{}
}

// Names of all lexers, optionally including aliases.
func Names(withAliases bool) []string {
	return GlobalLexerRegistry().Names(withAliases)
}

// Aliases of all the lexers, and skip those lexers who do not have any aliases,
// or show their name instead
func Aliases(skipWithoutAliases bool) []string {
	return GlobalLexerRegistry().Aliases(skipWithoutAliases)
}

// Get a Lexer by name, alias or file extension.
//
// Note that this if there isn't an exact match on name or alias, this will
// call Match(), so it is not efficient.
func Get(name string) chroma.Lexer {
	return GlobalLexerRegistry().Get(name)
}

// MatchMimeType attempts to find a lexer for the given MIME type.
func MatchMimeType(mimeType string) chroma.Lexer {
	return GlobalLexerRegistry().MatchMimeType(mimeType)
}

// Match returns the first lexer matching filename.
//
// Note that this iterates over all file patterns in all lexers, so it's not
// particularly efficient.
func Match(filename string) chroma.Lexer {
	return GlobalLexerRegistry().Match(filename)
}

// lazy is the lexer build makes, made the first time it is used
// (readlens: upstream makes the lexers written in Go as the program starts,
// parsing their XML definitions and filling Common Lisp's and Emacs Lisp's
// keyword maps, a tenth of every run's start).
func lazy(build func() chroma.Lexer) chroma.Lexer {
	return &lazyLexer{build: sync.OnceValue(build)}
}

type lazyLexer struct{ build func() chroma.Lexer }

func (l *lazyLexer) Config() *chroma.Config { return l.build().Config() }

func (l *lazyLexer) Tokenise(o *chroma.TokeniseOptions, text string) (chroma.Iterator, error) {
	return l.build().Tokenise(o, text)
}

func (l *lazyLexer) SetRegistry(r *chroma.LexerRegistry) chroma.Lexer {
	l.build().SetRegistry(r)
	return l
}

func (l *lazyLexer) SetAnalyser(analyser func(text string) float32) chroma.Lexer {
	l.build().SetAnalyser(analyser)
	return l
}

func (l *lazyLexer) AnalyseText(text string) float32 { return l.build().AnalyseText(text) }

// Register a Lexer with the global registry.
func Register(lexer chroma.Lexer) chroma.Lexer {
	registered = append(registered, lexer)
	return lexer
}

// Analyse text content and return the "best" lexer..
func Analyse(text string) chroma.Lexer {
	return GlobalLexerRegistry().Analyse(text)
}

// PlaintextRules is used for the fallback lexer as well as the explicit
// plaintext lexer.
func PlaintextRules() chroma.Rules {
	return chroma.Rules{
		"root": []chroma.Rule{
			{Pattern: `.+`, Type: chroma.Text, Mutator: nil},
			{Pattern: `\n`, Type: chroma.Text, Mutator: nil},
		},
	}
}

// Fallback lexer if no other is found.
var Fallback chroma.Lexer = chroma.MustNewLexer(&chroma.Config{
	Name:      "fallback",
	Filenames: []string{"*"},
	Priority:  -1,
}, PlaintextRules)
