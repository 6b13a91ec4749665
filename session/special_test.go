//go:build linux

package session

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOpenRefusesSpecialFiles: a FIFO named as a session is refused before
// it is opened (opening it would wait for a writer), and so is a device
// (reading it would never end).
func TestOpenRefusesSpecialFiles(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "session.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{fifo: "a FIFO, not a file", "/dev/zero": "a device, not a file"} {
		_, err := Open(name, Options{})
		if !errors.Is(err, ErrNotSession) || err.Error() != ErrNotSession.Error()+": "+want {
			t.Errorf("%s: %v", name, err)
		}
	}
}
