// Package pi reproduces pi's read tool for readlens.
//
//	agent: pi 0.73.1, tool "read"
//	source: packages/coding-agent/src/core/tools/read.ts (npm @mariozechner/pi-coding-agent)
//	spec: shared/research/pi.md §1-4
//	recordings: testdata/oracle/pi, with shared/oracles/pi-read.mjs
//	differs: images pi resizes (over 2000x2000 pixels or 4.5 MiB of base64) are sent as readlens encodes them with ports of Photon's encoders: the text, mime type and dimensions are pi's, the bytes can differ (bytes_exact: false)
package pi
