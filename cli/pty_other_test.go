//go:build !linux

package cli

// childMain: the terminal tests, and so the binary's second lives, are
// Linux's (main_pty_test.go).
func childMain() {}
