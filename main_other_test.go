//go:build !linux

package main

// childMain: the terminal tests, and so the binary's second lives, are
// Linux's (main_pty_test.go).
func childMain() {}
