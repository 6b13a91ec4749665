// Package codex reproduces Codex CLI's read_file tool for readlens.
//
//	agent: Codex CLI read_file as last shipped (codex-rs 0.57.0-0.105.0), tool "read_file"
//	source: codex-rs core/src/tools/handlers/read_file.rs (shipped 0.57.0 to 0.105.0, gone from 0.169.0)
//	spec: shared/research/others.md §4
//	recordings: none: no oracle exists; exact-output spec rows in codex_test.go
//	differs: indentation mode reads the lines within max_lines of the anchor and 64 more above: a blank line further up takes its indent from the lines readlens read
//	differs: a line longer than 500 bytes whose first 500 bytes are blank counts as blank in indentation mode
package codex
