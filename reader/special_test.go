package reader

import (
	"testing"
)

// TestKernelLogNote: the note for a kernel log says what the agent would
// meet, and that readlens did not read it.
func TestKernelLogNote(t *testing.T) {
	for log, want := range map[string]string{
		"/dev/kmsg": "pi would read the kernel log here (/dev/kmsg), which has no end: after the messages logged so far, each read waits for the next one. readlens does not read it",
		"/proc/kmsg": "pi would read the kernel log here (/proc/kmsg), which has no end: it gives each message once, then waits for the next one, " +
			"and every message it took would be lost to any other reader of /proc/kmsg, such as a system logger. readlens does not read it",
	} {
		f := &Found{Kind: KindSpecial, Probe: &Probe{What: "kernel log", Log: log, Waits: true}}
		if got := WouldHang("pi", f).Note; got != want {
			t.Errorf("%s:\n got %q\nwant %q", log, got, want)
		}
	}
}
