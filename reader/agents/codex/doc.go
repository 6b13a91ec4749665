// Package codex reproduces Codex CLI's read_file tool for readlens.
//
//	agent: Codex CLI read_file as last shipped (codex-rs 0.57.0-0.105.0), tool "read_file"
//	source: codex-rs core/src/tools/handlers/read_file.rs (shipped 0.57.0 to 0.105.0, gone from 0.169.0)
//	spec: shared/research/others.md §4
//	recordings: testdata/oracle/codex, Codex CLI 0.105.0 against a scripted fake Responses API (internal/record/codex.go)
//	differs: indentation mode reads the lines within max_lines of the anchor and 64 more above: a blank line further up takes its indent from the lines readlens read
//	differs: a line longer than 500 bytes whose first 500 bytes are blank counts as blank in indentation mode
//	differs: the harness's cut assumes gpt-5-codex, the model whose catalog entry offers read_file: another model's truncation policy cuts elsewhere
package codex
