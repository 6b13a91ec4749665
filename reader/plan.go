package reader

import (
	"io/fs"
	"sync/atomic"
	"time"
)

// Env is the world a call runs in: the agent's working directory and project.
type Env struct {
	FS       FS
	Cwd      string // the agent's working directory: relative paths resolve against it
	Worktree string // the project root the agent sees (opencode's git worktree, else "/")
	Home     string // the user's home directory, for "~"
	// Elapsed is the time since the call began, on the request's clock, for
	// tools that report their own timing (envelope's time_ms).
	Elapsed func() time.Duration
	// Blocklist turns the extension blocklist on for every file of the call.
	Blocklist bool
	// Tokens is Request.Tokens: the vendor's count, when the user allows
	// readlens to ask for it.
	Tokens TokenCounter
	// NoImages says the model takes no image input (Request.NoImages):
	// tools that ask the model, as Cline does, refuse images.
	NoImages bool
	// Model is Request.Model: the model the agent runs, "" for the
	// oracle's.
	Model string

	progress  *atomic.Int64 // Request.Progress
	marks     *Marks        // Request.Marks
	pictures  bool          // Request.Pictures
	factsOnly bool          // Request.FactsOnly
	noWords   bool          // Request.NoWords
}

// Plan is what a profile asks of the pipeline for one call.
type Plan struct {
	Path  string // the absolute path the tool reads
	Title string // the tool's title for the call, when it has one

	// Within, when set, is the directory the read must stay beneath: the
	// root the profile checked Path against. The engine opens Path through
	// a handle on it that refuses to leave it (beneath.go), so a link
	// swapped in after the check cannot lead the read out: Found.Escaped
	// says so instead.
	Within string

	Dir  DirRule // what becomes of a directory
	Near bool    // a missing path lists its parent directory, for suggestions
	// NearDir is the directory Near lists when the tool does not take
	// Node's path.dirname of Path: Go's filepath.Dir cleans the name, so
	// "a/x/../b/f" lists "a/b" even where "a/x" is missing (crush).
	NearDir string

	// Sample is how many leading bytes media and binary detection see.
	// SampleBySize caps it at the size stat reports, as opencode does, which
	// makes it empty for /proc files (they report size 0).
	Sample       int
	SampleBySize bool
	// Media returns the mime type of a file the tool hands over whole, or "".
	Media func(sample []byte, path string) string
	// Image, when set, is what the tool does to an image before it sends
	// it (pi decodes it, and resizes and re-encodes it when it is large):
	// the engine reads the image whole, up to maxPicture bytes (the
	// profile's MaxSize should refuse larger files first), calls Image with
	// it, and Found.Image holds the answer. Without it an image is attached
	// as it is, read in a stream and never decoded.
	Image func(pic *Picture) *Converted
	// References are the agent's own bytes for files its oracle recorded,
	// by the file's SHA-256: an image readlens encodes itself then says
	// what the agent sent for that very file (Attachment.Reference).
	References map[string]Reference
	// MediaData keeps an image's bytes in Found.MediaData: for a tool that
	// writes the file into its text (Cline's base64 in JSON).
	MediaData bool
	// Blocklist refuses files by extension after media detection and before
	// binary detection (blocklist.go); Request.Blocklist also turns it on.
	Blocklist bool
	// Binary reports a file the tool refuses as binary.
	Binary func(sample []byte, path string) bool
	// MaxSize, when positive, refuses a regular file larger than this many
	// bytes from its stat alone, before it is opened (Claude Code's 256 KB
	// whole-file cap, Gemini CLI's 20 MB): Found says TooLarge, nothing is
	// read and nothing is held.
	MaxSize int64
	// SizeOnRead moves the MaxSize refusal to where the tool reads the file
	// whole, as Node's readFile refuses it (pi): the file is opened and its
	// sample seen first, so an open that fails still fails, media are still
	// detected and the blocklist still has its say; text is never read.
	SizeOnRead bool
	// Whole, when positive, reads the file whole, up to Whole bytes, into
	// Found.Data instead of windowing it as text: for formats a tool parses
	// as one document (Claude Code's notebooks and PDFs).
	Whole int64

	Text   Text
	Window Window
	// Tail, when positive, ends the window that many lines before the end of
	// the file (pi's negative limit reaches JavaScript's slice, which counts
	// from the end). The file is counted first.
	Tail int
	// Extras are files the tool appends to a text result (opencode's
	// subdirectory AGENTS.md); the pipeline reads them for Format.
	Extras []string

	// Call is the profile's own reading of the arguments, for Format.
	Call any

	progress  *atomic.Int64 // the request's, set by the engine
	marks     *Marks        // the request's
	pictures  bool          // the request's: keep the sent image's pixels
	factsOnly bool          // the request's: Picture.FactsOnly
	// whole is the profile, when the request wants facts alone and the
	// profile can tell a plain page it words whole (plain.go).
	whole PlainWhole
	// cut is the profile, when the request wants no words and the profile
	// can tell where what surrounds the tool cuts a plain page (plain.go).
	cut PlainCut
	// head is the profile, when the request wants no words and the
	// profile can tell its facts of a plain page its window cuts.
	head PlainHeadCut
	// noWords is the request's: the page's outcome keeps no text.
	noWords bool
}

// DirRule says what a tool does with a directory.
type DirRule int

const (
	DirRefuse  DirRule = iota // Format words the refusal
	DirList                   // the entries are listed for Format
	DirMissing                // the tool cannot tell a directory from a missing path
)

// Text says how a tool decodes and splits text.
type Text struct {
	StripBOM bool     // a leading UTF-8 byte order mark is dropped
	Encoding Encoding // how bytes become text (EncodingUTF8 unless a tool honours other marks)
	Split    Split
	// DropOpenEnd drops an unfinished UTF-8 sequence that ends the file,
	// as a streaming decoder that is never flushed does (opencode), where
	// one that is flushed shows U+FFFD (openend.go).
	DropOpenEnd bool
}

// Kind is what a path turned out to be.
type Kind int

const (
	KindMissing Kind = iota // nothing readable there; Found.Err says why
	KindFile
	KindDir
	KindSpecial // a FIFO, device or socket
)

// Found is what the pipeline found at a plan's path.
type Found struct {
	Kind    Kind
	Err     error // why a path is missing or could not be opened
	Mode    fs.FileMode
	Size    int64     // as stat reports it
	ModTime time.Time // as stat reports it
	// Escaped says the path led outside Plan.Within when it was opened
	// (Err wraps ErrOutside): nothing was read, and the profile answers as
	// it answers a path outside its root.
	Escaped bool

	// Siblings are the names in the missing path's directory, in directory
	// order (Plan.Near); SiblingsErr says why they could not be listed.
	Siblings    []string
	SiblingsErr error
	Entries     []Entry // a directory's entries (DirList), in directory order

	// Sample is the leading bytes detection saw (Plan.Sample of them).
	Sample []byte
	// Probe is what a look at a special file (or one that reports size 0)
	// found without blocking; nil for ordinary files.
	Probe *Probe

	Media *Attachment
	// Image is what Plan.Image made of Media; nil without Plan.Image.
	Image     *Converted
	MediaData []byte // the image file whole (Plan.MediaData)
	Blocked   string // the blocklist entry the file hit (Plan.Blocklist)
	Binary    bool
	// TooLarge says a regular file was over Plan.MaxSize and was not read
	// (with Plan.SizeOnRead, not beyond its sample; Media is then nil even
	// for an image).
	TooLarge bool
	// Data is the file read whole (Plan.Whole); DataCut says it was longer
	// than Plan.Whole and Data holds only that much.
	Data    []byte
	DataCut bool
	Page    *Page
	Extras  []Extra
	// Plain is the shape of a plain file shown whole, when the engine knew
	// the answer from it and read nothing more (plain.go): Page is nil.
	// PlainCut, when set, is the cut the profile said its answer makes in
	// the page's middle.
	Plain    *PlainPage
	PlainCut *MiddleCut

	BytesRead int64

	examined bool // examine looked at the path (Result.Facts)
}

// Entry is one directory entry as agents list it.
type Entry struct {
	Name string // decoded the way the agents' runtimes decode names
	Dir  bool   // a directory, or a symbolic link to one
}

// Extra is a file a tool appends to its output.
type Extra struct {
	Path string
	Text string
}

// Pictures says the request wants the pixels of each image the model
// receives (Request.Pictures), for a profile that makes images of its
// own (Claude Code's PDF pages).
func (p *Plan) Pictures() bool { return p.pictures }
