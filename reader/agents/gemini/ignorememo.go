package gemini

import (
	"crypto/sha256"
	"sync"
)

// Reading and compiling the ignore files above a file was half of what a
// call costs in a git repository: an audit asks about every file, and each
// call compiled the .gitignore of every directory above it again. An ignore
// file's rules follow from its name, its base, its parser and its text
// alone, so they are kept by those, the text by its SHA-256: a file
// changed since is a new text, and gets its own rules.
var gmMemo struct {
	mu    sync.Mutex
	rules map[gmMemoKey][]*gmRule
}

type gmMemoKey struct {
	name, base string
	gemini     bool
	text       [sha256.Size]byte
}

// gmMemoMax bounds the texts kept: a tree has one ignore file for a few
// directories at most, and past the bound the memory starts again.
const gmMemoMax = 1024

// gmRulesOf is gmParse's answer, kept. The rules are shared, never
// changed: the slice has no room to append into.
func gmRulesOf(text, name, base string, gemini bool) []*gmRule {
	k := gmMemoKey{name: name, base: base, gemini: gemini, text: sha256.Sum256([]byte(text))}
	gmMemo.mu.Lock()
	r, ok := gmMemo.rules[k]
	gmMemo.mu.Unlock()
	if ok {
		return r
	}
	r = gmParse(text, name, base, gemini)
	r = r[:len(r):len(r)]
	gmMemo.mu.Lock()
	defer gmMemo.mu.Unlock()
	if gmMemo.rules == nil || len(gmMemo.rules) >= gmMemoMax {
		gmMemo.rules = map[gmMemoKey][]*gmRule{}
	}
	gmMemo.rules[k] = r
	return r
}
