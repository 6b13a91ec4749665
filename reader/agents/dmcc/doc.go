// Package dmcc reproduces dm_cc's read tool for readlens.
//
//	agent: dm_cc design document 000 (completed from opencode 1.1.65), tool "read"
//	source: dm_cc's ReadTool of design document 000, ported from opencode 1.1.65's read.ts where the document is silent
//	spec: shared/seeds/000 (design document 000)
//	recordings: none: no release to run; rule rows in dmcc_test.go
//	differs: no release exists: where design document 000 is silent the profile follows opencode 1.1.65, which it ports (see the README)
package dmcc
