// Package opencode reproduces opencode's read tool for readlens.
//
//	agent: opencode 1.18.33, tool "read"
//	source: packages/opencode/src/tool/read.ts (npm opencode-ai), the v1 read tool the CLI session uses
//	spec: shared/research/opencode.md §3
//	recordings: testdata/oracle/opencode, from the released binary (shared/oracles/opencode-read.sh)
//	differs: subdirectory AGENTS.md/CLAUDE.md/CONTEXT.md reminders assume a fresh session: none was loaded before
//	differs: directories are sorted with golang.org/x/text/collate, older than Bun's ICU: emoji and recent characters may sort apart
package opencode
