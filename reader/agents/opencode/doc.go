// Package opencode reproduces opencode's read tool for readlens.
//
//	agent: opencode 1.18.33, tool "read"
//	source: packages/opencode/src/tool/read.ts (npm opencode-ai), the v1 read tool the CLI session uses
//	spec: shared/research/opencode.md §3
//	recordings: testdata/oracle/opencode, from the released binary (shared/oracles/opencode-read.sh; an attachment as the model received it, from `opencode run` against a fake Messages API)
//	differs: subdirectory AGENTS.md/CLAUDE.md/CONTEXT.md reminders assume a fresh session: none was loaded before
//	differs: directories are sorted with golang.org/x/text/collate, older than Bun's ICU: emoji and recent characters may sort apart
//	differs: images the session resizes (over 2000x2000 pixels or 5 MiB of base64) are sent as readlens encodes them with ports of Photon's encoders: the mime type and dimensions are opencode's, the bytes can differ (bytes_exact: false)
package opencode
