// Package claude reproduces Claude Code's Read tool for readlens.
//
//	agent: Claude Code 2.1.330, tool "Read"
//	source: the Read tool of the native CLI (npm @anthropic-ai/claude-code-linux-x64), read from the binary's embedded source
//	spec: shared/research/others.md §1
//	recordings: testdata/oracle/claude-code, the real CLI against a scripted fake Messages API (shared/oracles/claude_code_read.mjs)
//	differs: tokens are counted with a local tokenizer (cl100k_base), not Anthropic's count_tokens API: the 25,000-token cap and the partial page's end can fall elsewhere
//	differs: the context room is that of a fresh session in the oracle (about 1.35 MB or 112,500 tokens): it decides whether the caps' messages offer allow_large, and how far allow_large reaches
//	differs: PDF pages are rendered by the pdftoppm of the machine readlens runs on, as Claude Code renders them there (without one, its error); page counts come from the PDF's page objects, not from pdftoppm's or pdfinfo's messages
//	differs: images go through Claude Code's resize (2000x2000, 512,000 bytes, JPEG past that) with Go's decoders and encoders, not Bun.Image's: the mime type, the dimensions and the note after the image are the tool's, the bytes are not (bytes_exact: false), a resized WebP's bytes are not produced at all, and the palette PNG it tries before a JPEG is not (a resized PNG over the budget is sent as a JPEG); image limits are those of models without limits of their own (claude-sonnet-4-5, the oracle's)
//	differs: notebooks are read up to 20 MB (Claude Code: 100 MB); invalid notebook JSON gets Bun's parse message for the errors recorded (an early end, content after the value, a bare word, an unknown character, a bad escape, a control character in a string, a missing ':', ',' or closing bracket, a number cut short), another may be worded otherwise
//	differs: devices are not read: /dev/null is known to be empty, other devices get a note (the endless ones are refused by name, as Claude Code does)
//	differs: the harness's own reminders (<total_tokens>, the malware note) are left out; the trimming of the result's end they cause is kept
package claude
