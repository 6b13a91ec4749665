// Package reader runs a coding agent's file-read tool the way the agent does,
// byte for byte, with memory that does not grow with the file.
//
// # The pipeline
//
// One pipeline serves every agent; a Profile supplies the rules and the words:
//
//	validate and resolve  -> Profile.Plan        (plan.go: Plan, Env)
//	stat and classify     -> examine             (examine.go, special.go, fs.go, beneath.go)
//	detect media, binary  -> Plan.Media, Plan.Binary, the blocklist (sniff.go, blocklist.go)
//	alter an image        -> Plan.Image          (picture.go: Picture, Converted)
//	decode and window     -> scanner, window     (decode.go, utf8.go, lines.go, window.go)
//	format                -> Profile.Format      (outcome.go: Outcome, then result.go: Result)
//
// A caller that wants only the facts (Request.FactsOnly: an audit) may get
// them without the last two stages: a plain file that the window shows
// whole, and the profile words whole (PlainWhole), is answered from its
// shape (plain.go), Result.Unworded; with no words wanted (Request.NoWords),
// so is one whose middle what surrounds the tool cuts, or whose head the
// tool shows and says so (PlainCut: MiddleCut.Told), or whose head the
// window's caps leave (PlainHeadCut). An image
// the tool would resize and re-encode is then only decoded: that an image
// is sent is the fact, not which (Picture.FactsOnly, Attachment.Unmade).
// Whatever the caller, a plain file held in memory (a compare's or an
// audit's Snapshot) that the window reads is cut at its newlines alone,
// with no look at a line's bytes (held.go: nextPlain).
//
// Read runs it for one Request and returns a Result: the exact text the model
// receives, the pieces a renderer styles, and the facts of what was cut
// (Truncation), of what was found at the path (Facts) and, line by line, of
// what the model cannot see (Line.Lost, Line.Replaced, Line.CRLF), from
// which reader/compare judges every agent without reading its words.
// reader imports no agent: a Request carries the Profile it runs, and
// reader/agents/all holds every agent readlens has, in order.
//
// # Writing a profile
//
// An agent lives in its own package, reader/agents/<name>, which exports one
// value:
//
//	// Profile is pi's read tool, as readlens reproduces it.
//	var Profile reader.Profile = pi{}
//
// and implements the Profile contract:
//
//   - Info names the agent, the release it reproduces and the tool's schema;
//     `readlens profiles` prints it.
//   - Args turns --offset and --limit into the tool's own arguments.
//   - Plan reads the arguments (ParseArgs has kept their JSON types and key
//     order, which validators quote back), resolves the path the agent's way,
//     and returns a Plan: which bytes detection sees, how text is decoded and
//     split (Text), which lines are shown and what caps apply (Window, LineCut,
//     Budget), what becomes of a directory (DirRule). A tool that refuses
//     paths outside a root names it in Within: the engine then opens the path
//     through that root, so no link swapped in after the check leads out
//     (Found.Escaped). An Outcome instead of a Plan ends the call: that is
//     how a tool's argument errors are worded.
//   - Format words what the pipeline Found, with the Outcome builders: Frame
//     for markup, Line for each source line, Notice for footers, Media for an
//     attachment's text, Fail for an error. Truncation records what was cut,
//     as facts, so no one parses the output.
//
// A profile whose one call reads several files implements Several; one
// that words a blocklist hit in its own format implements BlockWorder.
// WouldHang is the answer for a file the agent would never come back from.
// One whose wording adds no cap of its own to a plain page the window left
// whole implements PlainWhole, and an audit skips wording such pages; one
// whose answer is cut in its middle past a length (Codex's harness, Cline's
// message builder) implements PlainCut, to say where from the page's ends,
// as does Claude Code for its partial page past the token cap; one whose
// facts of a page follow from how the window stopped (Stopped) implements
// PlainHeadCut, and an audit without tokens skips windowing the heads of
// long plain files.
//
// What the agents' runtimes do to paths, numbers and errors lives in leaf
// packages that know nothing of readlens: reader/node (Node and Bun),
// reader/python, reader/serde and reader/photon (the image library pi's
// resize runs on). An agent imports the one its tool runs on.
package reader
