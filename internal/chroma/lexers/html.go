package lexers

import (
	"github.com/alecthomas/chroma/v2"
)

// HTML lexer.
var HTML = lazy(func() chroma.Lexer { // readlens: built on first use
	return chroma.MustNewXMLLexer(embedded, "embedded/html.xml")
})
