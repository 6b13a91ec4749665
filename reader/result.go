package reader

import (
	"encoding/json"
	"image"
	"time"
)

// Result is one run of an agent's read tool.
type Result struct {
	Profile string          // the readlens profile that ran
	Tool    string          // the tool name the model called
	Args    json.RawMessage // the arguments, verbatim
	// Title is the agent's own title for the call (opencode's worktree-relative
	// path); HasTitle says whether the agent has one at all.
	Title    string
	HasTitle bool
	Path     string // the path the tool resolved and read ("" when it never got that far)
	// RealPath is Path with its symbolic links resolved; Outside says it
	// leaves the agent's working directory (the agent may read it anyway).
	RealPath string
	Outside  bool

	Output      string // exactly what the model receives
	IsError     bool   // the tool reported an error; Output is its text
	Attachments []Attachment

	// Parts cut Output into the pieces a renderer styles differently; their
	// texts joined are Output, byte for byte.
	Parts []Part
	// Lines are the source lines shown, with the numbers the tool gave them,
	// for views that highlight source instead of showing the raw text.
	Lines      []Line
	Truncation Truncation
	// Facts are what the pipeline found at the path.
	Facts Facts
	// Tokens is the token count a tool that caps tokens made of the text
	// (Claude Code), as readlens estimates it; nil for other tools.
	Tokens *Tokens
	// Preview is the tool's own short preview of the result (opencode's
	// metadata.preview: the first 20 lines shown), which reaches the UI and
	// never the model; HasPreview says whether the tool makes one.
	Preview    string
	HasPreview bool
	// After is text the agent sends the model right after the result,
	// outside it, in the same message (Claude Code's note on a resized
	// image): the model reads it, but it is not the tool's output.
	After string
	// Note is readlens's own remark (a tool that would hang, a line too long
	// to hold); it is never part of Output.
	Note string
	// Unworded says the engine answered with facts alone: for a plain file
	// the tool shows whole with nothing hidden, as Request.FactsOnly
	// allows (plain.go: Lines are empty, and Truncation's lines are the
	// file's, by the engine's count), or for any page, as Request.NoWords
	// asks (Lines are the page's, as the window made them; of a plain page
	// cut in its middle, plaincut.go, the lines shown, numbered, without
	// their text). Output and Parts hold no more than an error's text.
	Unworded bool
	Stats    Stats
}

// PartKind says what a piece of the output is.
type PartKind uint8

const (
	PartFrame  PartKind = iota // markup around the content: tags, separators, JSON punctuation
	PartLine                   // one source line as printed, its number prefix included
	PartCut                    // the marker a tool appends to a line it cut
	PartNotice                 // a footer or notice: truncation hints, end-of-file lines
	PartError                  // the text of an error
	PartMedia                  // the text standing for an attachment ("Image read successfully")
)

// Part is one piece of a tool's output.
type Part struct {
	Kind PartKind
	// Escaped says Text is words written inside a JSON string, escaped as
	// JSON.stringify or Python's json.dumps writes them (Cline's answer,
	// envelope's): a view that shows the words, not the exact text, reads
	// them unescaped. It matters on the parts such a view reads words from
	// (render's pretty view: notices and cut marks).
	Escaped bool
	Text    string
	Line    int // for PartLine and PartCut: the line number
	// Prefix is the length of the number prefix at the start of a PartLine
	// ("12: " for opencode, "" for pi).
	Prefix int
}

// Attachment is a file a tool hands over whole: an image or a PDF.
type Attachment struct {
	Mime   string `json:"mime"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
	// Reencoded says the bytes are readlens's own encoding of what the tool
	// sends (pi's resized image): its mime type and dimensions are the
	// tool's, its bytes, size and digest as close as readlens's port of
	// the tool's encoder makes them. --json says "bytes_exact": false.
	Reencoded bool `json:"-"`
	// Unmade says the tool sends an image readlens did not make, for a
	// caller that asked for facts alone (Picture.FactsOnly): its size and
	// digest are unknown, its dimensions the first the tool tries.
	Unmade bool `json:"-"`
	// Original is the file the tool made this image of, when it changed
	// it (resized or re-encoded it); nil when it sends the file itself.
	Original *Original `json:"original,omitempty"`
	// Reference, for an image readlens encodes itself (Reencoded), is what
	// the agent sent for the same file in an oracle recording: how close
	// readlens's bytes are. Nil for a file no recording holds.
	Reference *Reference `json:"reference,omitempty"`
	// Pixels are the image the model receives, decoded and fitted into
	// ThumbnailSide pixels (Thumbnail), for a UI to draw; nil unless the
	// request asked for them (Request.Pictures) and the image decodes.
	Pixels image.Image `json:"-"`
}

// Reference is the image an agent sent for a file, as its oracle recorded it.
type Reference struct {
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
	Case   string `json:"case"` // the recording: testdata/oracle/<agent>/<case>.json
}

// Original is an image file as it is on disk.
type Original struct {
	Width  int   `json:"width"`
	Height int   `json:"height"`
	Size   int64 `json:"size"`
}

// MarshalJSON adds bytes_exact: whether the bytes described are the ones
// the model receives.
func (a Attachment) MarshalJSON() ([]byte, error) {
	type plain Attachment
	return json.Marshal(struct {
		plain
		BytesExact bool `json:"bytes_exact"`
	}{plain(a), !a.Reencoded})
}

// Truncation is what the tool left out, as facts, so no one parses Output.
type Truncation struct {
	FirstLine  int  `json:"first_line"` // first line shown (1-based), 0 when none
	LastLine   int  `json:"last_line"`  // last line shown, 0 when none
	TotalLines int  `json:"total_lines"`
	TotalKnown bool `json:"total_known"` // the tool counted the whole file
	// Cap names what ended the window early, "" when the tool showed the rest.
	Cap Cap `json:"cap"`
	// NextOffset is the offset the tool's own notice tells the model to use
	// next, in the tool's units; 0 when it names none.
	NextOffset int `json:"next_offset"`
	// Next is the continuation call's arguments, in the tool's schema.
	Next json.RawMessage `json:"next,omitempty"`
	// Silent says the tool cut the window by its own cap and told the model
	// nothing (codex's default limit): Next is then the call a model would
	// make next, which the tool never asked for.
	Silent   bool  `json:"silent,omitempty"`
	CutLines []int `json:"cut_lines,omitempty"` // lines the per-line cap cut
	// Resumes and Ends tell an answer cut in its middle (Codex's harness
	// keeps the head and the tail of a long tool output): LastLine is then
	// the head's last line shown whole, the tail shows Resumes to Ends
	// whole, and the lines between are not shown whole. 0: no such cut.
	Resumes int `json:"resumes,omitempty"`
	Ends    int `json:"ends,omitempty"`
}

// Facts are what the pipeline found at a call's path, for callers that
// judge a result by facts rather than by its words (readlens compare).
// Examined is false when the call never reached a path: the tool refused
// its arguments first, or the call read several files at once.
type Facts struct {
	Examined bool
	Kind     Kind
	Size     int64     // as stat reports it
	ModTime  time.Time // as stat reports it
	Regular  bool      // stat says a regular file: not a device read as one
	Binary   bool      // the profile's binary rule refused the file (Plan.Binary)
	Blocked  string    // the blocklist entry the file hit
	TooLarge bool      // over the profile's Plan.MaxSize: nothing was read
	Escaped  bool      // the path led outside Plan.Within when it was opened
	// ImageOmitted says the tool read an image and sends the model none of
	// it (Converted.Omitted): pi's and opencode's session's "omitted".
	ImageOmitted bool
	// BOM is how many bytes of a byte order mark the tool's decoding
	// dropped: the model never sees them.
	BOM int
}

// Cap is what ended a window early.
type Cap string

const (
	CapNone      Cap = ""
	CapLimit     Cap = "limit"      // the call's own limit; more lines follow
	CapLines     Cap = "lines"      // the tool's line cap
	CapBytes     Cap = "bytes"      // the tool's byte (or character) cap
	CapFirstLine Cap = "first_line" // the first line alone exceeds the byte cap
	CapEntries   Cap = "entries"    // a directory listing's page
	CapBinary    Cap = "binary"     // the file was refused as binary: nothing shown
	CapTokens    Cap = "tokens"     // the tool's token cap (Claude Code's partial first page)
)

// Cut reports whether the tool cut anything: a cap or a long line.
func (t Truncation) Cut() bool {
	return (t.Cap != CapNone && t.Cap != CapLimit) || len(t.CutLines) > 0
}

// Tokens is what readlens knows of a read's token count, for tools that cap
// tokens: always an estimate, since readlens cannot call the agent's API.
type Tokens struct {
	Estimated bool   `json:"estimated"` // always true: readlens cannot call the API
	Tokenizer string `json:"tokenizer"`
	// Local is the tool's own length-based estimate, which decides whether
	// it counts at all (it counts only past Cap/4).
	Local int `json:"local_estimate"`
	// Count is readlens's tokenizer count, 0 when the tool would not count.
	Count int `json:"count"`
	Cap   int `json:"cap"`
}

// Stats describe the work done.
type Stats struct {
	BytesRead    int64         `json:"bytes_read"`
	LinesScanned int64         `json:"lines_scanned"`
	Elapsed      time.Duration `json:"-"`
}
