package session

import (
	"cmp"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
)

// Versions are compared as numbers, part by part: Codex 0.105.0 is after
// 0.99 and before 0.169.0, which a comparison of strings gets wrong.

var versionNumber = lazyregexp.New(`\d+(?:\.\d+)*`)

// CompareVersions compares two dotted versions ("0.105.0", "v0.99",
// "1.18.33-beta"), each part as a number, a missing part as 0: -1 when a
// is before b, 1 when after, 0 when the same. ok is false when either
// holds no number.
func CompareVersions(a, b string) (c int, ok bool) {
	x, y := versionNumber.FindString(a), versionNumber.FindString(b)
	if x == "" || y == "" {
		return 0, false
	}
	xs, ys := strings.Split(x, "."), strings.Split(y, ".")
	for i := range max(len(xs), len(ys)) {
		if c := compareNumbers(part(xs, i), part(ys, i)); c != 0 {
			return c, true
		}
	}
	return 0, true
}

// part is the i-th number of a version without its leading zeros, "" (0)
// past its end.
func part(parts []string, i int) string {
	if i >= len(parts) {
		return ""
	}
	return strings.TrimLeft(parts[i], "0")
}

// compareNumbers compares two numbers of any length written without
// leading zeros: the longer is the larger, and of the same length the
// digits order them.
func compareNumbers(p, q string) int {
	if len(p) != len(q) {
		return cmp.Compare(len(p), len(q))
	}
	return strings.Compare(p, q)
}

// ReleaseCovers reports whether a profile's release covers an agent's
// version: a release is one version ("1.18.33", "core 0.61.0") or a range
// of them ("read_file as last shipped (codex-rs 0.57.0-0.105.0)"), the
// range's ends included. known is false when either names no version.
func ReleaseCovers(release, version string) (covers, known bool) {
	nums := versionNumber.FindAllStringIndex(release, -1)
	if len(nums) == 0 || versionNumber.FindString(version) == "" {
		return false, false
	}
	lo := release[nums[0][0]:nums[0][1]]
	hi := lo
	if len(nums) >= 2 && strings.TrimSpace(release[nums[0][1]:nums[1][0]]) == "-" {
		hi = release[nums[1][0]:nums[1][1]]
	}
	a, _ := CompareVersions(version, lo)
	b, _ := CompareVersions(version, hi)
	return a >= 0 && b <= 0, true
}
