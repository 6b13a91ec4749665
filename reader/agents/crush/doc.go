// Package crush reproduces crush's view tool for readlens.
//
//	agent: crush view tool of charmbracelet/crush (tui.md A.1, 2026-08), tool "view"
//	source: charmbracelet/crush internal/agent/tools/view.go
//	spec: shared/research/tui.md Part A.1
//	recordings: crush built from 37f36e9 (crush run against a fake chat-completions API); spec rows in crush_test.go
//	differs: reads outside the working directory are shown as granted (crush asks the user first)
//	differs: LSP diagnostics crush may append are not produced; its built-in skill files (crush://skills/…) are not held
package crush
