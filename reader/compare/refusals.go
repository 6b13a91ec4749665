package compare

import "strings"

// refusals are the refusals as the tools word them. For most, no fact of
// the engine's records them: the tool words them from a size, an
// extension or a workspace check of its own, so the words are all there
// is. The binary refusals (the last entries) are also facts, and are here
// for what has only the words: a recorded session (Refusal). Each is
// matched on the exact start of the first line of the tool's error text,
// as the profile (named beside it) words it; TestRefusalWording holds each
// entry to an answer of the engine's.
var refusals = []struct {
	profile, prefix, reason string
	suffix                  string // the line's end, where the start alone says too little
}{
	// claude.go, Plan: the 121-extension binary list, before any read.
	{"claude-code", "<tool_use_error>This tool cannot read binary files.", ReasonBinary, ""},
	// media.go and notebook.go: the PDF and notebook limits.
	{"claude-code", "PDF file exceeds maximum allowed size of 20MB.", ReasonTooLarge, ""},
	{"claude-code", "This PDF has ", ReasonTooLarge, ""}, // "… pages, which is too many to read at once."
	{"claude-code", "Notebook content (", ReasonTooLarge, ""},
	// crush.go: a section must be valid UTF-8 (its only binary check), and
	// no larger than its view limit.
	{"crush", "File content is not valid UTF-8", ReasonNotUTF8, ""},
	{"crush", "Image file is too large (", ReasonTooLarge, ""},
	{"crush", "Content section is too large (", ReasonTooLarge, ""},
	// cline.go: its size limits, and images for a model without vision.
	{"cline", "Error reading file: Image file too large: ", ReasonTooLarge, ""},
	{"cline", "Error reading file: Text file too large to stream safely: ", ReasonTooLarge, ""},
	{"cline", "Error reading file: Current model does not support image input", ReasonMedia, ""},
	// gemini.go: the workspace check (Plan) and the size limits.
	{"gemini-cli", "Path not in workspace: ", ReasonOutside, ""},
	{"gemini-cli", "File size exceeds the ", ReasonTooLarge, ""},
	{"gemini-cli", "Cannot display content of SVG file larger than 1MB: ", ReasonTooLarge, ""},
	// A binary audio file of a type it has no mime type to send for.
	{"gemini-cli", "Unsupported audio file format for ", ReasonMedia, ""},
	// ignore.go: a path its .gitignore or .geminiignore rules ignore.
	{"gemini-cli", "File path '", ReasonIgnored, "' is ignored by configured ignore patterns."},
	// envelope.go, Plan: ACCESS_DENIED for a path out of the project root
	// (the message as it stands in the envelope's "text").
	{"envelope", "Access denied. Path must be within project root.", ReasonOutside, ""},
	// The binary refusals, worded as each tool words them (the engine also
	// records them as facts).
	{"opencode", "Cannot read binary file: ", ReasonBinary, ""},
	{"opencode-legacy", "Error: Cannot read binary file: ", ReasonBinary, ""}, // String(error), as the session sends it
	{"dmcc", "Cannot read binary file: ", ReasonBinary, ""},
	{"gemini-cli", "Cannot display content of binary file: ", ReasonBinary, ""},
	{"envelope", "File '", ReasonBinary, "' appears to be binary."},
}

// Refusal is the reason a tool's answer gives when it is one of the
// profile's refusals, by its words alone, or "": what a recorded session
// can say of an answer it holds only as text.
func Refusal(profile, text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return refusedByWords(profile, line)
}

// refusedByWords is the reason a profile's refusal gives, or "".
func refusedByWords(profile, message string) string {
	for _, r := range refusals {
		if r.profile == profile && strings.HasPrefix(message, r.prefix) && strings.HasSuffix(message, r.suffix) {
			return r.reason
		}
	}
	return ""
}
