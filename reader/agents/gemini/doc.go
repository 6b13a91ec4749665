// Package gemini reproduces Gemini CLI's read_file tool for readlens.
//
//	agent: Gemini CLI core 0.61.0, tool "read_file"
//	source: dist/src/tools/read-file.js, processSingleFileContent in dist/src/utils/fileUtils.js and the JIT context of dist/src/tools/jit-context.js (npm @google/gemini-cli-core)
//	spec: shared/research/others.md §2
//	recordings: testdata/oracle/gemini-cli, with shared/oracles/gemini_read_file.mjs and the session memory of internal/record/gemini_memory.mjs
//	differs: the JIT context assumes a fresh session: only the GEMINI.md files loaded at start (the workspace's and those above it, the global one) are known
//	differs: the project temp directory is named after the workspace's lower-cased base name; Gemini keeps a registry of such names
package gemini
