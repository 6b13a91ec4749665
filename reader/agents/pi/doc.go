// Package pi reproduces pi's read tool for readlens.
//
//	agent: pi 0.73.1, tool "read"
//	source: packages/coding-agent/src/core/tools/read.ts (npm @mariozechner/pi-coding-agent)
//	spec: shared/research/pi.md §1-4
//	recordings: testdata/oracle/pi, with shared/oracles/pi-read.mjs
//	differs: images over 2000x2000 pixels or 4.5 MiB of base64 are resized by pi; readlens attaches the original and says so in its note
package pi
