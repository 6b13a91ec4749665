package tui

import (
	"embed"
	"io/fs"

	"github.com/readlens/readlens/reader"
)

// The demo tree is written by `go run ./internal/fixtures/gen -demo tui/_demo`
// (the go tool builds nothing under a directory whose name starts with _).
//
//go:embed all:_demo
var demoFiles embed.FS

// DemoRoot is where the demo tree appears to the agents' tools.
const DemoRoot = "/readlens-demo"

// Demo opens the sample tree embedded in the binary, with a card already
// read for each thing a read tool cuts or refuses.
func Demo() Options {
	tree, err := fs.Sub(demoFiles, "_demo")
	if err != nil {
		panic(err) // the embed pattern above guarantees the directory
	}
	at := func(p string) string { return DemoRoot + "/" + p }
	return Options{
		FS: reader.Mount(tree, DemoRoot), Dir: DemoRoot, Cwd: DemoRoot, Worktree: DemoRoot,
		Reads: []Read{
			{Path: at("src/server.go")},                    // past opencode's 2000-line cap
			{Path: at("web/app.min.js")},                   // past its 50 KB byte cap
			{Profile: "pi", Path: at("notes/windows.txt")}, // pi keeps every \r
			{Path: at("notes/hidden.md")},                  // what the model reads and people don't see
			{Path: at("bin/tool.wasm")},                    // refused as binary
			{Path: at("assets/logo.png")},                  // attached whole
		},
	}
}
