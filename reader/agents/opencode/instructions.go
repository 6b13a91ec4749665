package opencode

import (
	"strings"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// InstructionNames are the instruction files opencode looks for in each
// directory, in its order (both eras).
var InstructionNames = reader.NewNames("AGENTS.md", "CLAUDE.md", "CONTEXT.md")

// ocInstructions is Instruction.resolve: the instruction files opencode
// appends to a read. From the directory of the file's resolved path up to,
// not including, the session directory (a prefix of the path, tested
// without a separator), each directory's first of AGENTS.md, CLAUDE.md and
// CONTEXT.md that exists, of any kind: a directory there, or the file being
// read, adds nothing and hides the names after it.
func ocInstructions(env reader.Env, file string) []string {
	root := node.Resolve("/", env.Cwd)
	target := node.Resolve("/", file)
	var found []string
	for dir := node.Dirname(target); strings.HasPrefix(dir, root) && dir != root; dir = node.Dirname(dir) {
		for _, n := range reader.StatEach(env.FS, dir, InstructionNames) {
			if n.Err != nil {
				continue
			}
			// opencode reads what is not a regular file and gets ""; a FIFO
			// would hold it forever, and readlens does not open one.
			if n.Path != target && n.Info.Mode().IsRegular() {
				found = append(found, n.Path)
			}
			break
		}
		if dir == "/" {
			break
		}
	}
	return found
}

// Reminders appends the instruction files a read found to its output, as
// opencode words them in both eras: one system reminder, each file's text,
// as the caller's Bun read it, after its path; a file left empty adds
// nothing.
func Reminders(o *reader.Outcome, extras []reader.Extra) {
	first := true
	for _, x := range extras {
		text := x.Text
		if text == "" {
			continue
		}
		if first {
			o.Frame("\n\n<system-reminder>\n")
		} else {
			o.Frame("\n\n")
		}
		first = false
		o.Notice("Instructions from: " + x.Path + "\n" + text)
	}
	if !first {
		o.Frame("\n</system-reminder>")
	}
}

// withoutMarks is the files' texts as this release's Bun reads them: a
// byte order mark dropped.
func withoutMarks(extras []reader.Extra) []reader.Extra {
	out := make([]reader.Extra, len(extras))
	for i, x := range extras {
		out[i] = reader.Extra{Path: x.Path, Text: strings.TrimPrefix(x.Text, "\ufeff")}
	}
	return out
}
