// Command ranks writes the rank tables reader/tokencount embeds: every
// token of an encoding, as the tokenizer library holds it, with its rank.
// The library builds its vocabulary as a Go map the first time it is used,
// 30 ms for cl100k_base and 50 ms for o200k_base on each run of readlens;
// the tables are read where they lie in the binary.
//
// Run with go generate in reader/tokencount; TestRanksAreTheLibrarys holds
// the tables to the library.
//
// A table is, little-endian: the count n; n+1 offsets of the tokens in
// the text, the tokens sorted by their bytes; their n ranks; the text.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"sort"

	"github.com/tiktoken-go/tokenizer"
)

func main() {
	for _, enc := range []tokenizer.Encoding{tokenizer.Cl100kBase, tokenizer.O200kBase} {
		if err := write(enc); err != nil {
			fmt.Fprintln(os.Stderr, "ranks:", err)
			os.Exit(1)
		}
	}
}

type token struct {
	text string
	rank uint32
}

func write(enc tokenizer.Encoding) error {
	codec, err := tokenizer.Get(enc)
	if err != nil {
		return err
	}
	var tokens []token
	// Decode knows the vocabulary's ranks, not the special tokens, which
	// are not pieces of text: an id it does not know is none of them.
	for id := uint(0); id < 1<<20; id++ {
		if text, err := codec.Decode([]uint{id}); err == nil {
			tokens = append(tokens, token{text, uint32(id)})
		}
	}
	sort.Slice(tokens, func(i, j int) bool { return tokens[i].text < tokens[j].text })
	var head, text bytes.Buffer
	le := binary.LittleEndian
	head.Write(le.AppendUint32(nil, uint32(len(tokens))))
	for _, t := range tokens {
		head.Write(le.AppendUint32(nil, uint32(text.Len())))
		text.WriteString(t.text)
	}
	head.Write(le.AppendUint32(nil, uint32(text.Len())))
	for _, t := range tokens {
		head.Write(le.AppendUint32(nil, t.rank))
	}
	head.Write(text.Bytes())
	return os.WriteFile(string(enc)+".ranks", head.Bytes(), 0o644)
}
