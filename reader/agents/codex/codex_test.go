package codex

import (
	"strings"
	"testing"

	"github.com/readlens/readlens/internal/readertest"
)

// Codex read_file: every rule of shared/research/others.md §4, and of
// codex-rs read_file.rs where the spec is silent. The indentation rows
// whose names end in "_upstream" are the handler's own tests.
func TestCodexSpec(t *testing.T) {
	x500 := strings.Repeat("x", 500)
	readertest.RunSpecTable(t, Profile, []readertest.SpecRow{
		// Slice mode: L{n}: prefix, "\n" joins, no header or footer.
		{"slice default", `{"file_path":"$F/small.txt"}`, "L1: Hello, world!\nL2: Line 2\nL3: Line 3", false},
		{"slice offset and limit", `{"file_path":"$F/small.txt","offset":2,"limit":1}`, "L2: Line 2", false},
		{"slice limit past end", `{"file_path":"$F/small.txt","offset":3,"limit":50}`, "L3: Line 3", false},
		{"default limit 2000", `{"file_path":"$F/lines_3000.txt","offset":2000,"limit":2}`, "L2000: line 2000\nL2001: line 2001", false},
		{"trailing newline adds no line", `{"file_path":"$F/trailing.txt"}`, "L1: one\nL2: two", false},
		{"offset past end", `{"file_path":"$F/small.txt","offset":4}`, "offset exceeds file length", true},
		{"trailing newline is not a line", `{"file_path":"$F/trailing.txt","offset":3}`, "offset exceeds file length", true},
		{"empty file", `{"file_path":"$F/empty.txt"}`, "offset exceeds file length", true},
		{"newline only", `{"file_path":"$F/newline.txt"}`, "L1: ", false},
		{"crlf stripped", `{"file_path":"$F/crlf.txt"}`, "L1: a\nL2: b\nL3: c", false},
		{"lone cr kept", `{"file_path":"$F/cr_only.txt"}`, "L1: a\rb\rc", false},
		{"final cr kept", `{"file_path":"$F/trailing_cr.txt"}`, "L1: a\r", false},
		{"mixed endings", `{"file_path":"$F/mixed_endings.txt"}`, "L1: a\nL2: b\nL3: c\rd", false},
		{"tabs kept", `{"file_path":"$F/tabs.txt"}`, "L1: \tindented\nL2:   two spaces  \nL3: end\t", false},
		// 500 bytes a line, silently, at a character boundary.
		{"cut at 500 bytes", `{"file_path":"$F/long_5000.txt"}`, "L1: short first\nL2: " + x500 + "\nL3: after", false},
		{"cut at a char boundary", `{"file_path":"$F/long_cjk.txt","limit":1}`, "L1: " + strings.Repeat("漢", 166), false},
		{"cut counts bytes of the line only", `{"file_path":"$F/codex/long_indent.txt"}`, "L1: " + strings.Repeat(" ", 500) + "\nL2: shallow", false},
		// Lossy decoding, no binary detection, byte order mark kept.
		{"lossy utf8", `{"file_path":"$F/broken_utf8.txt"}`,
			"L1: a\uFFFDb\nL2: \uFFFD\uFFFD\uFFFD\nL3: \uFFFD\nL4: \uFFFDx\nL5: \uFFFD\uFFFD\nL6: \uFFFDend", false},
		{"nul bytes pass", `{"file_path":"$F/nul_early.txt"}`, "L1: abc\x00def\nL2: xyz", false},
		{"bom kept", `{"file_path":"$F/bom_utf8.txt"}`, "L1: \ufeffhello\nL2: world", false},
		{"latin1 lossy", `{"file_path":"$F/latin1.txt"}`, "L1: caf\uFFFD cr\uFFFDme\nL2: na\uFFFDve", false},
		// Argument checks, in the handler's order.
		{"offset 0", `{"file_path":"$F/small.txt","offset":0}`, "offset must be a 1-indexed line number", true},
		{"limit 0", `{"file_path":"$F/small.txt","limit":0}`, "limit must be greater than zero", true},
		{"offset checked before limit", `{"file_path":"x","offset":0,"limit":0}`, "offset must be a 1-indexed line number", true},
		{"relative path", `{"file_path":"small.txt"}`, "file_path must be an absolute path", true},
		{"limit checked before path", `{"file_path":"small.txt","limit":0}`, "limit must be greater than zero", true},
		// I/O errors as Rust prints them, with musl's strerror.
		{"missing", `{"file_path":"$F/missing.txt"}`, "failed to read file: No such file or directory (os error 2)", true},
		{"directory", `{"file_path":"$F/dir"}`, "failed to read file: Is a directory (os error 21)", true},
		{"not a directory", `{"file_path":"$F/small.txt/x"}`, "failed to read file: Not a directory (os error 20)", true},
		{"dangling link", `{"file_path":"$F/link_dangling"}`, "failed to read file: No such file or directory (os error 2)", true},
		{"link loop", `{"file_path":"$F/loop_a"}`, "failed to read file: Symbolic link loop (os error 40)", true},
		{"link followed", `{"file_path":"$F/link_small","limit":1}`, "L1: Hello, world!", false},
		// serde_json's errors as Display prints them, with the position after what it consumed.
		{"missing file_path", `{}`, "failed to parse function arguments: missing field `file_path` at line 1 column 2", true},
		{"missing file_path after fields", `{"offset":1, "limit":2}`, "failed to parse function arguments: missing field `file_path` at line 1 column 23", true},
		{"file_path number", `{"file_path":5}`, "failed to parse function arguments: invalid type: integer `5`, expected a string at line 1 column 14", true},
		{"file_path null", `{"file_path":null}`, "failed to parse function arguments: invalid type: null, expected a string at line 1 column 17", true},
		{"offset string", `{"offset":"2"}`, "failed to parse function arguments: invalid type: string \"2\", expected usize at line 1 column 13", true},
		{"offset string escaped", `{"offset":"a\"b\n"}`, "failed to parse function arguments: invalid type: string \"a\\\"b\\n\", expected usize at line 1 column 18", true},
		{"offset negative", `{"file_path":"/x","offset":-1}`, "failed to parse function arguments: invalid value: integer `-1`, expected usize at line 1 column 29", true},
		{"offset fraction", `{"file_path":"/x","offset":1.5}`, "failed to parse function arguments: invalid type: floating point `1.5`, expected usize at line 1 column 30", true},
		{"offset exponent", `{"file_path":"/x","limit":1e3}`, "failed to parse function arguments: invalid type: floating point `1000.0`, expected usize at line 1 column 29", true},
		{"offset null", `{"file_path":"/x","offset":null}`, "failed to parse function arguments: invalid type: null, expected usize at line 1 column 31", true},
		{"offset boolean", `{"file_path":"/x","offset":true}`, "failed to parse function arguments: invalid type: boolean `true`, expected usize at line 1 column 31", true},
		{"offset array", `{"file_path":"/x","offset":[1]}`, "failed to parse function arguments: invalid type: sequence, expected usize at line 1 column 27", true},
		{"first bad field wins", `{"limit":"a","file_path":5}`, "failed to parse function arguments: invalid type: string \"a\", expected usize at line 1 column 12", true},
		{"position on a later line", "{\n \"file_path\": \"/x\",\n \"mode\": \"Slice\"}", "failed to parse function arguments: unknown variant `Slice`, expected `slice` or `indentation` at line 3 column 16", true},
		{"mode null", `{"file_path":"/x","mode":null}`, "failed to parse function arguments: expected value at line 1 column 26", true},
		{"indentation not an object", `{"file_path":"/x","indentation":5}`, "failed to parse function arguments: invalid type: integer `5`, expected struct IndentationArgs at line 1 column 33", true},
		{"include_siblings not a boolean", `{"file_path":"/x","indentation":{"include_siblings":"yes"}}`, "failed to parse function arguments: invalid type: string \"yes\", expected a boolean at line 1 column 57", true},
		{"unknown fields ignored", `{"file_path":"$F/small.txt","path":7,"limit":1}`, "L1: Hello, world!", false},
		{"indentation null is none", `{"file_path":"$F/small.txt","indentation":null,"limit":1}`, "L1: Hello, world!", false},
		{"slice ignores indentation", `{"file_path":"$F/small.txt","mode":"slice","indentation":{"anchor_line":3},"limit":1}`, "L1: Hello, world!", false},
		// Indentation mode.
		{"block_upstream", `{"file_path":"$F/codex/block.rs","offset":3,"limit":10,"mode":"indentation","indentation":{"anchor_line":3,"max_levels":1}}`,
			"L2:     if cond {\nL3:         inner();\nL4:     }", false},
		{"parents_upstream", `{"file_path":"$F/codex/parents.rs","offset":4,"limit":50,"mode":"indentation","indentation":{"anchor_line":4,"max_levels":2}}`,
			"L2:     fn outer() {\nL3:         if cond {\nL4:             inner();\nL5:         }\nL6:     }", false},
		{"parents_deeper_upstream", `{"file_path":"$F/codex/parents.rs","offset":4,"limit":50,"mode":"indentation","indentation":{"anchor_line":4,"max_levels":3}}`,
			"L1: mod root {\nL2:     fn outer() {\nL3:         if cond {\nL4:             inner();\nL5:         }\nL6:     }\nL7: }", false},
		{"no_siblings_upstream", `{"file_path":"$F/codex/siblings.rs","offset":3,"limit":50,"mode":"indentation","indentation":{"anchor_line":3,"max_levels":1}}`,
			"L2:     if first {\nL3:         do_first();\nL4:     }", false},
		{"siblings_upstream", `{"file_path":"$F/codex/siblings.rs","offset":3,"limit":50,"mode":"indentation","indentation":{"anchor_line":3,"max_levels":1,"include_siblings":true}}`,
			"L2:     if first {\nL3:         do_first();\nL4:     }\nL5:     if second {\nL6:         do_second();\nL7:     }", false},
		{"python_upstream", `{"file_path":"$F/codex/sample.py","offset":1,"limit":200,"mode":"indentation","indentation":{"anchor_line":7,"max_levels":1,"include_siblings":true}}`,
			"L2:     def __init__(self, size):\nL3:         self.size = size\nL4:     def double(self, value):\nL5:         if value is None:\nL6:             return 0\nL7:         result = value * self.size\nL8:         return result", false},
		{"cpp_shallow_upstream", `{"file_path":"$F/codex/sample.cpp","offset":18,"limit":200,"mode":"indentation","indentation":{"anchor_line":18,"max_levels":1}}`,
			"L15:         switch (mode_) {\nL16:             case Mode::Fast:\nL17:                 return fast();\nL18:             case Mode::Slow:\nL19:                 return slow();\nL20:             default:\nL21:                 return fallback();\nL22:         }", false},
		{"cpp_header_comment_upstream", `{"file_path":"$F/codex/sample.cpp","offset":18,"limit":200,"mode":"indentation","indentation":{"anchor_line":18,"max_levels":2}}`,
			"L13:     // Run the code\nL14:     int run() const {\nL15:         switch (mode_) {\nL16:             case Mode::Fast:\nL17:                 return fast();\nL18:             case Mode::Slow:\nL19:                 return slow();\nL20:             default:\nL21:                 return fallback();\nL22:         }\nL23:     }", false},
		{"cpp_no_header_upstream", `{"file_path":"$F/codex/sample.cpp","offset":18,"limit":200,"mode":"indentation","indentation":{"anchor_line":18,"max_levels":2,"include_header":false}}`,
			"L14:     int run() const {\nL15:         switch (mode_) {\nL16:             case Mode::Fast:\nL17:                 return fast();\nL18:             case Mode::Slow:\nL19:                 return slow();\nL20:             default:\nL21:                 return fallback();\nL22:         }\nL23:     }", false},
		{"cpp_siblings_upstream", `{"file_path":"$F/codex/sample.cpp","offset":18,"limit":200,"mode":"indentation","indentation":{"anchor_line":18,"max_levels":2,"include_siblings":true,"include_header":false}}`,
			"L7:     void setup() {\nL8:         if (enabled_) {\nL9:             init();\nL10:         }\nL11:     }\nL12: \nL13:     // Run the code\nL14:     int run() const {\nL15:         switch (mode_) {\nL16:             case Mode::Fast:\nL17:                 return fast();\nL18:             case Mode::Slow:\nL19:                 return slow();\nL20:             default:\nL21:                 return fallback();\nL22:         }\nL23:     }", false},
		{"anchor defaults to offset, levels unlimited", `{"file_path":"$F/codex/block.rs","offset":3,"mode":"indentation"}`,
			"L1: fn outer() {\nL2:     if cond {\nL3:         inner();\nL4:     }\nL5:     tail();\nL6: }", false},
		{"limit caps the block", `{"file_path":"$F/codex/block.rs","offset":3,"limit":3,"mode":"indentation"}`,
			"L2:     if cond {\nL3:         inner();\nL4:     }", false},
		{"max_lines 1 is the anchor alone", `{"file_path":"$F/codex/block.rs","mode":"indentation","indentation":{"anchor_line":3,"max_lines":1}}`,
			"L3:         inner();", false},
		{"blank lines take the indent above", `{"file_path":"$F/codex/blanks.py","mode":"indentation","indentation":{"anchor_line":5,"max_levels":1}}`,
			"L1: def a():\nL2:     x = 1\nL3: \nL4: \nL5:     y = 2\nL6: \nL7: \nL8: def b():\nL9:     pass", false},
		{"blank lines trimmed at the ends", `{"file_path":"$F/codex/blanks.py","mode":"indentation","indentation":{"anchor_line":2,"max_lines":3}}`,
			"L1: def a():\nL2:     x = 1", false},
		{"tab is four columns", `{"file_path":"$F/codex/tabs_go.txt","mode":"indentation","indentation":{"anchor_line":3,"max_levels":1}}`,
			"L2: \tif x {\nL3: \t\ty()\nL4: \t}", false},
		{"crlf in indentation mode", `{"file_path":"$F/codex/crlf_block.py","mode":"indentation","indentation":{"anchor_line":2,"max_levels":1}}`,
			"L1: def f():\nL2:     a = 1\nL3:     b = 2\nL4: end", false},
		{"anchor past end", `{"file_path":"$F/codex/block.rs","mode":"indentation","indentation":{"anchor_line":7}}`, "anchor_line exceeds file length", true},
		{"anchor in empty file", `{"file_path":"$F/empty.txt","mode":"indentation"}`, "anchor_line exceeds file length", true},
		{"anchor 0", `{"file_path":"$F/codex/block.rs","mode":"indentation","indentation":{"anchor_line":0}}`, "anchor_line must be a 1-indexed line number", true},
		{"max_lines 0", `{"file_path":"$F/codex/block.rs","mode":"indentation","indentation":{"max_lines":0}}`, "max_lines must be greater than zero", true},
		{"anchor checked before the file", `{"file_path":"$F/missing.txt","mode":"indentation","indentation":{"anchor_line":0}}`, "anchor_line must be a 1-indexed line number", true},
		{"file error before the anchor", `{"file_path":"$F/missing.txt","mode":"indentation","indentation":{"anchor_line":99}}`, "failed to read file: No such file or directory (os error 2)", true},
		{"deep anchor reads a bounded window", `{"file_path":"$F/lines_3000.txt","mode":"indentation","indentation":{"anchor_line":2999,"max_lines":2}}`,
			"L2998: line 2998\nL2999: line 2999", false},
	})
}
