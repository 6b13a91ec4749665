// Package cline reproduces Cline's read_files tool for readlens.
//
//	agent: Cline @cline/core 0.0.86, tool "read_files"
//	source: createDefaultTools' read_files and the file-read executor (npm @cline/core; sdk/packages/core/src/extensions/tools/, executors/file-read.ts)
//	spec: shared/research/others.md §3.1
//	recordings: testdata/oracle/cline, with internal/record/cline_transport.mjs: the tool as shared/oracles/cline_read_files.mjs runs it, then Cline's message builder
//	differs: images are answered as for a model with image input (the oracle run with MODEL_SUPPORTS_IMAGES=1) unless the read says the model has none (--no-images); the image part is printed inside the JSON text, base64 and all, as JSON.stringify writes the answer
//	differs: the 10-second per-file timeout is not reproduced
package cline
