// Package gemini reproduces Gemini CLI's read_file tool for readlens.
//
//	agent: Gemini CLI core 0.61.0, tool "read_file"
//	source: dist/src/tools/read-file.js and processSingleFileContent in dist/src/utils/fileUtils.js (npm @google/gemini-cli-core)
//	spec: shared/research/others.md §2
//	recordings: testdata/oracle/gemini-cli, with shared/oracles/gemini_read_file.mjs
//	differs: the subdirectory GEMINI.md context is not applied
//	differs: the project temp directory is named after the workspace's lower-cased base name; Gemini keeps a registry of such names
package gemini
