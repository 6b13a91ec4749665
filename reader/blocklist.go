package reader

import (
	"slices"
	"strings"

	"github.com/readlens/readlens/reader/node"
)

// The blocklist policy, from design document 001 ("Read Tool Binary
// Filtering", 2026-01-10): a strict extension blocklist that a read tool
// checks after its image and PDF branches and before it reads text, so
// images and PDFs still pass. A hit is an error, never an empty success,
// so the model does not mistake a refused read for an empty file.
//
// Any profile can run with it: Request.Blocklist (readlens read
// --blocklist) turns it on for a call, Plan.Blocklist lets a profile turn it
// on for all of its calls. The pipeline checks it between media detection
// and binary detection.

// blockedExts is the document's BINARY_EXTENSIONS, in its order:
// executables, archives, databases, non-image media, system files.
var blockedExts = []string{
	".exe", ".dll", ".so", ".dylib", ".bin", ".class", ".o", ".obj",
	".zip", ".tar", ".gz", ".rar", ".7z", ".jar", ".war",
	".db", ".sqlite", ".sqlite3", ".parquet", ".h5",
	".mp3", ".mp4", ".wav", ".avi", ".mov", ".mkv",
	".ds_store", "thumbs.db",
}

// blockedName returns the entry of the blocklist that path hits, or "".
//
// The document lowercases the extension and looks it up. Its set also lists
// ".ds_store" and "thumbs.db", which no extension can equal (Node's extname
// of ".DS_Store" is ""): readlens matches those two against the whole
// lowercased file name, which is what the document means them for.
// "Thumbs.db" hits ".db" first.
func blockedName(path string) string {
	ext := strings.ToLower(node.Extname(path))
	if ext != "" && slices.Contains(blockedExts, ext) {
		return ext
	}
	switch base := strings.ToLower(node.Basename(path)); base {
	case ".ds_store", "thumbs.db":
		return base
	}
	return ""
}

// Blocks reports whether the blocklist is on for the call and refuses path.
// A profile whose size rule would otherwise answer from stat, before the
// blocklist is consulted, leaves the rule to Format for such a path.
func (e Env) Blocks(path string) bool { return e.Blocklist && blockedName(path) != "" }

// blockedText is readlens's wording of a hit: the document gives only
// "Extension is restricted" as an example, so the text names the file and
// the extension, in the shape of opencode's "Cannot read binary file: P".
func blockedText(path, ext string) string {
	return "Cannot read " + path + ": extension \"" + ext + "\" is restricted"
}

// BlockWorder is a profile that words a blocklist hit in its own format
// (envelope's JSON); the others get blockedText as their error.
type BlockWorder interface {
	Blocked(p *Plan, f *Found) *Outcome
}

// formatBlocked words a blocklist hit for profile p.
func formatBlocked(p Profile, plan *Plan, f *Found) *Outcome {
	if w, ok := p.(BlockWorder); ok {
		return w.Blocked(plan, f)
	}
	return Fail(blockedText(plan.Path, f.Blocked))
}
