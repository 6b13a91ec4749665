package session

import "testing"

// TestCompareVersions: versions compare as numbers, part by part: Codex
// 0.99 < 0.105.0 < 0.169.0, which strings order otherwise.
func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
		ok   bool
	}{
		{"0.105.0", "0.169.0", -1, true},
		{"0.169.0", "0.105.0", 1, true},
		{"0.99", "0.105.0", -1, true},
		{"0.105.0", "0.99", 1, true},
		{"0.99", "0.169.0", -1, true},
		{"0.105.0", "0.105.0", 0, true},
		{"0.105", "0.105.0", 0, true},
		{"v0.105.0", "0.105.00", 0, true},
		{"1.18.33", "1.9.99", 1, true},
		{"2.1.330", "2.1.33", 1, true},
		{"1.2.3-beta", "1.2.3", 0, true},
		{"10000000000000000000001.0", "9.0", 1, true}, // past int64: still a number
		{"0.010", "0.9", 1, true},
		{"", "0.1", 0, false},
		{"dev", "0.1", 0, false},
	} {
		got, ok := CompareVersions(c.a, c.b)
		if got != c.want || ok != c.ok {
			t.Errorf("CompareVersions(%q, %q) = %d, %v; want %d, %v", c.a, c.b, got, ok, c.want, c.ok)
		}
	}
}

// TestReleaseCovers: a profile's release is one version or a range of
// them, its ends included, compared as numbers: the codex profile's
// read_file (0.57.0 to 0.105.0) covers Codex 0.99 and 0.105.0, not 0.169.0.
func TestReleaseCovers(t *testing.T) {
	codex := "read_file as last shipped (codex-rs 0.57.0-0.105.0)"
	for _, c := range []struct {
		release, version string
		covers, known    bool
	}{
		{codex, "0.105.0", true, true},
		{codex, "0.99", true, true},
		{codex, "0.57.0", true, true},
		{codex, "0.169.0", false, true},
		{codex, "0.56.9", false, true},
		{codex, "0.5.0", false, true},
		{"1.18.33", "1.18.33", true, true},
		{"1.18.33", "1.19.0", false, true},
		{"1.18.33", "1.18.4", false, true},
		{"core 0.61.0", "0.61.0", true, true},
		{"2.0.0 (design document 002)", "2.0.0", true, true},
		{"2.0.0 (design document 002)", "2.0.1", false, true},
		{"1.18.33", "", false, false},
		{"no number", "1.0", false, false},
	} {
		covers, known := ReleaseCovers(c.release, c.version)
		if covers != c.covers || known != c.known {
			t.Errorf("ReleaseCovers(%q, %q) = %v, %v; want %v, %v", c.release, c.version, covers, known, c.covers, c.known)
		}
	}
}
