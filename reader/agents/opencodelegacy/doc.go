// Package opencodelegacy reproduces opencode's read tool for readlens.
//
//	agent: opencode 1.1.58, tool "read"
//	source: packages/opencode/src/tool/read.ts as of aa6b552 (npm opencode-linux-x64 1.1.58), design document 003
//	spec: shared/research/opencode-legacy.md
//	recordings: testdata/oracle/opencode-legacy, from the released binary
//	differs: subdirectory AGENTS.md/CLAUDE.md/CONTEXT.md reminders assume a fresh session: none was loaded before
package opencodelegacy
