// Package envelope reproduces Standard Envelope v1.0 ReadTool's Read tool for readlens.
//
//	agent: Standard Envelope v1.0 ReadTool 2.0.0 (design document 002), tool "Read"
//	source: the ReadTool 2.0.0 "Standard Envelope v1.0" of design document 002
//	spec: shared/seeds/002 (design document 002)
//	recordings: none: no release to run; the document's example and rule rows in envelope_test.go
//	differs: no release exists: the profile is design document 002, with readlens's decisions where it is silent (see the README)
package envelope
